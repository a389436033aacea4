import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });

export interface LocalServer {
  readonly origin: string;
  stop(): void;
}

/**
 * `npm start` as a member would run it (the export rebuilt when stale, SQLite, demo data) on a free port and a
 * throw-away data folder, answered once `/login` loads.
 */
export async function startLocalServer(): Promise<LocalServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'clube-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(`${origin}/login`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { origin, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('O servidor não respondeu em 5 minutos.');
}
