import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { InvalidStorageKey, readAll, type FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';
import { localS3Available, startLocalS3, type LocalS3 } from './test/local-s3';

/** A stream that hands out `chunks`, then fails the way a dropped upload does. */
function failingStream(chunks: Buffer[], message: string): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent < chunks.length) this.push(chunks[sent++]);
      else setImmediate(() => this.destroy(new Error(message)));
    },
  });
}

const chunked = (bytes: Buffer, size: number): Readable => {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
  return Readable.from(parts);
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function read(storage: FileStorage, key: string) {
  const stored = await storage.get(key);
  if (!stored) return null;
  return { bytes: await readAll(stored.body), size: stored.size, contentType: stored.contentType };
}

async function keysOf(storage: FileStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of storage.list(prefix)) keys.push(key);
  return keys.sort();
}

interface Backend {
  readonly name: string;
  readonly available: boolean;
  setUp(): Promise<void>;
  open(): FileStorage;
  tearDown(): Promise<void>;
}

let dir = '';
const localDisk: Backend = {
  name: 'local disk',
  available: true,
  setUp: async () => {},
  open: () => {
    dir = mkdtempSync(path.join(tmpdir(), 'clube-arquivos-'));
    return new LocalDiskStorage(dir);
  },
  tearDown: async () => {},
};

let s3: LocalS3 | undefined;
const s3Server: Backend = {
  name: 'S3 (s3rver)',
  available: localS3Available,
  setUp: async () => {
    s3 = await startLocalS3();
  },
  // A fresh prefix per test: every test starts from an empty storage.
  open: () => new S3Storage(s3!.settings()),
  tearDown: async () => {
    await s3?.close();
  },
};

