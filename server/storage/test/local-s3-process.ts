import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { S3Settings } from '../s3';

export interface LocalS3Process {
  /** Settings for the bucket under `prefix`. */
  settings(prefix: string): S3Settings;
  stop(): Promise<void>;
}

/**
 * s3rver in a process of its own (local-s3-server.ts), so the S3 server keeps answering while its starter blocks
 * or is itself busy generating load.
 */
export async function startLocalS3Process(bucket = 'clube'): Promise<LocalS3Process> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'local-s3-server.ts'), bucket],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const base = await new Promise<S3Settings>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const line = text.split('\n')[0];
      if (text.includes('\n') && line) {
        try {
          resolve(JSON.parse(line) as S3Settings);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${String(code)} before answering`)));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { settings: (prefix) => ({ ...base, prefix }), stop };
}
