import { sniffSignature } from './signature';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffSignature', () => {
  it.each([
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0])],
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['gif', bytes('GIF89a')],
    ['pdf', bytes('%PDF-1.7')],
    ['heic', bytes([0, 0, 0, 0x18], 'ftypheic')],
  ])('knows %s by its first bytes', (kind, head) => {
    expect(sniffSignature(head)).toBe(kind);
  });

  it('refuses what only its name would make an image or a PDF', () => {
    expect(sniffSignature(bytes('<!doctype html><title>nota.pdf</title>'))).toBeNull();
    expect(sniffSignature(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(sniffSignature(bytes([0, 0, 0, 0x18], 'ftypisom'))).toBeNull();
    expect(sniffSignature(new Uint8Array())).toBeNull();
  });
});