describe.each([localDisk, s3Server])('FileStorage on $name', (backend) => {
  const run = backend.available ? describe : describe.skip;
  run('contract', () => {
    let storage: FileStorage;
    beforeAll(() => backend.setUp());
    afterAll(() => backend.tearDown());
    beforeEach(() => {
      storage = backend.open();
    });
    afterEach(async () => {
      await storage.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = '';
    });

    it('gives back the bytes, size and type of a buffer it stored', async () => {
      const pdf = Buffer.from('%PDF-1.7\nnota fiscal de teste\n%%EOF');
      await storage.put('2026/11/nota.pdf', pdf, 'application/pdf');
      expect(await read(storage, '2026/11/nota.pdf')).toEqual({
        bytes: pdf,
        size: pdf.length,
        contentType: 'application/pdf',
      });
    });

    it('stores a stream that arrives in many chunks, 3 MB of it', async () => {
      const bytes = randomBytes(3 * 1024 * 1024);
      await storage.put('profile/grande.jpg', chunked(bytes, 64 * 1024), 'image/jpeg');
      const stored = await read(storage, 'profile/grande.jpg');
      expect(stored?.size).toBe(bytes.length);
      expect(stored?.contentType).toBe('image/jpeg');
      expect(sha256(stored!.bytes)).toBe(sha256(bytes));
    });

    it('answers null for a key never stored', async () => {
      expect(await storage.get('2026/11/nunca.pdf')).toBeNull();
      expect(await storage.get('nada/aqui.xml')).toBeNull();
    });

    it('replaces what a key held', async () => {
      await storage.put('profile/eu.png', Buffer.from('primeira'), 'image/png');
      await storage.put('profile/eu.png', Buffer.from('segunda versão'), 'image/png');
      expect((await read(storage, 'profile/eu.png'))?.bytes.toString()).toBe('segunda versão');
    });

    it('deletes a key, and deleting a missing key is no error', async () => {
      await storage.put('2026/11/apagar.xml', Buffer.from('<nfeProc/>'), 'application/xml');
      await storage.delete('2026/11/apagar.xml');
      expect(await storage.get('2026/11/apagar.xml')).toBeNull();
      await expect(storage.delete('2026/11/apagar.xml')).resolves.toBeUndefined();
      await expect(storage.delete('nunca/existiu.pdf')).resolves.toBeUndefined();
    });

    it('rejects with the error of a stream that fails, and keeps what the key held', async () => {
      await expect(
        storage.put(
          '2026/11/nova.pdf',
          failingStream([Buffer.from('%PDF-1.7 meio')], 'conexão caiu'),
          'application/pdf',
        ),
      ).rejects.toThrow('conexão caiu');
      expect(await storage.get('2026/11/nova.pdf')).toBeNull();

      await storage.put('2026/11/velha.pdf', Buffer.from('%PDF-1.7 inteira'), 'application/pdf');
      await expect(
        storage.put('2026/11/velha.pdf', failingStream([Buffer.from('%PDF')], 'arquivo recusado'), 'application/pdf'),
      ).rejects.toThrow('arquivo recusado');
      expect((await read(storage, '2026/11/velha.pdf'))?.bytes.toString()).toBe('%PDF-1.7 inteira');
    });

    it('lists the keys under a prefix, with when they were written', async () => {
      const before = Date.now();
      await storage.put('2026/10/a.pdf', Buffer.from('a'), 'application/pdf');
      await storage.put('2026/11/b.jpg', Buffer.from('b'), 'image/jpeg');
      await storage.put('2026/11/c.xml', Buffer.from('c'), 'application/xml');
      await storage.put('profile/d.png', Buffer.from('d'), 'image/png');

      expect(await keysOf(storage, '')).toEqual(['2026/10/a.pdf', '2026/11/b.jpg', '2026/11/c.xml', 'profile/d.png']);
      expect(await keysOf(storage, '2026/')).toEqual(['2026/10/a.pdf', '2026/11/b.jpg', '2026/11/c.xml']);
      expect(await keysOf(storage, '2026/11/')).toEqual(['2026/11/b.jpg', '2026/11/c.xml']);
      expect(await keysOf(storage, 'profile/d')).toEqual(['profile/d.png']);
      expect(await keysOf(storage, 'outra/')).toEqual([]);
      for await (const { modifiedAt } of storage.list('')) {
        // S3 keeps whole seconds.
        expect(modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
        expect(modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      }
    });

    it.each(['', '../fora.pdf', '/raiz.pdf', 'a//b.pdf', 'a/../b.pdf', '.oculto', 'pasta/', 'com espaço.pdf'])(
      'refuses the key %j everywhere',
      async (key) => {
        await expect(storage.put(key, Buffer.from('x'), 'application/pdf')).rejects.toThrow(InvalidStorageKey);
        await expect(storage.get(key)).rejects.toThrow(InvalidStorageKey);
        await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKey);
      },
    );

    it('lets a reader stop early without holding the file', async () => {
      await storage.put('2026/11/parar.pdf', randomBytes(256 * 1024), 'application/pdf');
      const stored = await storage.get('2026/11/parar.pdf');
      await new Promise<void>((resolve) => {
        stored!.body.once('data', () => {
          stored!.body.destroy();
          resolve();
        });
      });
      await storage.delete('2026/11/parar.pdf');
      expect(await storage.get('2026/11/parar.pdf')).toBeNull();
    });
  });
});

describe('LocalDiskStorage', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'clube-disco-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('keeps each key at the same path under DATA_DIR/uploads as before, so a club keeps its files', async () => {
    const storage = new LocalDiskStorage(root);
    await storage.put('2026/11/abc.pdf', Buffer.from('%PDF nota'), 'application/pdf');
    await storage.put(`profile/${'a'.repeat(32)}.jpg`, Buffer.from('foto'), 'image/jpeg');
    expect(readFileSync(path.join(root, '2026', '11', 'abc.pdf'), 'utf8')).toBe('%PDF nota');
    expect(readFileSync(path.join(root, 'profile', `${'a'.repeat(32)}.jpg`), 'utf8')).toBe('foto');
  });

  it('leaves no temporary file behind a stream that failed', async () => {
    const storage = new LocalDiskStorage(root);
    await expect(
      storage.put('2026/11/x.pdf', failingStream([Buffer.from('%PDF')], 'falhou'), 'application/pdf'),
    ).rejects.toThrow('falhou');
    expect(readdirSync(path.join(root, 'tmp'))).toEqual([]);
    expect(existsSync(path.join(root, '2026'))).toBe(false);
  });
});

(localS3Available ? describe : describe.skip)('S3Storage', () => {
  let server: LocalS3;
  beforeAll(async () => {
    server = await startLocalS3();
  });
  afterAll(() => server.close());

  it('keeps each club under its own S3_PREFIX in the same bucket', async () => {
    const one = new S3Storage(server.settings('clube-um'));
    const two = new S3Storage(server.settings('clube-dois/producao'));
    const whole = new S3Storage(server.settings(''));
    try {
      await one.put('profile/foto.png', Buffer.from('um'), 'image/png');
      await two.put('profile/foto.png', Buffer.from('dois'), 'image/png');
      expect((await read(one, 'profile/foto.png'))?.bytes.toString()).toBe('um');
      expect((await read(two, 'profile/foto.png'))?.bytes.toString()).toBe('dois');
      expect(await keysOf(one, '')).toEqual(['profile/foto.png']);
      expect(await keysOf(whole, '')).toEqual(['clube-dois/producao/profile/foto.png', 'clube-um/profile/foto.png']);
      await one.delete('profile/foto.png');
      expect((await read(two, 'profile/foto.png'))?.bytes.toString()).toBe('dois');
    } finally {
      await Promise.all([one.close(), two.close(), whole.close()]);
    }
  });

  it('reports a missing bucket as an error, not as a missing file', async () => {
    const wrong = new S3Storage({ ...server.settings(''), bucket: 'nao-existe' });
    try {
      await expect(wrong.get('profile/foto.png')).rejects.toThrow();
    } finally {
      await wrong.close();
    }
  });
});
