import '../../test/esm-shims';
import { createSharedTestApps, createTestApp, type TestApp } from '../../test/helpers';
import { enrolStaff, LOGIN, painelGql } from '../../test/staff';
import { DEMO_STAFF, removeDemoStaff, replacePublishedDemoSecrets, seedDemoStaff, terminalActor, totpCodeAt } from '.';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const demoEmails = DEMO_STAFF.map((p) => p.email);

const auditLines = () =>
  t.db
    .selectFrom('staff_audit')
    .select(['actor_kind', 'actor_staff_id', 'actor_name', 'action', 'object_label'])
    .orderBy('id')
    .execute();

describe('npm run staff -- remove-demo', () => {
  it('deletes the demo staff with their sessions, keeps the audit trail as it was, and a second run changes nothing', async () => {
    // The demo staff as a production start gives them (either database), one of them having signed in.
    const [admin] = await seedDemoStaff(t.db, { secrets: 'fresh' });
    const login = await painelGql<{ staffLogin: { token: string } }>(t.app, LOGIN, {
      email: admin!.email,
      password: admin!.password,
      code: totpCodeAt(admin!.totpSecret, Date.now()),
    });
    expect(login.data?.staffLogin.token).toBeDefined();
    const other = await enrolStaff(t, { email: 'chefe@clube.test', roles: ['admin'] });

    const result = await removeDemoStaff(t.db, terminalActor('ti.joao'));
    const [, reviewer] = DEMO_STAFF;
    expect(result).toEqual({
      removed: [
        // The admin signed in: the trail names the account, whose row stays behind emptied.
        { name: admin!.name, email: admin!.email, keptForAudit: true },
        { name: reviewer!.name, email: reviewer!.email, keptForAudit: false },
      ],
      noAdminLeft: false,
    });
    const accounts = await t.db.selectFrom('staff_accounts').selectAll().orderBy('id').execute();
    expect(accounts.map((a) => a.email).filter((e) => demoEmails.includes(e))).toEqual([]);
    const retired = accounts.find((a) => a.email.endsWith('@conta-removida.invalid'))!;
    expect(retired).toMatchObject({ password_hash: null, totp_secret: null });
    expect(retired.disabled_at).not.toBeNull();
    expect(accounts.filter((a) => a.id !== retired.id).map((a) => a.email)).toEqual(['chefe@clube.test']);
    // Sessions and roles went with the demo accounts (the other person's stay), and the old sign-in no longer opens.
    const sessions = await t.db.selectFrom('staff_sessions').select('staff_id').execute();
    expect(new Set(sessions.map((s) => s.staff_id))).toEqual(new Set([other.id]));
    const roles = await t.db.selectFrom('staff_roles').select('staff_id').execute();
    expect(new Set(roles.map((r) => r.staff_id))).toEqual(new Set([other.id]));
    const me = await painelGql(t.app, '{ staffMe { id } }', {}, login.data!.staffLogin.token);
    expect(me.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // The sign-in is still in the trail under the person's name; each removal has its line, as the terminal.
    const audit = await auditLines();
    expect(audit).toContainEqual({
      actor_kind: 'staff',
      actor_staff_id: retired.id,
      actor_name: `${admin!.name} <${admin!.email}>`,
      action: 'staff.login',
      object_label: admin!.email,
    });
    const removals = audit.filter((a) => a.action === 'staff.remove-demo');
    expect(removals).toEqual(
      demoEmails.map((email) => ({
        actor_kind: 'terminal',
        actor_staff_id: null,
        actor_name: 'ti.joao',
        action: 'staff.remove-demo',
        object_label: email,
      })),
    );

    expect(await removeDemoStaff(t.db, terminalActor('ti.joao'))).toEqual({ removed: [], noAdminLeft: false });
    expect(await auditLines()).toHaveLength(audit.length);
  });

  it('says when no active admin is left, so the terminal can tell how to make one', async () => {
    await seedDemoStaff(t.db, { secrets: 'fresh' });
    const result = await removeDemoStaff(t.db, terminalActor('ti.joao'));
    expect(result.removed).toHaveLength(DEMO_STAFF.length);
    expect(result.noAdminLeft).toBe(true);
  });
});

describe('a production start on a database that holds the README’s staff secrets', () => {
  it('gives each demo account new secrets once, even with two API processes starting at the same moment', async () => {
    const shared = await createSharedTestApps(2);
    try {
      // As a development club copied to this database would have them.
      await seedDemoStaff(shared.db, { secrets: 'fresh' });
      for (const person of DEMO_STAFF) {
        await shared.db
          .updateTable('staff_accounts')
          .set({ totp_secret: person.totpSecret })
          .where('email', '=', person.email)
          .execute();
      }
      const [first, second] = await Promise.all(shared.dbs.map((db) => replacePublishedDemoSecrets(db)));
      const given = [...first!, ...second!];
      expect(given.map((c) => c.email).sort()).toEqual([...demoEmails].sort());
      for (const credentials of given) {
        const stored = await shared.db
          .selectFrom('staff_accounts')
          .select('totp_secret')
          .where('email', '=', credentials.email)
          .executeTakeFirstOrThrow();
        expect(stored.totp_secret).toBe(credentials.totpSecret);
      }
      expect(await replacePublishedDemoSecrets(shared.db)).toEqual([]);
    } finally {
      await shared.close();
    }
  });
});
