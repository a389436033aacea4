import { qrMatrix, qrText } from './qr-matrix';

describe('qrMatrix', () => {
  it('is a square with a light quiet zone and the three finder patterns', () => {
    const rows = qrMatrix('http://localhost:3000/totem?codigo=ABCD2345');
    const size = rows.length;
    expect(rows.every((r) => r.length === size)).toBe(true);
    expect(rows[0]!.every((m) => !m)).toBe(true);
    // Finder patterns start right after the 4-module margin: dark at (4,4), (size-5,4) and (4,size-5).
    expect([rows[4]![4], rows[4]![size - 5], rows[size - 5]![4]]).toEqual([true, true, true]);
  });

  it('draws two rows per terminal line', () => {
    const rows = qrMatrix('x');
    expect(qrText('x').split('\n')).toHaveLength(Math.ceil(rows.length / 2));
  });
});
