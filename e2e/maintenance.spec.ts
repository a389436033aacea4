import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedReferenceData } from '../server/seed';
import { createMember } from '../server/modules/users/repository';
import { freePort } from '../server/test/free-port';
import { expect, expectNoAxeViolations, measuredTimeout, signInWithStorage, test } from './fixtures';
import { newIdentity } from './identities';
import { PASSWORD } from './members';
import { serverEntry } from './club-cli';
import { COMPLETE_PROFILE } from './profile-members';

/**
 * Maintenance at run time, as a member meets it: a second club process serving the same built `out/` on its own
 * port and data folder, started normally, then with MAINTENANCE=true, then normally again on the same port (the
 * browser's storage belongs to that origin).
 */
interface Club {
  readonly origin: string;
  start(env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

function club(port: number, dataDir: string): Club {
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  return {
    origin,
    async start(env = {}) {
      child = spawn(process.execPath, serverEntry('main'), {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SKIP_BUILD: '1',
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          DEMO_DATA: 'false',
          DEVICE_RISK_AUTOMATION: 'off',
          ...env,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const exited = new Promise<never>((_, reject) =>
        child?.once('exit', (code) => reject(new Error(`o servidor saiu com o código ${code}`))),
      );
      const deadline = Date.now() + 60_000;
      for (;;) {
        const up = await Promise.race([
          fetch(`${origin}/login`).then(
            (r) => r.ok,
            () => false,
          ),
          exited,
        ]);
        if (up) return;
        if (Date.now() > deadline) throw new Error(`o servidor não respondeu em ${origin}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const gone = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await gone;
    },
  };
}

/** A member with a complete profile in a fresh club database, created before any process opens it. */
async function prepareClub(dataDir: string) {
  const who = newIdentity();
  const db = createDatabase({ file: join(dataDir, 'club.sqlite') });
  try {
    await migrateToLatest(db);
    await seedReferenceData(db);
    await createMember(db, {
      name: who.name,
      surName: who.surName,
      cpf: who.cpf,
      email: who.email,
      password: PASSWORD,
      emailConfirmed: true,
      accountType: 'member',
      phoneNumber: who.phone,
      phoneVerified: true,
      ...COMPLETE_PROFILE,
    });
  } finally {
    await db.destroy();
  }
  return who;
}

test.describe('maintenance mode (MAINTENANCE=true)', () => {
  let dataDir: string;
  let server: Club;

  test.beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'clube-manutencao-'));
    server = club(await freePort(), dataDir);
  });

  test.afterEach(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a logged-in member sees "Estamos em manutenção" and is still logged in when the club is back', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(measuredTimeout(72.6));
    const who = await prepareClub(dataDir);
    await server.start();
    const api = await playwright.request.newContext({ baseURL: server.origin });
    await signInWithStorage(page, who.email, PASSWORD, api);
    await api.dispose();

    await page.goto(`${server.origin}/`);
    await expect(page.getByRole('heading', { level: 1, name: `Olá, ${who.name}!` })).toBeVisible();

    // The operator restarts the club in maintenance.
    await server.stop();
    await server.start({ MAINTENANCE: 'true' });

    await page.goto(`${server.origin}/minhas-nfs`);
    const title = page.getByRole('heading', { level: 1, name: 'Estamos em manutenção' });
    await expect(title).toBeVisible();
    const notice = page.getByRole('region', { name: 'Estamos em manutenção' });
    await expect(notice.getByText('você continua conectado à sua conta')).toBeVisible();
    await expect(notice.getByRole('link', { name: /^\+55 \(\d{2}\) \d{4,5}-\d{4}$/ })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+$/,
    );
    await expectNoAxeViolations(page);

    // Asking again while the club is still down says so, and logs nobody out.
    await notice.getByRole('button', { name: 'Tentar de novo' }).click();
    await expect(notice.getByText('O clube ainda está em manutenção.')).toBeVisible();
    await expectNoAxeViolations(page);
    const stored = () =>
      page.evaluate(() => ({
        token: window.localStorage.getItem('CD_TOKEN'),
        refresh: window.localStorage.getItem('CD_REFRESH_TOKEN'),
      }));
    const during = await stored();
    expect(during.token).toBeTruthy();
    expect(during.refresh).toBeTruthy();

    // The club is back: "Tentar de novo" brings the page back, with the same member.
    await server.stop();
    await server.start();
    await notice.getByRole('button', { name: 'Tentar de novo' }).click();
    await expect(title).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Minhas notas fiscais' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entrar' })).toHaveCount(0);
    expect((await stored()).refresh).toBeTruthy();
    await page.goto(`${server.origin}/`);
    await expect(page.getByRole('heading', { level: 1, name: `Olá, ${who.name}!` })).toBeVisible();
  });
});
