import type { Db } from '../../db/schema';

/** Lower case without accents or repeated spaces: what the product search compares. */
export const searchKey = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

export const PRODUCT_CATEGORIES = [
  'Painéis MDF',
  'Painéis MDP',
  'Fitas de borda',
  'Dobradiças',
  'Corrediças',
  'Puxadores',
] as const;
type Category = (typeof PRODUCT_CATEGORIES)[number];

/** The brand's product lines members pick from: panels by colour and thickness, edge tapes and hardware. */
export const PRODUCT_CATALOGUE: readonly { id: string; name: string; category: Category }[] = [
  { id: 'mdf-branco-tx-15', name: 'MDF Branco TX 15 mm', category: 'Painéis MDF' },
  { id: 'mdf-branco-tx-18', name: 'MDF Branco TX 18 mm', category: 'Painéis MDF' },
  { id: 'mdf-branco-diamante-6', name: 'MDF Branco Diamante 6 mm', category: 'Painéis MDF' },
  { id: 'mdf-freijo-18', name: 'MDF Freijó Puro 18 mm', category: 'Painéis MDF' },
  { id: 'mdf-carvalho-hanover-18', name: 'MDF Carvalho Hanover 18 mm', category: 'Painéis MDF' },
  { id: 'mdf-nogueira-caiena-18', name: 'MDF Nogueira Caiena 18 mm', category: 'Painéis MDF' },
  { id: 'mdf-cinza-grafite-15', name: 'MDF Cinza Grafite 15 mm', category: 'Painéis MDF' },
  { id: 'mdf-preto-fosco-18', name: 'MDF Preto Fosco 18 mm', category: 'Painéis MDF' },
  { id: 'mdf-verde-salvia-18', name: 'MDF Verde Sálvia 18 mm', category: 'Painéis MDF' },
  { id: 'mdf-cru-15', name: 'MDF Cru 15 mm', category: 'Painéis MDF' },
  { id: 'mdp-branco-15', name: 'MDP Branco 15 mm', category: 'Painéis MDP' },
  { id: 'mdp-branco-18', name: 'MDP Branco 18 mm', category: 'Painéis MDP' },
  { id: 'mdp-carvalho-malva-15', name: 'MDP Carvalho Malva 15 mm', category: 'Painéis MDP' },
  { id: 'mdp-cinza-cristal-18', name: 'MDP Cinza Cristal 18 mm', category: 'Painéis MDP' },
  { id: 'mdp-amendoa-15', name: 'MDP Amêndoa 15 mm', category: 'Painéis MDP' },
  { id: 'fita-branco-tx-22', name: 'Fita de borda PVC Branco TX 22 mm', category: 'Fitas de borda' },
  { id: 'fita-freijo-22', name: 'Fita de borda PVC Freijó 22 mm', category: 'Fitas de borda' },
  { id: 'fita-carvalho-hanover-22', name: 'Fita de borda PVC Carvalho Hanover 22 mm', category: 'Fitas de borda' },
  { id: 'fita-preto-fosco-35', name: 'Fita de borda PVC Preto Fosco 35 mm', category: 'Fitas de borda' },
  { id: 'fita-cinza-grafite-22', name: 'Fita de borda PVC Cinza Grafite 22 mm', category: 'Fitas de borda' },
  { id: 'dobradica-reta-35-amortecedor', name: 'Dobradiça reta 35 mm com amortecedor', category: 'Dobradiças' },
  { id: 'dobradica-curva-35-amortecedor', name: 'Dobradiça curva 35 mm com amortecedor', category: 'Dobradiças' },
  { id: 'dobradica-super-curva-35', name: 'Dobradiça supercurva 35 mm', category: 'Dobradiças' },
  { id: 'dobradica-165-graus', name: 'Dobradiça de canto 165°', category: 'Dobradiças' },
  { id: 'dobradica-porta-perfil-aluminio', name: 'Dobradiça para porta de perfil de alumínio', category: 'Dobradiças' },
  { id: 'corredica-telescopica-45-350', name: 'Corrediça telescópica 45 mm, 350 mm', category: 'Corrediças' },
  { id: 'corredica-telescopica-45-500', name: 'Corrediça telescópica 45 mm, 500 mm', category: 'Corrediças' },
  { id: 'corredica-oculta-amortecedor-450', name: 'Corrediça oculta com amortecedor 450 mm', category: 'Corrediças' },
  { id: 'corredica-push-open-500', name: 'Corrediça toque-abre (push open) 500 mm', category: 'Corrediças' },
  { id: 'corredica-pesada-76-600', name: 'Corrediça para carga pesada 76 mm, 600 mm', category: 'Corrediças' },
  { id: 'puxador-perfil-aluminio-preto', name: 'Puxador perfil de alumínio preto fosco', category: 'Puxadores' },
  { id: 'puxador-perfil-aluminio-champanhe', name: 'Puxador perfil de alumínio champanhe', category: 'Puxadores' },
  { id: 'puxador-alca-160-inox', name: 'Puxador alça 160 mm inox escovado', category: 'Puxadores' },
  { id: 'puxador-concha-latao', name: 'Puxador concha latão envelhecido', category: 'Puxadores' },
  { id: 'puxador-cava-usinado', name: 'Puxador cava usinado em MDF', category: 'Puxadores' },
];

/** Writes the catalogue on every start: new lines are added and renamed ones updated; nothing is removed. */
export async function seedProductCatalogue(db: Db): Promise<void> {
  const rows = PRODUCT_CATALOGUE.map((p, position) => ({
    ...p,
    search_text: searchKey(`${p.name} ${p.category}`),
    position,
  }));
  await db
    .insertInto('products')
    .values(rows)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        category: eb.ref('excluded.category'),
        search_text: eb.ref('excluded.search_text'),
        position: eb.ref('excluded.position'),
      })),
    )
    .execute();
}
