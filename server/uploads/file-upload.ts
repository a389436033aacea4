import type { Readable } from 'node:stream';

/** What graphql-upload-minimal hands a resolver for each file of a multipart request. */
export interface FileUpload {
  filename: string;
  mimetype: string;
  createReadStream: () => Readable;
}

/** A file longer than the caller's cap, or one the multipart parser already cut at its own limit. */
export class UploadTooLarge extends Error {
  constructor() {
    super('upload over the size limit');
  }
}

/**
 * Every upload stream must be read or drained, or the multipart request never ends. Drains the given uploads;
 * one the parser already refused (over its size limit, request aborted) has nothing left to drain.
 */
export async function drainUploads(uploads: readonly Promise<FileUpload>[]): Promise<void> {
  await Promise.all(
    uploads.map(async (promise) => {
      try {
        const stream = (await promise).createReadStream();
        stream.on('error', () => {});
        stream.resume();
      } catch {
        // Already refused by the parser: nothing to drain.
      }
    }),
  );
}

/**
 * Reads a whole upload stream into memory, keeping at most `maxBytes`. Past the cap it keeps nothing more and lets
 * the rest flow away (never destroys the stream: the multipart parser waits for it to end), then rejects with
 * UploadTooLarge. A stream the parser truncated at its own limit is refused the same way.
 */
export function readCapped(source: Readable, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    source.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > maxBytes) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    source.on('error', reject);
    source.once('end', () => {
      if (over || (source as Readable & { truncated?: boolean }).truncated) reject(new UploadTooLarge());
      else resolve(Buffer.concat(chunks, size));
    });
  });
}
