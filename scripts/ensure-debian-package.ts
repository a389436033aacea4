import { existsSync } from 'node:fs';
import { run } from './run';

let updated = false;

/**
 * The test suite uses real servers and a real browser from Debian's packages (Chromium, PostgreSQL, nginx), never
 * downloaded binaries. Installs the package when its binary is missing and we are root; otherwise says how.
 */
export function ensureDebianPackage(binary: string, debianPackage: string, envVar: string): void {
  if (existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `${binary} não encontrado. Instale o pacote do Debian com:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${debianPackage}\n` +
        `ou indique outro caminho em ${envVar}.`,
    );
    process.exit(1);
  }
  console.log(`Instalando ${debianPackage} do Debian (apt-get install ${debianPackage})…`);
  if (!updated) run('apt-get', ['update', '-qq']);
  updated = true;
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', debianPackage], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
