import { fitWithin, shrinkPhoto } from './shrink';

describe('fitWithin', () => {
  it('brings the long side to the limit and keeps the aspect', () => {
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3000, 4000, 2000)).toEqual({ width: 1500, height: 2000 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(800, 600, 2000)).toEqual({ width: 800, height: 600 });
  });
});

describe('shrinkPhoto', () => {
  it('sends a small photo as it is', async () => {
    const small = new File([new Uint8Array(1000)], 'nota.jpg', { type: 'image/jpeg' });
    await expect(shrinkPhoto(small)).resolves.toBe(small);
  });

  it('sends the original when the browser cannot decode it (HEIC on a desktop)', async () => {
    const heic = new File([new Uint8Array(600 * 1024)], 'nota.heic', { type: 'image/heic' });
    const original = globalThis.createImageBitmap;
    globalThis.createImageBitmap = jest.fn().mockRejectedValue(new Error('cannot decode'));
    try {
      await expect(shrinkPhoto(heic)).resolves.toBe(heic);
    } finally {
      globalThis.createImageBitmap = original;
    }
  });
});
