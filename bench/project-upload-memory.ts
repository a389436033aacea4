/**
 * Project photos: how big a 4,000 × 3,000 phone photo is before and after the API re-encodes it, and how much
 * memory a real API process holds while 10 photos of 10 MB arrive (one after another, then all 10 at once). Not a
 * test: `node --import tsx bench/project-upload-memory.ts`. The server is a child process: its RSS is read from
 * /proc and its heap from a probe preloaded into it (bench/memory-probe.ts); files are streamed from disk.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PROJECT_PHOTO_MAX_BYTES } from '../common/projects/limits';

const PHOTOS = 10;
const MiB = 1024 * 1024;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });

const rssKib = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

/** A phone's GPS position and make, as the EXIF of a photo taken at the customer's house carries them. */
const PHONE_EXIF = {
  IFD0: { Make: 'Celular', Model: 'Modelo 12' },
  IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 1/1', GPSLongitudeRef: 'W', GPSLongitude: '46/1 38/1 2/1' },
};

let seed = 12345;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16) & 0xff;

/** A 4,000 × 3,000 phone photo: one of the demo drawings with sensor grain, JPEG quality 95, GPS in its EXIF. */
async function phonePhoto(): Promise<Buffer> {
  const drawing = path.join('server', 'modules', 'projects', 'demo', 'cozinha-1.jpg');
  const { data, info } = await sharp(drawing).resize(4000, 3000).raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + (random() % 21) - 10));
  return sharp(data, { raw: info }).jpeg({ quality: 95 }).withExif(PHONE_EXIF).toBuffer();
}

/** The worst case the API accepts: a 4,000 × 3,000 JPEG of pure noise, as close under 10 MB as a quality gets. */
async function tenMegabytePhoto(): Promise<Buffer> {
  const noise = Buffer.alloc(4000 * 3000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = random();
  for (let quality = 92; quality > 50; quality -= 1) {
    const jpeg = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality })
      .withExif(PHONE_EXIF)
      .toBuffer();
    if (jpeg.length <= PROJECT_PHOTO_MAX_BYTES) return jpeg;
  }
  throw new Error('no quality fits 10 MB');
}

async function post(port: number, body: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<{ data?: { userLogin?: { token: string } } }>;
}

function upload(port: number, token: string, file: string): Promise<string> {
  const size = statSync(file).size;
  const boundary = `----bench${randomUUID()}`;
  const operations = JSON.stringify({
    query:
      'mutation ($file: Upload!, $key: String!) { uploadProjectPhoto(file: $file, idempotencyKey: $key) { id width height thumbnailWidth thumbnailHeight } }',
    variables: { file: null, key: randomUUID() },
  });
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"1":["variables.file"]}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="1"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': Buffer.byteLength(head) + size + Buffer.byteLength(tail),
          'apollo-require-preflight': 'true',
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

const storedFiles = (dir: string): Map<string, number> => {
  const found = new Map<string, number>();
  const walk = (d: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else found.set(full, statSync(full).size);
    }
  };
  walk(dir);
  return found;
};

interface Probe {
  now: Record<string, number>;
  peak: Record<string, number>;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clube-project-bench-'));
  const probeFile = path.join(dir, 'memory.json');
  const readProbe = () => JSON.parse(readFileSync(probeFile, 'utf8')) as Probe;
  const phone = path.join(dir, 'celular.jpg');
  const big = path.join(dir, 'dez-mb.jpg');
  const small = path.join(dir, 'pequena.jpg');
  writeFileSync(phone, await phonePhoto());
  writeFileSync(big, await tenMegabytePhoto());
  writeFileSync(
    small,
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer(),
  );

  const port = await freePort();
  const dataDir = path.join(dir, 'data');
  const server = spawn(process.execPath, ['--import', 'tsx', '--import', './bench/memory-probe.ts', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVE_STATIC: 'false',
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      HUMAN_VERIFICATION: 'false',
      MEMORY_PROBE_FILE: probeFile,
    },
    stdio: 'inherit',
  });
  try {
    for (let i = 0; i < 300; i++) {
      try {
        await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST' });
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const login = await post(port, {
      query: 'mutation { userLogin(login: "52998224725", password: "Serragem#2026") { token } }',
    });
    const token = login.data?.userLogin?.token ?? '';
    const pid = server.pid!;
    // Warm up: one small photo loads the multipart, sharp and storage code paths.
    await upload(port, token, small);

    // 1. A 4,000 × 3,000 phone photo, and the 10 MB worst case: what the member sends and what the API keeps.
    const uploads = path.join(dataDir, 'uploads', 'projects');
    for (const [label, file] of [
      ['foto de celular 4000×3000 (desenho com granulação)', phone],
      ['foto de 10 MB 4000×3000 (ruído: o pior caso)', big],
    ] as const) {
      const before = storedFiles(uploads);
      const started = Date.now();
      const answer = await upload(port, token, file);
      const took = Date.now() - started;
      const added = [...storedFiles(uploads)].filter(([stored]) => !before.has(stored));
      const display = added.find(([stored]) => !stored.endsWith('-mini.webp'));
      const thumbnail = added.find(([stored]) => stored.endsWith('-mini.webp'));
      const kept = display ? await sharp(display[0]).metadata() : undefined;
      console.log(`${label}: ${answer.slice(0, 160)}`);
      console.log(
        `  enviada ${kb(statSync(file).size)} (JPEG com EXIF/GPS) → guardada ${kb(display?.[1] ?? 0)} ` +
          `(WebP ${kept?.width}×${kept?.height}, EXIF ${kept?.exif ? 'presente' : 'ausente'}) + miniatura ${kb(thumbnail?.[1] ?? 0)}; ` +
          `recodificada em ${took} ms`,
      );
    }

    // 2. Ten photos of 10 MB, one after another (as the form sends them) and then all at once.
    for (const mode of ['em sequência', 'todas de uma vez'] as const) {
      global.gc?.();
      await new Promise((r) => setTimeout(r, 1000));
      process.kill(pid, 'SIGUSR2');
      await new Promise((r) => setTimeout(r, 100));
      const rssBefore = rssKib(pid) * 1024;
      const heapBefore = readProbe().now['heapUsed'] ?? 0;
      let peakRss = rssBefore;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssKib(pid) * 1024)), 5);
      const start = Date.now();
      const answers =
        mode === 'em sequência'
          ? await (async () => {
              const out: string[] = [];
              for (let i = 0; i < PHOTOS; i++) out.push(await upload(port, token, big));
              return out;
            })()
          : await Promise.all(Array.from({ length: PHOTOS }, () => upload(port, token, big)));
      const elapsed = Date.now() - start;
      clearInterval(sampler);
      await new Promise((r) => setTimeout(r, 50));
      const probe = readProbe();
      const ok = answers.filter((a) => a.includes('"uploadProjectPhoto":{')).length;
      console.log(
        `10 × 10 MB ${mode}: ${ok}/${PHOTOS} aceitas em ${(elapsed / 1000).toFixed(1)} s; ` +
          `RSS ${mib(rssBefore)} → pico ${mib(peakRss)} (+${mib(peakRss - rssBefore)}); ` +
          `heap ${mib(heapBefore)} → pico ${mib(probe.peak['heapUsed'] ?? 0)}; ` +
          `buffers fora do heap: pico ${mib(probe.peak['arrayBuffers'] ?? 0)}; RSS depois ${mib(rssKib(pid) * 1024)}`,
      );
      if (ok < PHOTOS)
        console.log(`  recusa: ${answers.find((a) => !a.includes('"uploadProjectPhoto":{'))?.slice(0, 200)}`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
