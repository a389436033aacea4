import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A throw-away PostgreSQL server for the test suite: Debian's own binaries (the `postgresql` package), a fresh
 * cluster in a temporary folder, on a free port of 127.0.0.1. Durability is switched off (fsync, synchronous
 * commit): a test server's data dies with it anyway, and it makes migrations and template copies several times
 * faster.
 */
export interface TestPostgres {
  /** Connection URL of the server's `postgres` database, as the superuser `club`. */
  readonly url: string;
  /** The same server with another database name. */
  urlOf(database: string): string;
  /** Shuts the server down (fast shutdown: sessions are cut), runs `whileDown`, and starts it again on its data. */
  restart(whileDown: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** Folder of the newest PostgreSQL installed from Debian's packages, or PG_BIN. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** PostgreSQL refuses to run as root: as root, the server runs as Debian's `postgres` user. */
function serverUserIds(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function waitUntilReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL terminou ao iniciar:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`PostgreSQL não respondeu em 30 s:\n${log()}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      'PostgreSQL não encontrado. Instale com: sudo apt-get install -y postgresql (ou indique a pasta em PG_BIN).',
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'clube-pg-'));
  const dataDir = path.join(dir, 'data');
  const ids = serverUserIds();
  if (ids) chownSync(dir, ids.uid, ids.gid);

  const user = ids ?? {};
  const init = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'club', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'],
    { encoding: 'utf8', ...user },
  );
  if (init.status !== 0) throw new Error(`initdb falhou:\n${init.stderr}`);

  const port = await freePort();
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
  ];
  let output = '';
  const launch = () => {
    const started = spawn(path.join(bin, 'postgres'), args, { stdio: ['ignore', 'pipe', 'pipe'], ...user });
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return started;
  };
  let child = launch();

  const urlOf = (database: string) => `postgres://club@127.0.0.1:${port}/${database}`;
  await waitUntilReady(urlOf('postgres'), child, () => output);
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // SIGINT is PostgreSQL's fast shutdown: open sessions are cut, nothing waits.
    child.kill('SIGINT');
    await exited;
  };

  return {
    url: urlOf('postgres'),
    urlOf,
    restart: async (whileDown) => {
      await halt();
      try {
        await whileDown();
      } finally {
        child = launch();
        await waitUntilReady(urlOf('postgres'), child, () => output);
      }
    },
    stop: async () => {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
