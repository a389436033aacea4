import { isValidNfeKey } from '@brazilian-utils/brazilian-utils';
import {
  ACCESS_KEY_MESSAGES,
  accessKeyCheckDigit,
  extractAccessKey,
  maskAccessKey,
  parseAccessKey,
  withCheckDigit,
} from './access-key';

// Published example (brazilian-utils, NFePHP): SP, 04/2017, CNPJ 58.716.523/0001-19, NF-e série 1 nº 12.
const NUMERIC = '35170458716523000119550010000000121000123458';
// Receita Federal's example alphanumeric CNPJ 12.ABC.345/01DE-35 in an NF-e of PR, 07/2026.
const ALPHANUMERIC = withCheckDigit('4126071' + '2ABC34501DE35' + '55' + '001' + '000004321' + '1' + '87654321');

describe('access key', () => {
  it('decodes a numeric key', () => {
    expect(parseAccessKey(NUMERIC)).toEqual({
      ok: true,
      info: {
        key: NUMERIC,
        ufCode: '35',
        uf: 'SP',
        year: 2017,
        month: 4,
        issuerCnpj: '58716523000119',
        alphanumericCnpj: false,
        model: 55,
        series: 1,
        number: 12,
        emissionType: 1,
        checkDigit: 8,
      },
    });
  });

  it('accepts masks, dots, the XML Id prefix and lower case', () => {
    expect(parseAccessKey('3517 0458 7165 2300 0119 5500 1000 0000 1210 0012 3458').ok).toBe(true);
    expect(parseAccessKey(`NFe${NUMERIC}`).ok).toBe(true);
    expect(parseAccessKey(ALPHANUMERIC.toLowerCase()).ok).toBe(true);
  });

  it('accepts a key carrying an alphanumeric CNPJ, which brazilian-utils refuses', () => {
    expect(ALPHANUMERIC).toHaveLength(44);
    const result = parseAccessKey(ALPHANUMERIC);
    expect(result).toMatchObject({
      ok: true,
      info: {
        uf: 'PR',
        year: 2026,
        month: 7,
        issuerCnpj: '12ABC34501DE35',
        alphanumericCnpj: true,
        model: 55,
        number: 4321,
      },
    });
    expect(isValidNfeKey(ALPHANUMERIC)).toBe(false);
  });

  it('agrees with brazilian-utils on numeric keys', () => {
    for (const key of [NUMERIC, withCheckDigit('5226066543210900013265002000000777190000321')]) {
      expect(parseAccessKey(key).ok).toBe(isValidNfeKey(key));
    }
  });

  it('refuses a wrong check digit, numeric or alphanumeric', () => {
    const wrong = NUMERIC.slice(0, 43) + '9';
    expect(parseAccessKey(wrong)).toEqual({ ok: false, message: ACCESS_KEY_MESSAGES.checkDigit });
    const wrongAlpha = ALPHANUMERIC.slice(0, 43) + String((Number(ALPHANUMERIC[43]) + 1) % 10);
    expect(parseAccessKey(wrongAlpha)).toEqual({ ok: false, message: ACCESS_KEY_MESSAGES.checkDigit });
  });

  it('maps remainders 0 and 1 to check digit 0', () => {
    for (let n = 0; n < 200; n++) {
      const first43 = `3517045871652300011955001${String(n).padStart(9, '0')}100012345`;
      const dv = accessKeyCheckDigit(first43);
      expect(dv).toBeGreaterThanOrEqual(0);
      expect(dv).toBeLessThanOrEqual(9);
    }
  });

  it('explains each kind of bad key in pt-BR', () => {
    expect(parseAccessKey('')).toEqual({ ok: false, message: ACCESS_KEY_MESSAGES.empty });
    expect(parseAccessKey('1234')).toEqual({ ok: false, message: 'A chave de acesso tem 44 caracteres; faltam 40.' });
    expect(parseAccessKey(`${NUMERIC}1`).ok).toBe(false);
    expect(parseAccessKey(NUMERIC.replace(/^35/, '99'))).toEqual({ ok: false, message: ACCESS_KEY_MESSAGES.uf });
    expect(parseAccessKey(withCheckDigit('3517135871652300011955001000000012100012345'))).toEqual({
      ok: false,
      message: ACCESS_KEY_MESSAGES.month,
    });
    expect(parseAccessKey(withCheckDigit('3517045871652300011957001000000012100012345'))).toEqual({
      ok: false,
      message: ACCESS_KEY_MESSAGES.model,
    });
    // Letters are allowed in the CNPJ base only.
    expect(parseAccessKey(`A${NUMERIC.slice(1)}`)).toEqual({ ok: false, message: ACCESS_KEY_MESSAGES.chars });
    expect(parseAccessKey('3517#0458').ok).toBe(false);
  });

  it('masks in groups of 4 as typed', () => {
    expect(maskAccessKey('35170')).toBe('3517 0');
    expect(maskAccessKey(NUMERIC)).toBe('3517 0458 7165 2300 0119 5500 1000 0000 1210 0012 3458');
    expect(maskAccessKey(`${NUMERIC}999`).replace(/ /g, '')).toBe(NUMERIC);
  });

  it('finds the key in an NFC-e QR code URL and in a DANFE barcode', () => {
    expect(extractAccessKey(`https://www.nfce.fazenda.sp.gov.br/qrcode?p=${NUMERIC}|2|1|1|ABCDEF`)).toBe(NUMERIC);
    expect(extractAccessKey(NUMERIC)).toBe(NUMERIC);
    expect(extractAccessKey('texto qualquer')).toBeNull();
  });
});
