/**
 * The brand's product lines, as the catalogue (content/produtos/produtos.csv) and the earning rules name them, with
 * the pt-BR name members and staff read.
 */
export const PRODUCT_LINES = ['mdf', 'mdp', 'hdf', 'fitas', 'pisos', 'paineis'] as const;

export type ProductLine = (typeof PRODUCT_LINES)[number];

export const isProductLine = (value: string): value is ProductLine =>
  (PRODUCT_LINES as readonly string[]).includes(value);

export const PRODUCT_LINE_LABELS: Readonly<Record<ProductLine, string>> = {
  mdf: 'Chapas de MDF',
  mdp: 'Chapas de MDP',
  hdf: 'Chapas de HDF',
  fitas: 'Fitas de borda',
  pisos: 'Pisos laminados',
  paineis: 'Painéis ripados',
};
