import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { run } from './run';

/** A binary the suite runs, the Debian package that has it, and the variable that names another path. */
export interface DebianBinary {
  binary: string;
  debianPackage: string;
  envVar: string;
}

/**
 * The wanted packages whose binary is missing. Exits with the command to run when some are missing and we are not
 * root: the suite uses real servers and a real browser from Debian's packages, never downloaded binaries.
 */
function missingPackages(wanted: readonly DebianBinary[]): string[] {
  const missing = wanted.filter(({ binary }) => !existsSync(binary));
  if (missing.length > 0 && process.getuid?.() !== 0) {
    const names = missing.map((m) => m.debianPackage).join(' ');
    console.error(
      `${missing.map((m) => m.binary).join(', ')} não encontrado. Instale os pacotes do Debian com:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${names}\n` +
        `ou indique outro caminho em ${missing.map((m) => m.envVar).join(', ')}.`,
    );
    process.exit(1);
  }
  return missing.map((m) => m.debianPackage);
}

const APT_ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const aptInstall = (packages: readonly string[]) => [
  'install',
  '-y',
  '-qq',
  '--no-install-recommends',
  ...packages,
];

/** Installs the package when its binary is missing and we are root; otherwise says how. */
export function ensureDebianPackage(binary: string, debianPackage: string, envVar: string): void {
  const packages = missingPackages([{ binary, debianPackage, envVar }]);
  if (packages.length === 0) return;
  console.log(`Instalando ${packages.join(' ')} do Debian…`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', aptInstall(packages), { env: APT_ENV });
}

/**
 * Installs every missing package with one apt-get, in the background: on a fresh machine the download and unpacking
 * take a minute or two that the type check and the lint, which need none of them, spend on the processor meanwhile.
 * Resolves when they are installed; exits the script when apt-get fails.
 */
export function installDebianPackagesInBackground(wanted: readonly DebianBinary[]): Promise<void> {
  const packages = missingPackages(wanted);
  if (packages.length === 0) return Promise.resolve();
  console.log(`Instalando ${packages.join(' ')} do Debian, em paralelo com a verificação de tipos e o lint…`);
  const script = `apt-get update -qq && apt-get ${aptInstall(packages).join(' ')}`;
  const child = spawn('sh', ['-c', script], { stdio: 'inherit', env: APT_ENV });
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      console.error(`\n✖ apt-get install ${packages.join(' ')} falhou (código ${code})`);
      process.exit(code ?? 1);
    });
  });
}
