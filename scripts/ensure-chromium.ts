import { ensureDebianPackage } from './ensure-debian-package';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** End-to-end tests use Debian's Chromium, never a downloaded browser. Installs it when we are root. */
export function ensureChromium(): void {
  ensureDebianPackage(CHROMIUM_PATH, 'chromium', 'CHROMIUM_PATH');
}
