import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type FakeClock, type TestApp } from '../../test/helpers';
import { codeOf, enrolStaff, LOGIN, painelGql, SETUP, STAFF_PASSWORD } from '../../test/staff';
import { operatorSwitches } from '../members';
import { terminalActor, totpCodeAt } from '.';
import { inviteStaff } from './accounts';

let t: TestApp;
let clock: FakeClock;
beforeEach(async () => {
  clock = fakeClock();
  t = await createTestApp({ now: clock.now });
});
afterEach(() => t.close());

const ME = '{ staffMe { id name email roles } }';
const SESSION_ENDED = 'Sua sessão terminou. Entre de novo.';
const WRONG = 'E-mail, senha ou código do autenticador incorretos.';

/** The code an authenticator shows `steps` periods of 30 seconds from now (a phone's clock a little ahead). */
const codeIn = (secret: string, steps = 0) => totpCodeAt(secret, clock.now() + steps * 30_000);

const login = (email: string, code: string, password = STAFF_PASSWORD) =>
  painelGql<{ staffLogin: { token: string; expiresAt: string } }>(t.app, LOGIN, { email, password, code });

describe('two worlds: the painel endpoint and the members’ endpoint', () => {
  it('refuses a member token on the painel and a staff token on the member API', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    const member = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);

    const memberOnPainel = await painelGql(t.app, ME, {}, member.token);
    expect(codeOf(memberOnPainel)).toBe('UNAUTHENTICATED');
    expect(memberOnPainel.data).toBeNull();

    const staffOnMembers = await gql(t.app, '{ me { id } }', {}, { authorization: `Bearer ${admin.token}` });
    expect(codeOf(staffOnMembers)).toBe('UNAUTHENTICATED');

    expect((await painelGql<{ staffMe: { email: string } }>(t.app, ME, {}, admin.token)).data?.staffMe.email).toBe(
      'admin@clube.test',
    );
  });

  it('shows nothing of the staff in the member schema, to introspection or a guessed field', async () => {
    const schema = await gql<{ __schema: { types: { name: string; fields: { name: string }[] | null }[] } }>(
      t.app,
      '{ __schema { types { name fields { name } } } }',
    );
    const names = schema.data!.__schema.types.flatMap((type) => [type.name, ...(type.fields ?? []).map((f) => f.name)]);
    expect(names.filter((name) => /staff|painel/i.test(name))).toEqual([]);

    const guessed = await gql(t.app, '{ staffAccounts { id email } }');
    expect(codeOf(guessed)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(guessed.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });

  it('lets an anonymous caller reach only the sign-in and set-up operations: no introspection, no field probing', async () => {
    const introspection = await painelGql(t.app, '{ __schema { queryType { name } } }');
    expect(codeOf(introspection)).toBe('UNAUTHENTICATED');
    expect(introspection.errors?.[0]?.message).toBe('Entre com a sua conta da equipe.');
    expect(codeOf(await painelGql(t.app, '{ staffAcounts { id } }'))).toBe('UNAUTHENTICATED');
    expect(codeOf(await painelGql(t.app, '{ __typename }'))).toBe('UNAUTHENTICATED');
    // A public operation that does not validate still says why, to whoever writes the painel.
    expect(codeOf(await painelGql(t.app, 'mutation { staffLogin(email: "a") { token } }'))).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
  });

  it('turns introspection off for staff in production, and keeps the CSRF header and the request limits', async () => {
    await t.close();
    t = await createTestApp({ now: clock.now, nodeEnv: 'production' });
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    expect(codeOf(await painelGql(t.app, '{ __schema { queryType { name } } }', {}, admin.token))).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );

    const simple = await t.app.inject({
      method: 'POST',
      url: '/painel/graphql',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ query: ME }),
    });
    expect(simple.statusCode).toBe(400);
    expect(simple.json()).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });

    const wide = `{ ${Array.from({ length: 9 }, (_, i) => `a${i}: staffMe { id }`).join(' ')} }`;
    const refused = await painelGql(t.app, wide, {}, admin.token);
    expect(refused.status).toBe(400);
    expect(codeOf(refused)).toBe('QUERY_TOO_COMPLEX');
  });
});

