import { gtinOf, parseQuantity, parseValueCents } from './keyed-items';

describe('a keyed line as typed in pt-BR', () => {
  it('reads the value paid in reais, with a comma for the cents and points between thousands', () => {
    expect(parseValueCents('1.234,50')).toBe(123_450);
    expect(parseValueCents('1234,5')).toBe(123_450);
    expect(parseValueCents('R$ 12')).toBe(1_200);
    expect(parseValueCents(' 0,99 ')).toBe(99);
    expect(parseValueCents('0')).toBe(0);
    for (const wrong of ['', '12.5', '12,345', '-3,00', '1.23,00', 'doze', '100.000.000,01'])
      expect(parseValueCents(wrong)).toBeNull();
  });

  it('reads the quantity with a comma, above zero, up to 4 places', () => {
    expect(parseQuantity('2')).toBe('2');
    expect(parseQuantity('1,5')).toBe('1.5');
    expect(parseQuantity('0,2500')).toBe('0.2500');
    for (const wrong of ['0', '0,0', '1,23456', '1.5', '-1', '']) expect(parseQuantity(wrong)).toBeNull();
  });

  it('takes a GTIN with a valid check digit, typed or scanned', () => {
    expect(gtinOf('7893216101004')).toBe('7893216101004');
    expect(gtinOf('07893216101004')).toBe('7893216101004');
    expect(gtinOf('7893216101005')).toBeNull();
    expect(gtinOf('Chapa MDF')).toBeNull();
  });
});
