import { formatLongMonth, groupProducts, invoiceLine } from './format';

describe('project formats', () => {
  it('writes the finished month in full', () => {
    expect(formatLongMonth('2026-03')).toBe('março de 2026');
    expect(formatLongMonth('2025-12')).toBe('dezembro de 2025');
  });

  it('writes a linked invoice on one line, without the store when it is unknown', () => {
    expect(invoiceLine({ id: '1', number: 123, issuerName: 'Loja X', issuedMonth: '2026-03' })).toBe(
      'NF-e nº 123 · Loja X · 03/2026',
    );
    expect(invoiceLine({ id: '2', number: 9, issuerName: null, issuedMonth: '2026-01' })).toBe('NF-e nº 9 · 01/2026');
  });

  it('groups products by category in the order they came', () => {
    const groups = groupProducts([
      { id: '1', name: 'MDF Branco TX', category: 'Painéis MDF' },
      { id: '2', name: 'Dobradiça 35 mm', category: 'Dobradiças' },
      { id: '3', name: 'MDF Carvalho', category: 'Painéis MDF' },
    ]);
    expect(groups.map((g) => [g.category, g.products.map((p) => p.name)])).toEqual([
      ['Painéis MDF', ['MDF Branco TX', 'MDF Carvalho']],
      ['Dobradiças', ['Dobradiça 35 mm']],
    ]);
  });
});
