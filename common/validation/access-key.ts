/**
 * NF-e / NFC-e access key (chave de acesso): 44 characters,
 * cUF(2) AAMM(4) CNPJ(14) mod(2) série(3) nNF(9) tpEmis(1) cNF(8) cDV(1).
 *
 * Written here instead of calling @brazilian-utils' isValidNfeKey because that one accepts digits only, and from
 * July 2026 the issuer CNPJ inside the key may be alphanumeric (NT 2025.001): its first 12 positions take 0-9/A-Z,
 * and every character weighs its ASCII code minus 48 in the mod 11, as in the alphanumeric CNPJ. Shared by the
 * browser (checked before anything is sent) and the API (checked again, always).
 */

export const ACCESS_KEY_LENGTH = 44;

/** IBGE state codes used in the first two positions of the key. */
export const UF_BY_CODE: Readonly<Record<string, string>> = {
  '11': 'RO',
  '12': 'AC',
  '13': 'AM',
  '14': 'RR',
  '15': 'PA',
  '16': 'AP',
  '17': 'TO',
  '21': 'MA',
  '22': 'PI',
  '23': 'CE',
  '24': 'RN',
  '25': 'PB',
  '26': 'PE',
  '27': 'AL',
  '28': 'SE',
  '29': 'BA',
  '31': 'MG',
  '32': 'ES',
  '33': 'RJ',
  '35': 'SP',
  '41': 'PR',
  '42': 'SC',
  '43': 'RS',
  '50': 'MS',
  '51': 'MT',
  '52': 'GO',
  '53': 'DF',
};

export const MODEL_NAMES: Readonly<Record<number, string>> = { 55: 'NF-e', 65: 'NFC-e' };

export interface AccessKeyInfo {
  /** The 44 characters, upper case, no separators. */
  key: string;
  ufCode: string;
  uf: string;
  /** 4-digit year and month 1-12 of the issue. */
  year: number;
  month: number;
  /** 14 characters; the first 12 may be letters for an alphanumeric CNPJ. */
  issuerCnpj: string;
  alphanumericCnpj: boolean;
  /** 55 NF-e, 65 NFC-e. */
  model: number;
  series: number;
  number: number;
  emissionType: number;
  checkDigit: number;
}

export type AccessKeyResult = { ok: true; info: AccessKeyInfo } | { ok: false; message: string };

export const ACCESS_KEY_MESSAGES = {
  empty: 'Informe a chave de acesso da nota fiscal.',
  chars: 'A chave de acesso só tem números (e letras no CNPJ alfanumérico).',
  length: (n: number) =>
    n < ACCESS_KEY_LENGTH
      ? `A chave de acesso tem 44 caracteres; faltam ${ACCESS_KEY_LENGTH - n}.`
      : `A chave de acesso tem 44 caracteres; sobram ${n - ACCESS_KEY_LENGTH}.`,
  uf: 'Chave de acesso inválida: o código do estado não existe. Confira os primeiros números.',
  month: 'Chave de acesso inválida: o mês de emissão não existe. Confira os números.',
  model: 'Só aceitamos NF-e (modelo 55) ou NFC-e (modelo 65). Confira a chave de acesso.',
  checkDigit: 'Chave de acesso inválida: o dígito verificador não confere. Confira os números.',
} as const;

/** Upper case, without spaces, dots, dashes, slashes or the "NFe" prefix of the XML Id attribute. */
export function normalizeAccessKey(value: string): string {
  return value
    .trim()
    .replace(/^NFe/i, '')
    .replace(/[\s./-]/g, '')
    .toUpperCase();
}

/** Value of one key character in the mod 11: ASCII code − 48 ('0'→0 … '9'→9, 'A'→17 … 'Z'→42). */
const charValue = (ch: string): number => ch.charCodeAt(0) - 48;

/** Mod 11 over the first 43 characters, weights 2..9 from the right; remainder 0 or 1 gives 0. */
export function accessKeyCheckDigit(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += charValue(first43[i] ?? '0') * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

// Positions 6-17 (CNPJ base) may be letters; everything else is a digit.
const KEY_SHAPE = /^\d{6}[0-9A-Z]{12}\d{26}$/;

export function parseAccessKey(value: string): AccessKeyResult {
  const key = normalizeAccessKey(value);
  if (key === '') return { ok: false, message: ACCESS_KEY_MESSAGES.empty };
  if (!/^[0-9A-Z]+$/.test(key)) return { ok: false, message: ACCESS_KEY_MESSAGES.chars };
  if (key.length !== ACCESS_KEY_LENGTH) return { ok: false, message: ACCESS_KEY_MESSAGES.length(key.length) };
  if (!KEY_SHAPE.test(key)) return { ok: false, message: ACCESS_KEY_MESSAGES.chars };
  const ufCode = key.slice(0, 2);
  const uf = UF_BY_CODE[ufCode];
  if (!uf) return { ok: false, message: ACCESS_KEY_MESSAGES.uf };
  const month = Number(key.slice(4, 6));
  if (month < 1 || month > 12) return { ok: false, message: ACCESS_KEY_MESSAGES.month };
  const model = Number(key.slice(20, 22));
  if (!(model in MODEL_NAMES)) return { ok: false, message: ACCESS_KEY_MESSAGES.model };
  const checkDigit = Number(key.slice(43));
  if (accessKeyCheckDigit(key.slice(0, 43)) !== checkDigit)
    return { ok: false, message: ACCESS_KEY_MESSAGES.checkDigit };
  const issuerCnpj = key.slice(6, 20);
  return {
    ok: true,
    info: {
      key,
      ufCode,
      uf,
      year: 2000 + Number(key.slice(2, 4)),
      month,
      issuerCnpj,
      alphanumericCnpj: /[A-Z]/.test(issuerCnpj),
      model,
      series: Number(key.slice(22, 25)),
      number: Number(key.slice(25, 34)),
      emissionType: Number(key.slice(34, 35)),
      checkDigit,
    },
  };
}

export const isValidAccessKey = (value: string): boolean => parseAccessKey(value).ok;

/** Groups of 4 as printed on the DANFE, cutting at what was typed so far (at most 44 characters). */
export function maskAccessKey(value: string): string {
  const key = normalizeAccessKey(value)
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, ACCESS_KEY_LENGTH);
  return key.replace(/(.{4})(?=.)/g, '$1 ');
}

/** CNPJ with its usual mask; works for the alphanumeric one too. */
export function formatCnpj(cnpj: string): string {
  if (cnpj.length !== 14) return cnpj;
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

/**
 * Finds the key in what a camera read: the NFC-e QR code is a URL whose `p` parameter starts with the key
 * (`...?p=<key>|2|1|...`), the DANFE barcode is the bare 44 digits.
 */
export function extractAccessKey(scanned: string): string | null {
  const text = scanned.trim();
  const param = /[?&]p=([0-9A-Za-z]{44})/.exec(text);
  if (param?.[1]) return param[1].toUpperCase();
  const compact = text.replace(/[\s./-]/g, '').toUpperCase();
  const digits = /\d{6}[0-9A-Z]{12}\d{26}/.exec(compact);
  return digits ? digits[0] : null;
}

/** A key with its check digit, for fixtures and tests. */
export function withCheckDigit(first43: string): string {
  return first43 + String(accessKeyCheckDigit(first43));
}
