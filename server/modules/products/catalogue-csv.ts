import { isProductLine, PRODUCT_LINES } from '../../../common/products/lines';
import { toGtin14 } from '../../../common/validation/gtin';

/**
 * Reads the brand's catalogue as the brand sends it: `gtin;sku;nome;linha;unidade`, one product a line, a header
 * first. Every line is checked before anything is written; the caller imports all of it or nothing.
 */

export interface CatalogueProduct {
  /** GTIN-14. */
  readonly gtin: string;
  readonly sku: string;
  readonly name: string;
  readonly line: string;
  readonly unit: string;
}

export type CatalogueReading =
  | { readonly ok: true; readonly products: readonly CatalogueProduct[] }
  | { readonly ok: false; readonly errors: readonly string[] };

/** A catalogue larger than these is not the brand's product list. */
export const CATALOGUE_LIMITS = { bytes: 1_000_000, products: 10_000, sku: 60, name: 200, unit: 20 } as const;

const HEADER = 'gtin;sku;nome;linha;unidade';

/** At most this many refused lines are listed: the rest would only hide the first ones. */
const ERRORS_SHOWN = 20;

export function readCatalogueCsv(text: string): CatalogueReading {
  if (Buffer.byteLength(text, 'utf8') > CATALOGUE_LIMITS.bytes)
    return { ok: false, errors: ['O arquivo passa de 1 MB: não é a lista de produtos da marca.'] };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim().toLowerCase() !== HEADER)
    return { ok: false, errors: [`Linha 1: o cabeçalho deve ser "${HEADER}".`] };
  const errors: string[] = [];
  const products: CatalogueProduct[] = [];
  const lineOfGtin = new Map<string, number>();
  lines.forEach((raw, index) => {
    const lineNumber = index + 1;
    if (index === 0 || raw.trim() === '') return;
    const fields = raw.split(';').map((field) => field.trim());
    const refuse = (why: string) => errors.push(`Linha ${lineNumber}: ${why}`);
    if (fields.length !== 5) return refuse('são esperados 5 campos separados por ";".');
    const [code = '', sku, name, line, unit] = fields as [string, string, string, string, string];
    const gtin = toGtin14(code);
    if (!gtin)
      return refuse(`GTIN "${code.slice(0, 20)}" inválido (8, 12, 13 ou 14 dígitos, dígito verificador certo).`);
    const first = lineOfGtin.get(gtin);
    if (first !== undefined) return refuse(`GTIN ${code} repetido (já na linha ${first}).`);
    lineOfGtin.set(gtin, lineNumber);
    if (!isProductLine(line))
      return refuse(`linha de produto "${line.slice(0, 30)}" desconhecida (use ${PRODUCT_LINES.join(', ')}).`);
    if (!sku || sku.length > CATALOGUE_LIMITS.sku)
      return refuse(`informe o SKU (até ${CATALOGUE_LIMITS.sku} caracteres).`);
    if (!name || name.length > CATALOGUE_LIMITS.name)
      return refuse(`informe o nome (até ${CATALOGUE_LIMITS.name} caracteres).`);
    if (!unit || unit.length > CATALOGUE_LIMITS.unit)
      return refuse(`informe a unidade (até ${CATALOGUE_LIMITS.unit} caracteres).`);
    products.push({ gtin, sku, name, line, unit });
  });
  if (products.length + errors.length > CATALOGUE_LIMITS.products)
    return { ok: false, errors: [`O arquivo passa de ${CATALOGUE_LIMITS.products} produtos.`] };
  if (errors.length > 0) {
    const more = errors.length > ERRORS_SHOWN ? [`… e mais ${errors.length - ERRORS_SHOWN} linhas recusadas.`] : [];
    return { ok: false, errors: [...errors.slice(0, ERRORS_SHOWN), ...more] };
  }
  if (products.length === 0) return { ok: false, errors: ['O arquivo não tem nenhum produto.'] };
  return { ok: true, products };
}
