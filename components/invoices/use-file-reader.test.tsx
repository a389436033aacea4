import { act, renderHook } from '@testing-library/react';
import type { PickResult } from '@/lib/invoices/pick-files';
import { useFileReader } from './use-file-reader';

const jpeg = () => {
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10])], 'nota.jpg', { type: 'image/jpeg' });
  // jsdom's Blob has no arrayBuffer(); the browser's does.
  Object.defineProperty(file, 'slice', {
    value: () => ({ arrayBuffer: async () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0]).buffer }),
  });
  return file;
};

describe('useFileReader', () => {
  it('is reading until the picked files are applied, then stops in the same update', async () => {
    const { result } = renderHook(() => useFileReader());
    let readingWhenApplied: boolean | null = null;
    let applied: PickResult | null = null;

    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.read(0, [jpeg()], (r) => {
        readingWhenApplied = result.current.reading;
        applied = r;
      });
    });
    expect(result.current.reading).toBe(true);
    await act(() => done);

    expect(readingWhenApplied).toBe(true);
    expect(applied!.accepted.map((f) => f.kind)).toEqual(['jpeg']);
    expect(result.current.reading).toBe(false);
  });
});
