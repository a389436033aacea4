/**
 * GTIN (the barcode number an NF-e item carries in cEAN / cEANTrib): 8, 12, 13 or 14 digits, the last one a mod-10
 * check digit weighing the others 3, 1, 3… from the right. The club compares every GTIN as GTIN-14 (zeros on the
 * left), so the same product written as EAN-13 in the catalogue and as GTIN-14 on a store's invoice is one product.
 */

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** The check digit of the digits before it. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The GTIN-14 of a code, or null when it is no GTIN: "SEM GTIN", empty, another length, a non-digit, a wrong check
 * digit, or all zeros.
 */
export function toGtin14(code: string | null | undefined): string | null {
  const digits = (code ?? '').trim();
  if (!/^\d+$/.test(digits) || !GTIN_LENGTHS.has(digits.length) || /^0+$/.test(digits)) return null;
  if (gtinCheckDigit(digits.slice(0, -1)) !== Number(digits.slice(-1))) return null;
  return digits.padStart(14, '0');
}

/** A GTIN-14 as people read it: the EAN-13 when it starts with a zero (the common case), else the 14 digits. */
export const displayGtin = (gtin14: string): string => (gtin14.startsWith('0') ? gtin14.slice(1) : gtin14);
