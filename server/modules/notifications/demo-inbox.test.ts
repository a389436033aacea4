import '../../test/esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER, seedDemoClubLife } from '../../seed';
import { LocalDiskStorage } from '../../storage/local-disk';
import { createTestApp, fakeClock, gql, loginAs, type TestApp } from '../../test/helpers';
import { findUserByCpf } from '../users';

const INBOX = `query ($after: String) {
  notifications(first: 5, after: $after) { data { title body url createdAt } nextCursor }
}`;
type Notice = { title: string; body: string; url: string; createdAt: string };

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-avisos-demo-'));
  t = await createTestApp({ now: fakeClock().now, dataDir });
  const ana = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!;
  await seedDemoClubLife(t.db, { config: t.config, storage: new LocalDiskStorage(path.join(dataDir, 'uploads')) }, ana);
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The demo member's inbox as a tester first sees it: her replayed year, read a page at a time as /avisos reads it.
 */
it('lists the demo member’s year newest first by each notice’s date, the shipped apron named by its tracking code', async () => {
  const { token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const notices: Notice[] = [];
  let after: string | null = null;
  do {
    const res: { data?: { notifications: { data: Notice[]; nextCursor: string | null } } | null } = await gql(
      t.app,
      INBOX,
      { after },
      { authorization: `Bearer ${token}` },
    );
    notices.push(...res.data!.notifications.data);
    after = res.data!.notifications.nextCursor;
  } while (after);

  expect(notices.length).toBeGreaterThan(10);
  const dates = notices.map((n) => n.createdAt);
  expect(dates).toEqual([...dates].sort().reverse());
  const shipped = notices.find((n) => n.title === 'Resgate enviado')!;
  expect(shipped.body).toContain('Código de rastreio: QB482913564BR (Correios).');
  expect(shipped.url).toMatch(/^\/meus-resgates#pedido-\d+$/);
});
