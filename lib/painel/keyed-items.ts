import { displayGtin, toGtin14 } from '@/common/validation/gtin';

/**
 * The lines of the brand a reviewer keys from a photo or a PDF in the painel (components/painel/review/
 * keyed-items-editor.tsx): the quantity and the value as people type them in pt-BR, and what the API takes.
 */

/** Lines one painel approval carries: the painel's requests take lists of up to 100 items. */
export const PAINEL_KEYED_ITEMS_MAX = 100;
/** R$ 100.000.000,00, the API's limit for one line. */
const VALUE_MAX_CENTS = 100_000_000_00;

export const KEYED_MESSAGES = {
  product: 'Escolha um produto da lista ou digite um GTIN válido (8, 12, 13 ou 14 dígitos).',
  quantity: 'Informe a quantidade: um número maior que zero, até 4 casas depois da vírgula (ex.: 2 ou 1,5).',
  value: 'Informe o valor pago pela linha em reais, com vírgula nos centavos (ex.: 1.234,50).',
  tooMany: `No máximo ${PAINEL_KEYED_ITEMS_MAX} itens por nota no painel.`,
  none: 'Adicione pelo menos um item da marca antes de aprovar (produto, quantidade e valor).',
  waiting: 'Aguarde o cálculo dos pontos dos itens.',
  previewFailed: 'Os pontos dos itens não foram calculados: confira os itens ou tente de novo.',
  manualPoints: 'Informe os pontos: um número inteiro de 0 a 10.000.000.',
  manualReason: 'Informe o motivo dos pontos definidos à mão (3 a 500 caracteres): ele fica na auditoria.',
} as const;

/**
 * "1.234,50", "1234,5", "R$ 12" → cents (zero too: a line given away still names its product); null for anything
 * else: a point before the cents, letters, a sign, more than two decimals, above R$ 100.000.000,00.
 */
export function parseValueCents(text: string): number | null {
  const clean = text.replace(/^\s*R\$\s*/i, '').trim();
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  const reais = Number(match[1]!.replace(/\./g, ''));
  const cents = reais * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents <= VALUE_MAX_CENTS ? cents : null;
}

/** "2", "1,5", "0,25" → the API's decimal with a point ("1.5"); null when not above zero or past 4 places. */
export function parseQuantity(text: string): string | null {
  const match = /^(\d{1,9})(?:,(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const value = match[2] ? `${match[1]}.${match[2]}` : match[1]!;
  return Number(value) > 0 ? value.replace(/^0+(?=\d)/, '') : null;
}

/** A typed or scanned barcode as people read it (EAN-13 for the brand's) when it is a valid GTIN; else null. */
export function gtinOf(text: string): string | null {
  const gtin14 = toGtin14(text.replace(/[\s.-]/g, ''));
  return gtin14 === null ? null : displayGtin(gtin14);
}
