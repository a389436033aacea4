import { isValidCnpj as libraryIsValidCnpj } from '@brazilian-utils/brazilian-utils';

/**
 * CNPJ without punctuation, upper case. Since July 2026 the Receita issues alphanumeric CNPJs: the first 12
 * characters may be letters or digits, the two check digits stay numeric.
 */
export const normaliseCnpj = (value: string): string => value.replace(/[.\-/\s]/g, '').toUpperCase();

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

/** "12.ABC.345/01DE-35": the mask works for letters too. */
export function formatCnpj(value: string): string {
  const c = normaliseCnpj(value)
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 14);
  const parts = [c.slice(0, 2), c.slice(2, 5), c.slice(5, 8), c.slice(8, 12), c.slice(12, 14)];
  let out = parts[0] ?? '';
  if (c.length > 2) out += `.${parts[1]}`;
  if (c.length > 5) out += `.${parts[2]}`;
  if (c.length > 8) out += `/${parts[3]}`;
  if (c.length > 12) out += `-${parts[4]}`;
  return out;
}
