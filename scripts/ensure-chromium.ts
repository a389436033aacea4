import { existsSync } from 'node:fs';
import { run } from './run';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** End-to-end tests use Debian's Chromium, never a downloaded browser. Installs it when we are root. */
export function ensureChromium(): void {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium não encontrado em ${CHROMIUM_PATH}. Instale o pacote do Debian com:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'ou indique outro binário em CHROMIUM_PATH.',
    );
    process.exit(1);
  }
  console.log('Instalando o Chromium do Debian (apt-get install chromium)…');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