describe('staff sign-in: e-mail, password and the authenticator code', () => {
  it('signs in with all three right, and says the same for a wrong password, a wrong code or an unknown e-mail', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    clock.advance(30_000);
    for (const attempt of [
      await login(admin.email, codeIn(admin.secret), 'Senha#Errada2026'),
      await login(admin.email, codeIn(admin.secret, 5)),
      await login('ninguem@clube.test', codeIn(admin.secret)),
    ]) {
      expect(codeOf(attempt)).toBe('BAD_USER_INPUT');
      expect(attempt.errors?.[0]?.message).toBe(WRONG);
    }
    const ok = await login('  ADMIN@clube.test ', codeIn(admin.secret));
    expect(ok.errors).toBeUndefined();
    expect(Date.parse(ok.data!.staffLogin.expiresAt) - clock.now()).toBe(10 * 60 * 60 * 1000);
    expect((await painelGql(t.app, ME, {}, ok.data!.staffLogin.token)).data).toMatchObject({
      staffMe: { email: 'admin@clube.test', roles: ['admin'] },
    });
  });

  it('takes a code once: the same code again, or a code of an earlier step, is refused', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    clock.advance(60_000);
    const code = codeIn(admin.secret);
    expect((await login(admin.email, code)).errors).toBeUndefined();
    expect((await login(admin.email, code)).errors?.[0]?.message).toBe(WRONG);
    expect((await login(admin.email, codeIn(admin.secret, -1))).errors?.[0]?.message).toBe(WRONG);
    // The next step's code (a phone a little ahead) still works.
    expect((await login(admin.email, codeIn(admin.secret, 1))).errors).toBeUndefined();
  });

  it('refuses the set-up code for the first sign-in: it was already used', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    expect((await login(admin.email, codeIn(admin.secret))).errors?.[0]?.message).toBe(WRONG);
  });

  it('locks the account’s sign-in after 5 wrong tries, even with everything right', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    for (let i = 0; i < 5; i += 1) await login(admin.email, codeIn(admin.secret, 1), 'Senha#Errada2026');
    const locked = await login(admin.email, codeIn(admin.secret, 1));
    expect(codeOf(locked)).toBe('TOO_MANY_REQUESTS');
    expect(locked.errors?.[0]?.message).toBe(
      'Muitas tentativas erradas com esta conta. Aguarde 15 minutos e tente de novo.',
    );
    // Another account is not locked by it.
    const other = await enrolStaff(t, { email: 'outra@clube.test', roles: ['revisor'] });
    expect((await login(other.email, codeIn(other.secret, 1))).errors).toBeUndefined();
  });

  it('tells a disabled account so, only once all three are right', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    const other = await enrolStaff(t, { email: 'rev@clube.test', roles: ['revisor'] });
    await painelGql(
      t.app,
      'mutation ($id: ID!) { staffSetDisabled(id: $id, disabled: true) { status } }',
      { id: String(other.id) },
      admin.token,
    );
    expect((await login(other.email, codeIn(other.secret, 1), 'Senha#Errada2026')).errors?.[0]?.message).toBe(WRONG);
    const disabled = await login(other.email, codeIn(other.secret, 1));
    expect(codeOf(disabled)).toBe('FORBIDDEN');
    expect(disabled.errors?.[0]?.message).toBe('Esta conta da equipe está desativada. Fale com um administrador.');
  });
});

describe('painel sessions', () => {
  it('end after 30 minutes without a request, and keep going while used', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    clock.advance(29 * 60 * 1000);
    expect((await painelGql(t.app, ME, {}, admin.token)).errors).toBeUndefined();
    clock.advance(29 * 60 * 1000);
    expect((await painelGql(t.app, ME, {}, admin.token)).errors).toBeUndefined();
    clock.advance(30 * 60 * 1000);
    const ended = await painelGql(t.app, ME, {}, admin.token);
    expect(codeOf(ended)).toBe('UNAUTHENTICATED');
    expect(ended.errors?.[0]?.message).toBe(SESSION_ENDED);
    // Over is over: activity does not bring it back.
    clock.advance(-60 * 60 * 1000);
    expect(codeOf(await painelGql(t.app, ME, {}, admin.token))).toBe('UNAUTHENTICATED');
  });

  it('end 10 hours after the sign-in however busy, and at logout', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    for (let hour = 0; hour < 40; hour += 1) {
      clock.advance(15 * 60 * 1000);
      const res = await painelGql(t.app, ME, {}, admin.token);
      if (hour < 39) expect(res.errors).toBeUndefined();
      else expect(res.errors?.[0]?.message).toBe(SESSION_ENDED);
    }
    const again = await login(admin.email, codeIn(admin.secret));
    const token = again.data!.staffLogin.token;
    expect((await painelGql(t.app, 'mutation { staffLogout }', {}, token)).data).toEqual({ staffLogout: true });
    expect((await painelGql(t.app, ME, {}, token)).errors?.[0]?.message).toBe(SESSION_ENDED);
  });
});

