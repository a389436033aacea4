import { onlyDigits } from './digits';

/** Applies a mask where `0` stands for a digit, cutting at the digits the member has typed so far. */
function applyDigitMask(value: string, mask: string): string {
  const digits = onlyDigits(value);
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    if (ch === '0') out += digits[i++];
    else out += ch;
  }
  return out;
}

export const maskCpf = (value: string): string => applyDigitMask(value, '000.000.000-00');

/** Brazil's country code, which a pasted "+55 11 98765-4321" or "5511987654321" carries in front of the DDD. */
const COUNTRY_CODE = '55';

/**
 * Celular "(11) 98765-4321"; a 10-digit landline is shown as "(11) 3456-7890". A number pasted with the country
 * code (12 or 13 digits starting with 55) loses it; 11 digits or fewer are never touched, since 55 is also a DDD.
 */
export function maskPhone(value: string): string {
  const all = onlyDigits(value);
  const national = (all.length === 12 || all.length === 13) && all.startsWith(COUNTRY_CODE) ? all.slice(2) : all;
  const digits = national.slice(0, 11);
  return applyDigitMask(digits, digits.length <= 10 ? '(00) 0000-0000' : '(00) 00000-0000');
}

/** CEP "01310-100". */
export const maskCep = (value: string): string => applyDigitMask(value, '00000-000');

/** Date "dd/mm/aaaa" as the member types it. */
export const maskDate = (value: string): string => applyDigitMask(value, '00/00/0000');

/** "1988-03-14" → "14/03/1988"; anything else is returned as it is. */
export function isoToBrDate(value: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (value ?? '');
}

export { formatCnpj as maskCnpj } from './cnpj';
