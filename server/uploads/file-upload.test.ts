import { PassThrough, Readable } from 'node:stream';
import { drainUploads, readCapped, UploadTooLarge, type FileUpload } from './file-upload';

const chunks = (sizes: number[]) => Readable.from(sizes.map((n) => Buffer.alloc(n, 1)));

describe('readCapped', () => {
  it('returns the whole stream when it fits, the cap included', async () => {
    const bytes = await readCapped(chunks([3, 4, 3]), 10);
    expect(bytes.length).toBe(10);
  });

  it('refuses a stream over the cap and still reads it to the end', async () => {
    const source = chunks([6, 6, 6]);
    await expect(readCapped(source, 10)).rejects.toBeInstanceOf(UploadTooLarge);
    expect(source.readableEnded).toBe(true);
  });

  it('refuses a stream the multipart parser truncated at its own limit', async () => {
    const source = Object.assign(new PassThrough(), { truncated: true });
    source.end(Buffer.alloc(4));
    await expect(readCapped(source, 10)).rejects.toBeInstanceOf(UploadTooLarge);
  });

  it('passes a stream error on', async () => {
    const source = new PassThrough();
    const read = readCapped(source, 10);
    source.destroy(new Error('conexão perdida'));
    await expect(read).rejects.toThrow('conexão perdida');
  });
});

describe('drainUploads', () => {
  it('reads every stream to the end and ignores uploads the parser refused', async () => {
    const source = chunks([5, 5]);
    const ok: FileUpload = { filename: 'a.jpg', mimetype: 'image/jpeg', createReadStream: () => source };
    const refused: FileUpload = {
      filename: 'b.jpg',
      mimetype: 'image/jpeg',
      createReadStream: () => {
        throw Object.assign(new Error('truncated'), { status: 413 });
      },
    };
    await drainUploads([Promise.resolve(ok), Promise.resolve(refused), Promise.reject(new Error('aborted'))]);
    if (!source.readableEnded) await new Promise((resolve) => source.once('end', resolve));
    expect(source.readableEnded).toBe(true);
  });
});