describe('set-up links', () => {
  const LINK = 'query ($token: String!) { staffSetupLink(token: $token) { name email otpauthUri secret expiresAt } }';
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';
  const invite = (email = 'nova@clube.test') =>
    inviteStaff(t, terminalActor('teste'), { name: 'Nova Pessoa', email, roles: ['revisor'] });

  it('shows whose link it is with the authenticator’s QR address and secret, for 24 hours', async () => {
    const invitation = await invite();
    expect(invitation.setupUrl).toMatch(/^http:\/\/clube\.test\/painel\/ativar\?token=[\w-]{43}$/);
    const link = await painelGql<{ staffSetupLink: { otpauthUri: string; secret: string; email: string } }>(
      t.app,
      LINK,
      {
        token: tokenOf(invitation.setupUrl),
      },
    );
    const { otpauthUri, secret } = link.data!.staffSetupLink;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Clube%20do%20Marceneiro:nova%40clube.test?issuer=Clube%20do%20Marceneiro&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const stored = await t.db.selectFrom('staff_setup_links').select('token_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(tokenOf(invitation.setupUrl));

    clock.advance(24 * 60 * 60 * 1000);
    const expired = await painelGql(t.app, LINK, { token: tokenOf(invitation.setupUrl) });
    expect(codeOf(expired)).toBe('NOT_FOUND');
    expect(expired.errors?.[0]?.message).toBe('Este link de ativação não vale mais. Peça um novo a um administrador.');
  });

  it('asks for a password by the members’ rules and the right first code, then works no more', async () => {
    const invitation = await invite();
    const token = tokenOf(invitation.setupUrl);
    const secret = (await painelGql<{ staffSetupLink: { secret: string } }>(t.app, LINK, { token })).data!
      .staffSetupLink.secret;

    const weak = await painelGql(t.app, SETUP, { token, password: '12345678', code: codeIn(secret) });
    expect(weak.errors?.[0]?.extensions?.fields).toHaveProperty('password');
    const wrongCode = await painelGql(t.app, SETUP, { token, password: STAFF_PASSWORD, code: codeIn(secret, 4) });
    expect(wrongCode.errors?.[0]?.extensions?.fields).toEqual({
      code: 'Código incorreto. Confira se o horário do celular está certo e digite o código que aparece agora.',
    });

    const done = await painelGql<{ staffSetup: { token: string } }>(t.app, SETUP, {
      token,
      password: STAFF_PASSWORD,
      code: codeIn(secret),
    });
    expect(done.errors).toBeUndefined();
    expect((await painelGql(t.app, ME, {}, done.data!.staffSetup.token)).errors).toBeUndefined();
    expect(codeOf(await painelGql(t.app, SETUP, { token, password: STAFF_PASSWORD, code: codeIn(secret, 1) }))).toBe(
      'NOT_FOUND',
    );
    const account = await t.db
      .selectFrom('staff_accounts')
      .selectAll()
      .where('email', '=', 'nova@clube.test')
      .executeTakeFirstOrThrow();
    expect(account.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('stops an older link when a newer one is made', async () => {
    const first = await invite();
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    const reset = await painelGql<{ staffResetAuthenticator: { setupUrl: string } }>(
      t.app,
      'mutation ($id: ID!) { staffResetAuthenticator(id: $id) { setupUrl } }',
      { id: first.account.id },
      admin.token,
    );
    expect(codeOf(await painelGql(t.app, LINK, { token: tokenOf(first.setupUrl) }))).toBe('NOT_FOUND');
    expect(
      (await painelGql(t.app, LINK, { token: tokenOf(reset.data!.staffResetAuthenticator.setupUrl) })).errors,
    ).toBeUndefined();
  });
});

describe('admins manage the team', () => {
  const INVITE = `mutation ($input: StaffInviteInput!) {
    staffInvite(input: $input) { account { id email roles status } setupUrl expiresAt }
  }`;
  const ROLES = 'mutation ($id: ID!, $roles: [StaffRole!]!) { staffSetRoles(id: $id, roles: $roles) { roles } }';
  const DISABLE =
    'mutation ($id: ID!, $disabled: Boolean!) { staffSetDisabled(id: $id, disabled: $disabled) { status } }';

  it('invites with roles (a pending account and its link), refusing a taken e-mail or no role', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    const invited = await painelGql<{
      staffInvite: { account: { status: string; roles: string[] }; setupUrl: string };
    }>(
      t.app,
      INVITE,
      { input: { name: 'Rita Revisora', email: 'Rita@Clube.test', roles: ['revisor', 'atendimento'] } },
      admin.token,
    );
    expect(invited.data?.staffInvite.account).toEqual(
      expect.objectContaining({ status: 'PENDING', roles: ['revisor', 'atendimento'] }),
    );
    const taken = await painelGql(
      t.app,
      INVITE,
      { input: { name: 'Outra', email: 'rita@clube.test', roles: ['lojas'] } },
      admin.token,
    );
    expect(taken.errors?.[0]?.extensions?.fields).toEqual({
      'input.email': 'Já existe uma conta da equipe com este e-mail.',
    });
    const noRole = await painelGql(
      t.app,
      INVITE,
      { input: { name: 'Outra', email: 'x@clube.test', roles: [] } },
      admin.token,
    );
    expect(noRole.errors?.[0]?.extensions?.fields).toEqual({ 'input.roles': 'Escolha ao menos uma função.' });
  });

  it('never lets the last active admin go, nor an admin disable themselves', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    // The only admin (the embedded default's demo admin aside).
    await t.db.deleteFrom('staff_roles').where('role', '=', 'admin').where('staff_id', '!=', admin.id).execute();
    const lastAdmin = await painelGql(t.app, ROLES, { id: String(admin.id), roles: ['revisor'] }, admin.token);
    expect(lastAdmin.errors?.[0]?.message).toBe('A equipe precisa de ao menos um administrador ativo.');
    const self = await painelGql(t.app, DISABLE, { id: String(admin.id), disabled: true }, admin.token);
    expect(self.errors?.[0]?.message).toBe('Você não pode desativar a sua própria conta.');

    const second = await enrolStaff(t, { email: 'admin2@clube.test', roles: ['admin'] });
    expect((await painelGql(t.app, ROLES, { id: String(second.id), roles: ['lojas'] }, admin.token)).data).toEqual({
      staffSetRoles: { roles: ['lojas'] },
    });
    // Roles apply from the next request of the changed person.
    expect(codeOf(await painelGql(t.app, '{ staffAccounts { id } }', {}, second.token))).toBe('FORBIDDEN');
  });

  it('ends every session of a disabled account at once; a reset authenticator stops the old one', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    const reviewer = await enrolStaff(t, { email: 'rev@clube.test', roles: ['revisor'] });
    await painelGql(t.app, DISABLE, { id: String(reviewer.id), disabled: true }, admin.token);
    expect((await painelGql(t.app, ME, {}, reviewer.token)).errors?.[0]?.message).toBe(SESSION_ENDED);
    expect(
      (
        await painelGql<{ staffSetDisabled: { status: string } }>(
          t.app,
          DISABLE,
          { id: String(reviewer.id), disabled: false },
          admin.token,
        )
      ).data?.staffSetDisabled.status,
    ).toBe('ACTIVE');

    clock.advance(30_000);
    const session = await login(reviewer.email, codeIn(reviewer.secret));
    await painelGql(
      t.app,
      'mutation ($id: ID!) { staffResetAuthenticator(id: $id) { setupUrl } }',
      { id: String(reviewer.id) },
      admin.token,
    );
    expect(codeOf(await painelGql(t.app, ME, {}, session.data!.staffLogin.token))).toBe('UNAUTHENTICATED');
    expect((await login(reviewer.email, codeIn(reviewer.secret, 1))).errors?.[0]?.message).toBe(WRONG);
    const accounts = await painelGql<{ staffAccounts: { email: string; status: string }[] }>(
      t.app,
      '{ staffAccounts { email status } }',
      {},
      admin.token,
    );
    expect(accounts.data?.staffAccounts).toEqual(
      expect.arrayContaining([{ email: 'rev@clube.test', status: 'PENDING' }]),
    );
  });
});

describe('the audit trail', () => {
  const AUDIT = `query ($filter: StaffAuditFilter, $first: Int, $after: String) {
    staffAudit(filter: $filter, first: $first, after: $after) {
      entries { actorKind actorName role action objectType objectId objectLabel before after ip }
      nextCursor
      actions
    }
  }`;
  type Page = {
    staffAudit: {
      entries: Record<string, string | null>[];
      nextCursor: string | null;
      actions: string[];
    };
  };

  it('records who, role, what, object, before → after and IP for every staff change, filterable', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    const reviewer = await enrolStaff(t, { email: 'rev@clube.test', roles: ['revisor'] });
    await painelGql(
      t.app,
      'mutation ($id: ID!, $roles: [StaffRole!]!) { staffSetRoles(id: $id, roles: $roles) { id } }',
      { id: String(reviewer.id), roles: ['revisor', 'lojas'] },
      admin.token,
    );

    const roles = await painelGql<Page>(t.app, AUDIT, { filter: { action: 'staff.roles' } }, admin.token);
    expect(roles.data?.staffAudit.entries).toEqual([
      {
        actorKind: 'STAFF',
        actorName: 'Pessoa da Equipe <admin@clube.test>',
        role: 'admin',
        action: 'staff.roles',
        objectType: 'staff',
        objectId: String(reviewer.id),
        objectLabel: 'rev@clube.test',
        before: '{"roles":["revisor"]}',
        after: '{"roles":["revisor","lojas"]}',
        ip: '127.0.0.1',
      },
    ]);
    expect(roles.data?.staffAudit.actions).toEqual(
      expect.arrayContaining(['staff.invite', 'staff.roles', 'staff.setup']),
    );

    const byObject = await painelGql<Page>(
      t.app,
      AUDIT,
      { filter: { object: 'REV@clube', actor: 'teste' } },
      admin.token,
    );
    expect(byObject.data?.staffAudit.entries.map((e) => e.action)).toEqual(['staff.invite']);

    // A number is one object: invoice #56, not invoice #37 whose access key holds "56".
    const key37 = '35261158716523000119550010000005611000000370';
    for (const [id, label] of [
      ['37', key37],
      ['56', '35261158716523000119550010000000991000000991'],
    ] as const) {
      await t.db
        .insertInto('staff_audit')
        .values({
          created_at: '2026-11-22T12:00:00.000Z',
          actor_kind: 'terminal',
          actor_name: 'Operador',
          action: 'invoice.approve',
          object_type: 'invoice',
          object_id: id,
          object_label: label,
        })
        .execute();
    }
    const byNumber = async (object: string) =>
      (await painelGql<Page>(t.app, AUDIT, { filter: { object } }, admin.token)).data?.staffAudit.entries.map(
        (e) => e.objectId,
      );
    expect(await byNumber('56')).toEqual(['56']);
    expect(await byNumber(key37)).toEqual(['37']);

    const today = await painelGql<Page>(
      t.app,
      AUDIT,
      { filter: { from: '2026-11-22', to: '2026-11-22', object: 'rev@' } },
      admin.token,
    );
    expect(today.data?.staffAudit.entries.map((e) => e.action)).toEqual(['staff.roles', 'staff.setup', 'staff.invite']);
    const tomorrow = await painelGql<Page>(
      t.app,
      AUDIT,
      { filter: { from: '2026-11-23', object: 'rev@' } },
      admin.token,
    );
    expect(tomorrow.data?.staffAudit.entries).toEqual([]);
    const badDay = await painelGql(t.app, AUDIT, { filter: { from: '2026-02-30' } }, admin.token);
    expect(badDay.errors?.[0]?.extensions?.fields).toEqual({ 'filter.from': 'Data inválida: use AAAA-MM-DD.' });

    const first = await painelGql<Page>(t.app, AUDIT, { filter: { object: 'clube.test' }, first: 2 }, admin.token);
    const next = await painelGql<Page>(
      t.app,
      AUDIT,
      { filter: { object: 'clube.test' }, first: 2, after: first.data?.staffAudit.nextCursor },
      admin.token,
    );
    expect(first.data?.staffAudit.entries).toHaveLength(2);
    expect(next.data?.staffAudit.entries[0]).not.toEqual(first.data?.staffAudit.entries[1]);
  });

  it('holds the members’ support switches, with what changed, beside the staff’s', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    await operatorSwitches.disable(t, DEMO_MEMBER.email, 'suporte.ana');
    const page = await painelGql<Page>(t.app, AUDIT, { filter: { action: 'member.disable' } }, admin.token);
    const [line] = page.data!.staffAudit.entries;
    expect(line).toMatchObject({ actorKind: 'TERMINAL', actorName: 'suporte.ana', objectType: 'member', role: null });
    // Disabling ends the member's sessions: the trail says how many were live (none here).
    expect(JSON.parse(line!.before!)).toEqual({ disabled_at: null, sessions: 0 });
    expect(JSON.parse(line!.after!).disabled_at).toBe(new Date(clock.now()).toISOString());
    // One line per switch: the trail is the only audit.
    expect(page.data!.staffAudit.entries).toHaveLength(1);
  });

  it('is append-only', async () => {
    await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    // The invitation and the set-up wrote their lines: a change to any of them, or their removal, is refused.
    const lines = await t.db.selectFrom('staff_audit').select('id').execute();
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const first = lines[0]!.id;
    // Read by its message: better-sqlite3 builds its errors once per process, so in a Jest worker's later test files
    // they are not instances of this file's Error, and `rejects.toThrow` would call them no error at all.
    const refusal = (run: Promise<unknown>) =>
      run.then(
        () => 'accepted',
        (error: { message?: string }) => error.message ?? String(error),
      );
    expect(
      await refusal(t.db.updateTable('staff_audit').set({ action: 'x' }).where('id', '=', first).execute()),
    ).toMatch(/append-only/);
    expect(await refusal(t.db.deleteFrom('staff_audit').where('id', '=', first).execute())).toMatch(/append-only/);
    expect(await t.db.selectFrom('staff_audit').select('id').execute()).toEqual(lines);
  });

  it('exports the filtered trail as CSV to an admin only, and audits the export', async () => {
    const admin = await enrolStaff(t, { email: 'admin@clube.test', roles: ['admin'] });
    const reviewer = await enrolStaff(t, { email: 'rev@clube.test', roles: ['revisor'] });
    await inviteStaff(t, terminalActor('=cmd|calc'), {
      name: 'Nome; com "aspas"',
      email: 'csv@clube.test',
      roles: ['lojas'],
    });
    const csv = (token?: string, query = '') =>
      t.app.inject({
        method: 'GET',
        url: `/painel/auditoria.csv${query}`,
        headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });

    expect((await csv()).statusCode).toBe(401);
    expect((await csv(reviewer.token)).statusCode).toBe(403);
    expect((await csv(admin.token, '?from=ontem')).statusCode).toBe(400);
    const noPreflight = await t.app.inject({
      method: 'GET',
      url: '/painel/auditoria.csv',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(noPreflight.statusCode).toBe(400);

    const res = await csv(admin.token, '?object=csv%40clube.test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="auditoria-2026-11-22.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '\ufeffdata e hora (Brasília);quem;origem;função;ação;objeto;id do objeto;descrição do objeto;antes;depois;IP',
    );
    expect(lines[1]).toMatch(
      /^22\/11\/2026, 09:00;'=cmd\|calc;terminal;;staff\.invite;staff;\d+;csv@clube\.test;;"\{""name"":""Nome; com \\""aspas\\"""",/,
    );
    expect(lines).toHaveLength(3);

    const exports = await painelGql<Page>(t.app, AUDIT, { filter: { action: 'audit.export' } }, admin.token);
    expect(exports.data?.staffAudit.entries).toHaveLength(1);
    expect(JSON.parse(exports.data!.staffAudit.entries[0]!.after!)).toMatchObject({ object: 'csv@clube.test' });
  });
});
