import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from '../../test/free-port';
import { generateNginxConfig, type NginxOptions } from '../nginx-config';

/** Debian installs nginx outside a normal user's PATH, so the usual sbin folders are looked at too. */
export const nginxBin: string | undefined = [
  ...(process.env.PATH ?? '').split(path.delimiter),
  '/usr/sbin',
  '/usr/local/sbin',
]
  .filter((dir) => dir !== '')
  .map((dir) => path.join(dir, 'nginx'))
  .find((file) => existsSync(file));

/**
 * The http-level wrapper a host's nginx.conf provides, with every path nginx writes to inside `dir`. By default one
 * process without a master, so it is stopped by its pid and nothing outlives whoever started it; with `reloadable`, a
 * master and one worker, as a host runs it, so a reload (SIGHUP) hands new requests to a new worker while the old one
 * finishes its own (single-process nginx reconfigures in place and breaks the connections it has).
 */
function wrapperConf(dir: string, reloadable = false): string {
  const processes = reloadable
    ? // Workers would drop to `nobody`, who cannot read this private folder, when the tests run as root.
      `master_process on;\nworker_processes 1;\n${process.getuid?.() === 0 ? 'user root;\n' : ''}`
    : 'master_process off;\n';
  return `daemon off;
${processes}pid ${dir}/nginx.pid;
error_log ${dir}/error.log notice;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include ${dir}/clube.conf;
}
`;
}

/** nginx's own arguments: `dir` as prefix, and its error log before the config is even read. */
export const nginxArgs = (dir: string): string[] => ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`];

/** Writes the wrapper nginx.conf and the generated block (clube.conf) into `dir`, with nginx's temp folders. */
export async function writeNginxPrefix(dir: string, options: NginxOptions, reloadable = false): Promise<void> {
  await mkdir(path.join(dir, 'tmp'), { recursive: true });
  await writeFile(path.join(dir, 'nginx.conf'), wrapperConf(dir, reloadable));
  await writeFile(path.join(dir, 'clube.conf'), generateNginxConfig(options));
}

export interface LocalNginx {
  readonly port: number;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** nginx's error log so far (why it answered a 502, for instance). */
  errorLog(): Promise<string>;
  /**
   * The block printed again with these API processes and nginx reloaded (SIGHUP), as an operator takes a process out
   * of the upstream before restarting it: requests already proxied finish where they are, new ones go to these.
   */
  setApiServers(apiServers: readonly string[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Debian's nginx with the generated block on a free loopback port, serving `root` and proxying to `apiServers`,
 * from a temporary prefix removed on stop.
 */
export async function startLocalNginx(
  options: Pick<NginxOptions, 'root' | 'apiServers'> &
    Partial<Pick<NginxOptions, 'serverName' | 'brotli' | 'csp'>> & {
      /** A master and a worker, so setApiServers reloads gracefully (see wrapperConf). */
      readonly reloadable?: boolean;
    },
): Promise<LocalNginx> {
  if (!nginxBin) throw new Error('nginx não encontrado. Instale com: sudo apt-get install -y nginx');
  const dir = await mkdtemp(path.join(tmpdir(), 'clube-nginx-'));
  const port = await freePort();
  const { reloadable = false, ...generated } = options;
  const settings: NginxOptions = { serverName: 'clube.test', brotli: false, ...generated, listen: `127.0.0.1:${port}` };
  await writeNginxPrefix(dir, settings, reloadable);
  const nginx = spawn(nginxBin, nginxArgs(dir), { stdio: 'ignore' });
  const stop = async () => {
    if (nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, {
      failed: async () =>
        nginx.exitCode === null
          ? null
          : new Error(
              `nginx exited with code ${nginx.exitCode}: ${await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`,
            ),
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const errorLog = () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
  const setApiServers = async (apiServers: readonly string[]) => {
    const reloads = (await errorLog()).split('reconfiguring').length;
    if (!reloadable) throw new Error('nginx iniciado sem reloadable: não recarrega sem derrubar conexões');
    await writeNginxPrefix(dir, { ...settings, apiServers }, reloadable);
    nginx.kill('SIGHUP');
    // Reloaded once the master says so in its log.
    for (let i = 0; i < 100 && (await errorLog()).split('reconfiguring').length === reloads; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if ((await errorLog()).split('reconfiguring').length === reloads) throw new Error('nginx não recarregou');
  };
  return { port, url: `http://127.0.0.1:${port}`, errorLog, setApiServers, stop };
}
