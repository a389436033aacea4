import { isValidCnpj as libraryIsValidCnpj } from '@brazilian-utils/brazilian-utils';
import { normaliseCnpj } from '../format/cnpj';

// The display helpers live in common/format/cnpj.ts, so a page that only shows a CNPJ does not load the library.
export { formatCnpj, normaliseCnpj } from '../format/cnpj';

/**
 * Check digits of both the numeric and the alphanumeric CNPJ (Receita's rule: each character counts as its ASCII
 * code minus 48, weights 2–9 from the right). `{ version: 2 }` makes the library accept letters; a CNPJ of one
 * repeated character is refused, as the Receita never issues it.
 */
export function isValidCnpj(value: string): boolean {
  const cnpj = normaliseCnpj(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  return libraryIsValidCnpj(cnpj, { version: 2 });
}
