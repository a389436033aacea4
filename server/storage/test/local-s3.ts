import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Settings } from '../s3';

/** The part of s3rver's API the tests use (it ships no types). */
interface S3rver {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rver;

/**
 * s3rver, an S3-compatible server written for Node, from the devDependencies. Loaded with Node's own require: it is
 * plain CommonJS that needs no transform, and a missing package is told apart from a broken one.
 */
function loadS3rver(): S3rverConstructor | null {
  try {
    return createRequire(__filename)('s3rver') as S3rverConstructor;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return null;
    throw error;
  }
}

const S3rverClass = loadS3rver();

/**
 * Whether the S3 cases can run. Without s3rver they are skipped on a developer's machine, with a warning, and fail on
 * CI, so a missing install never passes there as green.
 */
export const localS3Available = ((): boolean => {
  if (S3rverClass) return true;
  const message = 'The S3 storage tests need s3rver: npm install --save-dev s3rver@3.7.1';
  if (process.env['CI']) throw new Error(message);
  console.warn(`${message} (S3 cases skipped)`);
  return false;
})();

export interface LocalS3 {
  readonly bucket: string;
  /** Settings for the bucket, under `prefix` (a fresh one per call by default, so tests do not see each other). */
  settings(prefix?: string): S3Settings;
  /** Stops the server, runs `whileDown`, and starts it again on the same port and files. */
  restart(whileDown: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Starts s3rver on a free loopback port, with one empty bucket kept in a temporary folder. */
export async function startLocalS3(bucket = 'clube-teste'): Promise<LocalS3> {
  if (!S3rverClass) throw new Error('s3rver is not installed');
  const directory = mkdtempSync(path.join(tmpdir(), 'clube-s3-'));
  const serverOn = (port: number) =>
    new S3rverClass!({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  let server = serverOn(0);
  const { port } = await server.run();
  return {
    bucket,
    settings: (prefix = `teste-${randomUUID()}`) => ({
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver's fixed credentials.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      prefix,
    }),
    restart: async (whileDown) => {
      await server.close();
      try {
        await whileDown();
      } finally {
        server = serverOn(port);
        await server.run();
      }
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
