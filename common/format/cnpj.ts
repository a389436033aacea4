/**
 * CNPJ without punctuation, upper case. Since July 2026 the Receita issues alphanumeric CNPJs: the first 12
 * characters may be letters or digits, the two check digits stay numeric.
 */
export const normaliseCnpj = (value: string): string => value.replace(/[.\-/\s]/g, '').toUpperCase();

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
