import { formatCnpj, isValidCnpj, normaliseCnpj } from './cnpj';

/** Independent implementation of the Receita's check digits, so the library is checked, not trusted. */
function checkDigits(base12: string): string {
  const values = [...base12].map((ch) => ch.charCodeAt(0) - 48);
  const digit = (nums: number[]) => {
    const sum = nums.reduceRight((acc, n, i) => acc + n * (((nums.length - 1 - i) % 8) + 2), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(values);
  const second = digit([...values, first]);
  return `${first}${second}`;
}

describe('CNPJ', () => {
  it('accepts the alphanumeric CNPJ of July 2026, masked, plain or lower case', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
  });

  it('accepts numeric CNPJs', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });

  it('refuses wrong check digits, wrong lengths, letters in the check digits and repeated characters', () => {
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('12ABC34501DEA5')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-35x')).toBe(false);
  });

  it('agrees with an independent check-digit implementation', () => {
    for (const base of ['12ABC34501DE', '112223330001', 'A1B2C3D4E5F6', 'ZZ9Y8X7W0001', '000000010001']) {
      const full = base + checkDigits(base);
      expect(isValidCnpj(full)).toBe(true);
      const wrong = base + String((Number(full.slice(-1)) + 1) % 10).padStart(1, '0');
      expect(isValidCnpj(full.slice(0, 13) + wrong.slice(-1))).toBe(false);
    }
  });

  it('masks and normalises', () => {
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('112223')).toBe('11.222.3');
    expect(normaliseCnpj('12.ABC.345/01DE-35')).toBe('12ABC34501DE35');
  });
});
