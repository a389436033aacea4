/**
 * Uploads 10 MB invoice photos in a row to a real API process and reports how much that process's memory grew.
 * Not a test: `node --import tsx bench/upload-memory.ts`. The server runs as a child process (its own RSS is
 * read from /proc), the file is streamed from disk, so only the server's handling is measured.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withCheckDigit } from '../common/validation/access-key';

const FILE_BYTES = 10 * 1024 * 1024;
/** Uploads in a row (`ROUNDS=20 node --import tsx bench/upload-memory.ts`): enough to see whether growth levels off. */
const ROUNDS = Number(process.env['ROUNDS'] ?? 10);

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });

const kib = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function post(port: number, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', ...headers },
    body,
  });
  return res.json() as Promise<{ data?: Record<string, { token?: string }> }>;
}

function upload(port: number, token: string, file: string, size = FILE_BYTES): Promise<string> {
  const boundary = `----bench${randomUUID()}`;
  const key = withCheckDigit(
    `3526115871652300011955001${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}110000003`,
  );
  const operations = JSON.stringify({
    query: 'mutation ($input: SubmitInvoiceInput!) { submitInvoice(input: $input) { id status files { sizeBytes } } }',
    variables: { input: { accessKey: key, idempotencyKey: randomUUID(), files: [null] } },
  });
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n${operations}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n{"1":["variables.input.files.0"]}\r\n` +
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

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'clube-upload-bench-'));
  const file = path.join(dir, 'foto.jpg');
  const content = Buffer.alloc(FILE_BYTES, 0x5a);
  content.set([0xff, 0xd8, 0xff, 0xe0], 0);
  writeFileSync(file, content);
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      SERVE_STATIC: 'false',
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      // The bench logs in through the API; the human check is not what it measures.
      HUMAN_VERIFICATION: 'false',
    },
    stdio: 'inherit',
  });
  try {
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST' });
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const login = await post(
      port,
      JSON.stringify({
        query: 'mutation { userLogin(login: "52998224725", password: "Serragem#2026") { token } }',
      }),
    );
    const token = login.data?.['userLogin']?.token ?? '';
    // Warm up: one small upload loads the multipart and file code paths.
    const small = path.join(dir, 'small.jpg');
    writeFileSync(small, content.subarray(0, 1024));
    await upload(port, token, small, 1024);
    global.gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const pid = server.pid!;
    const before = kib(pid, 'VmRSS');
    // 10 MB uploads in a row: if memory followed file size the peaks would add up; bounded, they level off.
    for (let round = 1; round <= ROUNDS; round++) {
      let peak = kib(pid, 'VmRSS');
      const start = peak;
      const sampler = setInterval(() => (peak = Math.max(peak, kib(pid, 'VmRSS'))), 5);
      const started = Date.now();
      const answer = await upload(port, token, file);
      const took = Date.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, kib(pid, 'VmRSS'));
      if (round === 1) console.log(`resposta: ${answer.slice(0, 120)}`);
      console.log(
        `envio ${round}: 10 MB em ${took} ms; RSS ${(start / 1024).toFixed(1)} → pico ${(peak / 1024).toFixed(1)} MiB ` +
          `(+${((peak - start) / 1024).toFixed(1)} MiB no envio, +${((peak - before) / 1024).toFixed(1)} MiB desde antes do 1º)`,
      );
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
