import { displayGtin, gtinCheckDigit, toGtin14 } from './gtin';

describe('GTIN', () => {
  it('reads the brand’s EAN-13 and the same product as GTIN-14, GTIN-12 and GTIN-8 as one GTIN-14', () => {
    expect(toGtin14('7893216101004')).toBe('07893216101004');
    expect(toGtin14('07893216101004')).toBe('07893216101004');
    // A UPC-A (GTIN-12) and an EAN-8 from the GS1 examples.
    expect(toGtin14('036000291452')).toBe('00036000291452');
    expect(toGtin14('96385074')).toBe('00000096385074');
    expect(displayGtin('07893216101004')).toBe('7893216101004');
  });

  it('refuses what an NF-e writes for no GTIN, a wrong check digit, a wrong length and letters', () => {
    for (const code of [
      'SEM GTIN',
      '',
      '   ',
      '7893216101005',
      '789321610100',
      '78932161010041',
      '0000000000000',
      'ABC',
    ])
      expect(toGtin14(code)).toBeNull();
    expect(toGtin14(null)).toBeNull();
  });

  it('computes the check digit of every product of the catalogue', () => {
    expect(gtinCheckDigit('789321610100')).toBe(4);
    expect(gtinCheckDigit('789321610261')).toBe(2);
  });
});
