import './test/esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { DEMO_PRESENT_NOTICE, DEMO_REFUSED_NOTICE, seedAtStart } from './seed';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, totpCodeAt } from './modules/staff';
import { DEMO_MEMBER_ACCOUNTS } from './modules/users';
import { LocalDiskStorage } from './storage/local-disk';
import { testConfig } from './test/helpers';
import { LOGIN, painelGql } from './test/staff';
import { createTestDatabase, testDialect, type TestDatabase } from './test/test-database';

let dataDir: string;
let database: TestDatabase;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-start-'));
});
afterEach(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const production = (overrides: Partial<AppConfig> = {}) =>
  testConfig({ nodeEnv: 'production', dataDir, demoData: false, demoDataRefused: false, ...overrides });

const start = (config: AppConfig) =>
  seedAtStart(database.db, { config, storage: new LocalDiskStorage(path.join(dataDir, 'uploads')) });

const demoMembers = () =>
  database.db
    .selectFrom('users')
    .select('email')
    .where(
      'cpf',
      'in',
      DEMO_MEMBER_ACCOUNTS.map((a) => a.cpf),
    )
    .execute();
const staffEmails = async () =>
  (await database.db.selectFrom('staff_accounts').select('email').orderBy('email').execute()).map((s) => s.email);

/** A painel sign-in with a password and the code an authenticator shows now for `secret`. */
async function signsIn(config: AppConfig, email: string, password: string, secret: string): Promise<boolean> {
  const app = buildApp({ db: database.db, config, queryCache: false });
  try {
    const code = totpCodeAt(secret, config.now());
    const res = await painelGql<{ staffLogin: { token: string } }>(app, LOGIN, { email, password, code });
    return Boolean(res.data?.staffLogin.token);
  } finally {
    await app.close();
  }
}

/** The password and key a printed line gives an account. */
function printed(lines: readonly string[], email: string): { password: string; secret: string } {
  const line = lines.find((l) => l.includes(`<${email}>`)) ?? '';
  const [, password = '', secret = ''] = /senha (\S+) {2}chave do autenticador ([A-Z2-7]+)$/.exec(line) ?? [];
  return { password, secret };
}

describe('the start of a club under NODE_ENV=production', () => {
  it('without DEMO_DATA creates no demo account (not even the content editor) and says why on the terminal', async () => {
    database = await createTestDatabase({ seeded: false });
    const lines = await start(production({ demoDataRefused: true }));
    expect(lines).toEqual([DEMO_REFUSED_NOTICE]);
    expect(await demoMembers()).toEqual([]);
    expect(await staffEmails()).toEqual([]);
    // The club's own data is there: the content a new club starts with.
    const content = await database.db.selectFrom('content_entries').select('id').limit(1).execute();
    expect(content).toHaveLength(1);
  });

  it('with DEMO_DATA=true gives the demo staff fresh secrets, printed on the first start only, never stored in clear', async () => {
    // The demo members already there (the API tests' seed): the start adds the demo staff.
    database = await createTestDatabase();
    const config = production({ demoData: true });
    const lines = await start(config);
    expect(lines.join('\n')).toContain('Anote agora: elas não serão mostradas de novo');
    for (const person of DEMO_STAFF) {
      const { password, secret } = printed(lines, person.email);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(secret).not.toBe(person.totpSecret);
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect(password).not.toBe(DEMO_STAFF_PASSWORD);
      expect(await signsIn(config, person.email, password, secret)).toBe(true);
      // The README's secrets open nothing.
      expect(await signsIn(config, person.email, DEMO_STAFF_PASSWORD, person.totpSecret)).toBe(false);
      // Neither the account nor the audit trail holds the password itself.
      const stored = JSON.stringify(await database.db.selectFrom('staff_accounts').selectAll().execute());
      const audit = JSON.stringify(await database.db.selectFrom('staff_audit').selectAll().execute());
      expect(stored).not.toContain(password);
      expect(audit).not.toContain(password);
      expect(audit).not.toContain(secret);
    }

    // The second start finds them: nothing secret is printed again, only that demo data is there and how to go on.
    const again = await start(config);
    expect(again).toEqual(DEMO_PRESENT_NOTICE);
    expect(again.join('\n')).toContain('npm run staff -- reset-totp <e-mail>');
    expect(again.join('\n')).toContain('npm run staff -- remove-demo e npm run members -- remove-demo');
  });

  it('without DEMO_DATA, on a database first started in development, takes the README’s secrets away from the demo staff', async () => {
    database = await createTestDatabase();
    const config = production({ demoDataRefused: true });
    const lines = await start(config);
    expect(lines[0]).toBe(DEMO_REFUSED_NOTICE);
    if (testDialect() === 'sqlite') {
      // The development start gave them the README's secrets: they get new ones, shown this once.
      const [admin] = DEMO_STAFF;
      const { password, secret } = printed(lines, admin!.email);
      expect(await signsIn(config, admin!.email, password, secret)).toBe(true);
      expect(await signsIn(config, admin!.email, DEMO_STAFF_PASSWORD, admin!.totpSecret)).toBe(false);
    } else {
      // PostgreSQL never had demo staff; the demo members remain, and the start says so.
      expect(lines.slice(1)).toEqual(DEMO_PRESENT_NOTICE);
    }
    expect(await start(config)).toEqual([DEMO_REFUSED_NOTICE, ...DEMO_PRESENT_NOTICE]);
  });
});

describe('the start of a club in development', () => {
  it('keeps the README’s demo logins and prints nothing', async () => {
    database = await createTestDatabase();
    const config = testConfig({ nodeEnv: 'development', dataDir, demoData: true });
    expect(await start(config)).toEqual([]);
    expect((await demoMembers()).map((m) => m.email)).toEqual(
      expect.arrayContaining(['marceneiro@exemplo.com.br', 'editor@exemplo.com.br']),
    );
    if (testDialect() === 'sqlite') {
      expect(await staffEmails()).toEqual(['admin@exemplo.com.br', 'revisor@exemplo.com.br']);
      const [, reviewer] = DEMO_STAFF;
      expect(await signsIn(config, reviewer!.email, DEMO_STAFF_PASSWORD, reviewer!.totpSecret)).toBe(true);
    } else {
      expect(await staffEmails()).toEqual([]);
    }
  });
});
