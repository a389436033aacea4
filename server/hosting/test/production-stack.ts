import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startTestPostgres } from '../../db/postgres/test-server';
import type { S3Settings } from '../../storage/s3';
import { startLocalS3Process } from '../../storage/test/local-s3-process';
import { freePort, waitForPort } from '../../test/free-port';
import { startLocalNginx, type LocalNginx } from './local-nginx';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const DATABASE_NAME = 'clube';

export interface ApiInstance {
  /** INSTANCE_NAME of the process, sent back in X-Clube-Instance. */
  readonly name: string;
  readonly port: number;
  /** The process itself, past nginx. */
  readonly url: string;
  /** What the process runs, read from the running process itself (see runningProgram). */
  readonly program: RunningProgram;
  /** Kills the process at once (SIGKILL), as a crashed machine would leave it. */
  kill(): Promise<void>;
  /** Sends SIGTERM and waits for the process to exit: its exit code, or the signal that ended it. */
  terminate(): Promise<number | NodeJS.Signals | null>;
  /** Starts the process again (after kill or terminate) on the same port and settings, once it listens. */
  start(): Promise<void>;
}

export interface ProductionStack {
  /** nginx: the export and the API, as members reach them. */
  readonly url: string;
  readonly databaseUrl: string;
  /** The JWT_SECRET every API process signs with. */
  readonly jwtSecret: string;
  readonly instances: readonly ApiInstance[];
  /** nginx's error log so far. */
  nginxErrors(): Promise<string>;
  /** nginx reloaded with only these API processes in its upstream (by name), as a rolling restart does. */
  routeTo(names: readonly string[]): Promise<void>;
  /** A new, empty database on the same PostgreSQL server: its URL. */
  newDatabase(name: string): Promise<string>;
  /** The S3_* settings of a folder (S3_PREFIX) of the same bucket server; the API processes use `producao`. */
  storageEnv(prefix: string): Record<string, string>;
  stop(): Promise<void>;
}

export interface ProductionStackOptions {
  /** How many API processes nginx spreads requests over. */
  readonly apiProcesses: number;
  /** The static export nginx serves. */
  readonly root: string;
  /** nginx with a master process, so routeTo reloads it without dropping a connection; one process by default. */
  readonly reloadableNginx?: boolean;
  /** More environment for every API process. */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * How every API process runs: by default the TypeScript sources on the Node running this code (tsx); or, as the
   * production image runs it, a given Node binary on the compiled server (`npm run build:server`).
   */
  readonly runtime?: { readonly node: string; readonly main: string };
  /** Where the API processes' output goes, a line at a time; by default stderr, each line named by its process. */
  readonly log?: (line: string) => void;
  /** Progress of the start, for a person watching; quiet by default. */
  readonly progress?: (message: string) => void;
}

/** The Node.js an API process runs on and its arguments after the binary's path (`dist/server/main.js`). */
export interface RunningProgram {
  readonly nodeVersion: string;
  readonly args: readonly string[];
}

/**
 * Asks the kernel, not the code that chose the binary, what a process runs (Linux's /proc): a fallback to another
 * Node on the way could not go unnoticed.
 */
function runningProgram(pid: number): RunningProgram {
  const executable = readlinkSync(`/proc/${pid}/exe`);
  const nodeVersion = execFileSync(executable, ['--version'], { encoding: 'utf8' }).trim();
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(1, -1);
  return { nodeVersion, args };
}

/** How long one API process may take to migrate, seed and listen on a busy 2-core machine. */
const API_START_TIMEOUT_MS = 120_000;

/** The S3_* settings of server/config.ts for a bucket. */
function s3Environment(bucket: S3Settings): Record<string, string> {
  return {
    S3_BUCKET: bucket.bucket,
    S3_REGION: bucket.region,
    S3_PREFIX: bucket.prefix,
    ...(bucket.endpoint ? { S3_ENDPOINT: bucket.endpoint } : {}),
    ...(bucket.credentials
      ? { S3_ACCESS_KEY_ID: bucket.credentials.accessKeyId, S3_SECRET_ACCESS_KEY: bucket.credentials.secretAccessKey }
      : {}),
  };
}

function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // A process that does not finish its shutdown in time is killed: the stack must never outlive its starter.
    const kill = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The production shape on one machine, every part a real server: a throw-away PostgreSQL, an S3-compatible server
 * (s3rver), `apiProcesses` club API processes (server/main.ts, API only, behind a proxy, one secret, each with its own
 * DATA_DIR so nothing is shared through the disk) and Debian's nginx with the generated block in front of them.
 * The first process migrates and seeds alone; the others start once it answers, so no two seed at the same time.
 */
export async function startProductionStack(options: ProductionStackOptions): Promise<ProductionStack> {
  const progress = options.progress ?? (() => undefined);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, 'Nem todas as partes do ambiente pararam');
  };

  try {
    progress('PostgreSQL e S3 (s3rver)…');
    // Neither needs the other; started side by side, and each stopped even when the other failed to start.
    const [postgres, s3] = await Promise.allSettled([startTestPostgres(), startLocalS3Process()]);
    if (postgres.status === 'fulfilled') cleanups.push(() => postgres.value.stop());
    if (s3.status === 'fulfilled') cleanups.push(() => s3.value.stop());
    if (postgres.status === 'rejected') throw postgres.reason;
    if (s3.status === 'rejected') throw s3.reason;
    const server = postgres.value;
    const newDatabase = async (name: string) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Nome de banco inválido: ${name}`);
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return server.urlOf(name);
    };
    const databaseUrl = await newDatabase(DATABASE_NAME);
    const storageEnv = (prefix: string) => s3Environment(s3.value.settings(prefix));
    const bucket = s3.value.settings('producao');

    const jwtSecret = randomBytes(32).toString('hex');
    const instances: ApiInstance[] = [];
    for (let i = 1; i <= options.apiProcesses; i++) {
      const name = `api-${i}`;
      progress(`${name}${i === 1 ? ' (migra e semeia o banco)' : ''}…`);
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmpdir(), `clube-${name}-`));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const [node, args] = options.runtime
        ? [options.runtime.node, [options.runtime.main]]
        : [process.execPath, ['--import', 'tsx', 'server/main.ts']];
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        JWT_SECRET: jwtSecret,
        DATA_DIR: dataDir,
        SERVE_STATIC: 'false',
        TRUST_PROXY: 'true',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SKIP_BUILD: '1',
        INSTANCE_NAME: name,
        // The journeys log in as the demo member, whom a PostgreSQL club only gets when asked.
        DEMO_DATA: 'true',
        ...s3Environment(bucket),
        // Every client here is 127.0.0.1; the per-IP limits have tests of their own.
        LOGIN_ATTEMPTS_PER_IP: '100000',
        REQUESTS_PER_MINUTE: '1000000',
        // The SDK's notice that its later releases leave Node 20 behind, for the default runtime; the image runs 24.
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...options.env,
      };
      let child: ChildProcess | undefined;
      /** Spawns the process and resolves once it listens (server/main.ts listens after migrating and seeding). */
      const launch = async () => {
        const spawned = spawn(node, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
        child = spawned;
        let output = '';
        const forward = (chunk: Buffer) => {
          const text = chunk.toString('utf8');
          output = (output + text).slice(-20_000);
          for (const line of text.split('\n')) if (line.trim() !== '') log(`[${name}] ${line}`);
        };
        spawned.stdout?.on('data', forward);
        spawned.stderr?.on('data', forward);
        await waitForPort(port, {
          timeoutMs: API_START_TIMEOUT_MS,
          failed: () =>
            spawned.exitCode === null && spawned.signalCode === null
              ? null
              : new Error(
                  `${name} terminou ao iniciar (código ${String(spawned.exitCode ?? spawned.signalCode)}):\n${output}`,
                ),
        });
      };
      const ended = (running: ChildProcess) => running.exitCode !== null || running.signalCode !== null;
      const stopWith = async (signal: NodeJS.Signals) => {
        const current = child;
        if (!current) return null;
        if (!ended(current)) {
          const exited = new Promise((resolve) => current.once('exit', resolve));
          current.kill(signal);
          await exited;
        }
        return current.exitCode ?? current.signalCode;
      };
      cleanups.push(() => (child ? stopChild(child) : undefined));
      await launch();
      instances.push({
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        program: runningProgram(child!.pid!),
        kill: async () => {
          await stopWith('SIGKILL');
        },
        terminate: () => stopWith('SIGTERM'),
        start: async () => {
          if (child && !ended(child)) throw new Error(`${name} ainda está rodando`);
          await launch();
        },
      });
    }

    progress('nginx…');
    const nginx: LocalNginx = await startLocalNginx({
      reloadable: options.reloadableNginx ?? false,
      root: options.root,
      apiServers: instances.map((instance) => `127.0.0.1:${instance.port}`),
    });
    cleanups.push(() => nginx.stop());
    return {
      url: nginx.url,
      databaseUrl,
      jwtSecret,
      instances,
      nginxErrors: () => nginx.errorLog(),
      routeTo: (names) =>
        nginx.setApiServers(
          instances.filter((instance) => names.includes(instance.name)).map((instance) => `127.0.0.1:${instance.port}`),
        ),
      newDatabase,
      storageEnv,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
