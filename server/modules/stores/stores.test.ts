import '../../test/esm-shims';
import { STORE_FORM_MESSAGES } from '../../../common/validation/store-schema';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type FakeClock, type TestApp } from '../../test/helpers';
import { codeOf, enrolStaff, freshSession, painelGql, type EnrolledStaff } from '../../test/staff';
import { terminalActor } from '../staff';
import { addStore, setActive, STORE_OPERATOR_MESSAGES, storesList, storesReport } from './actions';
import { STORE_MESSAGES } from './service';

let t: TestApp;
let clock: FakeClock;
beforeEach(async () => {
  clock = fakeClock(Date.parse('2026-11-24T12:00:00.000Z'));
  t = await createTestApp({ now: clock.now });
});
afterEach(() => t.close());

/** An operator at the terminal (`npm run stores -- … --by teste`). */
const TEAM = terminalActor('teste');

type Link = { storeLink: { status: string } };
const LINK = `query ($slug: String!) { storeLink(slug: $slug) { status store { slug name city uf } } }`;
const CREATE = `mutation ($input: CreateUserInput!, $slug: String) {
  createUser(input: $input, subsidiarySlug: $slug) { signupId }
}`;
const SECOND = `mutation ($input: CreateUserSecondStepInput!) {
  createUserSecondStep(input: $input) { access_token }
}`;
const member = (n: number) => ({
  name: 'Joana',
  surName: 'Pereira',
  cpf: ['39053344705', '11144477735', '98765432029'][n]!,
  email: `joana${n}@exemplo.com.br`,
  phoneNumber: `(21) 9987${n}-1234`,
  birthDate: '1985-07-01',
  acceptTerms: true,
  acceptEmailComunications: true,
  acceptMessageComunications: false,
});

/** Signs a member up to the end, through `slug`, and answers their access token. */
async function signUp(n: number, slug: string): Promise<string> {
  const step = await gql<{ createUser: { signupId: string } }>(t.app, CREATE, { input: member(n), slug });
  expect(step.errors).toBeUndefined();
  const sms = await t.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', member(n).phoneNumber.replace(/\D/g, ''))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /(\d{6})/.exec(sms.body)?.[1] ?? '';
  const done = await gql<{ createUserSecondStep: { access_token: string } }>(t.app, SECOND, {
    input: { signupId: step.data!.createUser.signupId, code, password: 'cavaco de cedro 42' },
  });
  expect(done.errors).toBeUndefined();
  return done.data!.createUserSecondStep.access_token;
}

describe('store links', () => {
  it('tells an active store, a retired one and an unknown slug apart, without a session', async () => {
    expect((await gql(t.app, LINK, { slug: 'loja-centro' })).data).toEqual({
      storeLink: {
        status: 'ACTIVE',
        store: { slug: 'loja-centro', name: 'Loja Centro Chapas e Ferragens', city: 'Goiânia', uf: 'GO' },
      },
    });
    await setActive(t, TEAM, 'loja-centro', false);
    expect((await gql(t.app, LINK, { slug: 'loja-centro' })).data).toEqual({
      storeLink: { status: 'DISABLED', store: null },
    });
    for (const slug of ['loja-que-nao-existe', 'Loja Centro', "x' or 1=1 --"]) {
      expect((await gql(t.app, LINK, { slug })).data).toEqual({ storeLink: { status: 'UNKNOWN', store: null } });
    }
  });

  it('links a new member to the store, shows it on me, and refuses a mistyped or retired link', async () => {
    const token = await signUp(0, 'loja-centro');
    const me = await gql(
      t.app,
      '{ me { subsidiarySlug store { name city uf } } }',
      {},
      { authorization: `Bearer ${token}` },
    );
    expect(me.data).toEqual({
      me: {
        subsidiarySlug: 'loja-centro',
        store: { name: 'Loja Centro Chapas e Ferragens', city: 'Goiânia', uf: 'GO' },
      },
    });

    const unknown = await gql(t.app, CREATE, { input: member(1), slug: 'loja-centr' });
    expect(unknown.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { subsidiarySlug: STORE_MESSAGES.unknown },
    });
    await setActive(t, TEAM, 'madeireira-paulista', false);
    const retired = await gql(t.app, CREATE, { input: member(1), slug: 'madeireira-paulista' });
    expect(retired.errors?.[0]?.extensions?.fields).toEqual({ subsidiarySlug: STORE_MESSAGES.disabled });
    expect(await t.db.selectFrom('pending_signups').select('id').where('cpf', '=', member(1).cpf).execute()).toEqual(
      [],
    );
  });
});

describe('npm run stores', () => {
  it('adds a store with its link, disables and enables it, each change audited with the operator', async () => {
    const store = await addStore(t, TEAM, {
      slug: 'casa-das-chapas',
      name: 'Casa das Chapas',
      city: 'Recife',
      uf: 'pe',
    });
    expect(store).toMatchObject({ slug: 'casa-das-chapas', uf: 'PE', cnpj: null, active: 1 });
    expect((await storesList(t)).map((s) => s.slug)).toContain('casa-das-chapas');

    await setActive(t, TEAM, 'casa-das-chapas', false);
    expect((await gql<Link>(t.app, LINK, { slug: 'casa-das-chapas' })).data?.storeLink.status).toBe('DISABLED');
    // Asking again for the state it is in changes nothing and writes nothing.
    await setActive(t, TEAM, 'casa-das-chapas', false);
    await setActive(t, TEAM, 'casa-das-chapas', true);
    expect((await gql<Link>(t.app, LINK, { slug: 'casa-das-chapas' })).data?.storeLink.status).toBe('ACTIVE');
    expect(
      await t.db
        .selectFrom('staff_audit')
        .select(['actor_kind', 'actor_name', 'action', 'object_id', 'before', 'after'])
        .where('object_type', '=', 'store')
        .orderBy('id')
        .execute(),
    ).toEqual([
      {
        actor_kind: 'terminal',
        actor_name: 'teste',
        action: 'store.add',
        object_id: 'casa-das-chapas',
        before: null,
        after: JSON.stringify({ name: 'Casa das Chapas', city: 'Recife', uf: 'PE', cnpj: null, active: true }),
      },
      expect.objectContaining({ action: 'store.disable', before: '{"active":true}', after: '{"active":false}' }),
      expect.objectContaining({ action: 'store.enable', before: '{"active":false}', after: '{"active":true}' }),
    ]);
    const missing = await setActive(t, TEAM, 'nao-existe', false).catch((e: Error) => e.message);
    expect(missing).toBe('Nenhuma loja com o endereço nao-existe.');
  });

  it('reports sign-ups per store per São Paulo day', async () => {
    await signUp(0, 'loja-centro');
    // 23:30 in São Paulo is already the next day in UTC: it still counts for the 24th.
    clock.advance(Date.parse('2026-11-25T02:30:00.000Z') - clock.now());
    await signUp(1, 'loja-centro');
    clock.advance(24 * 60 * 60 * 1000);
    await signUp(2, 'madeireira-paulista');

    const report = await storesReport(t, '2026-11-24', '2026-11-25');
    expect(report.rows).toEqual([
      { day: '2026-11-24', slug: 'loja-centro', name: 'Loja Centro Chapas e Ferragens', signUps: 2 },
      { day: '2026-11-25', slug: 'madeireira-paulista', name: 'Madeireira Paulista', signUps: 1 },
    ]);
    const backwards = await storesReport(t, '2026-11-30', '2026-11-01').catch((e: Error) => e.message);
    expect(backwards).toBe('A data inicial deve ser antes da final.');
  });
});

const STORE_FIELDS = 'slug name city uf cnpj active signUpUrl signUpsLast30Days';
const STORES = `{ staffStores { ${STORE_FIELDS} } }`;
const STORE = `query ($slug: String!) { staffStore(slug: $slug) { ${STORE_FIELDS} } }`;
const ADD = `mutation ($input: StaffStoreInput!) { staffAddStore(input: $input) { ${STORE_FIELDS} } }`;
const SET_ACTIVE = `mutation ($slug: String!, $active: Boolean!) {
  staffSetStoreActive(slug: $slug, active: $active) { slug active }
}`;
const KIOSK_CODE = 'mutation ($slug: String!) { staffCreateKioskCode(slug: $slug) { code expiresAt url } }';
const SIGN_UPS = `query ($slug: String!, $from: String, $to: String) {
  staffStoreSignUps(slug: $slug, from: $from, to: $to) { fromDay toDay total days { day signUps } }
}`;

type StaffStoreRow = {
  slug: string;
  active: boolean;
  signUpUrl: string;
  signUpsLast30Days: number;
  cnpj: string | null;
};
type Fields = Record<string, string>;
const fieldsOf = (res: { errors?: { extensions?: Record<string, unknown> }[] | undefined }) =>
  res.errors?.[0]?.extensions?.['fields'] as Fields | undefined;

describe('the stores in the painel (lojas)', () => {
  let lia: EnrolledStaff;
  beforeEach(async () => {
    lia = await enrolStaff(t, { email: 'lia@clube.test', roles: ['lojas'], name: 'Lia Lojas' });
  });
  // A session of its own for each request: the tests move the clock past a session's idle half hour.
  const ask = async <T>(query: string, variables: Record<string, unknown> = {}) =>
    painelGql<T>(t.app, query, variables, await freshSession(t, { ...lia, roles: ['lojas'] }));
  const storeAudit = () =>
    t.db
      .selectFrom('staff_audit')
      .select(['actor_kind', 'actor_name', 'role', 'action', 'object_id', 'object_label', 'before', 'after', 'ip'])
      .where('object_type', '=', 'store')
      .orderBy('id')
      .execute();

  it('lists every store with its status, full sign-up link and sign-ups of the last 30 days', async () => {
    await signUp(0, 'loja-centro');
    clock.advance(20 * 24 * 60 * 60 * 1000);
    await signUp(1, 'loja-centro');
    // 31 days after the first sign-up: only the second is within the last 30 days.
    clock.advance(11 * 24 * 60 * 60 * 1000);
    const listed = await ask<{ staffStores: StaffStoreRow[] }>(STORES);
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.staffStores.find((s) => s.slug === 'loja-centro')).toEqual({
      slug: 'loja-centro',
      name: 'Loja Centro Chapas e Ferragens',
      city: 'Goiânia',
      uf: 'GO',
      cnpj: '33000167000101',
      active: true,
      signUpUrl: `${t.config.publicUrl}/cadastro-promo/loja-centro`,
      signUpsLast30Days: 1,
    });
    expect(listed.data?.staffStores.map((s) => s.slug)).toHaveLength(5);
    const one = await ask<{ staffStore: StaffStoreRow }>(STORE, { slug: 'loja-centro' });
    expect(one.data?.staffStore.signUpsLast30Days).toBe(1);
    const unknown = await ask(STORE, { slug: 'nao-existe' });
    expect(codeOf(unknown)).toBe('NOT_FOUND');
  });

  it('adds a store, audited with who, role and IP, and refuses each invalid field with its pt-BR message', async () => {
    const input = {
      slug: 'casa-das-chapas',
      name: 'Casa das Chapas',
      city: 'Recife',
      uf: 'pe',
      cnpj: '12.345.678/0001-95',
    };
    const added = await ask<{ staffAddStore: StaffStoreRow }>(ADD, { input });
    expect(added.errors).toBeUndefined();
    expect(added.data?.staffAddStore).toMatchObject({
      slug: 'casa-das-chapas',
      uf: 'PE',
      cnpj: '12345678000195',
      active: true,
      signUpUrl: `${t.config.publicUrl}/cadastro-promo/casa-das-chapas`,
      signUpsLast30Days: 0,
    });
    expect(await storeAudit()).toEqual([
      {
        actor_kind: 'staff',
        actor_name: 'Lia Lojas <lia@clube.test>',
        role: 'lojas',
        action: 'store.add',
        object_id: 'casa-das-chapas',
        object_label: 'Casa das Chapas',
        before: null,
        after: JSON.stringify({
          name: 'Casa das Chapas',
          city: 'Recife',
          uf: 'PE',
          cnpj: '12345678000195',
          active: true,
        }),
        ip: '127.0.0.1',
      },
    ]);

    const refused = async (change: Record<string, unknown>) => {
      const res = await ask(ADD, { input: { ...input, slug: 'casa-nova', cnpj: '', ...change } });
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      return fieldsOf(res);
    };
    expect(await refused({ slug: '' })).toEqual({ slug: STORE_FORM_MESSAGES.slugEmpty });
    expect(await refused({ slug: 'Casa Nova' })).toEqual({ slug: STORE_FORM_MESSAGES.slugInvalid });
    expect(await refused({ slug: 'casa-'.repeat(20) + 'x' })).toEqual({ slug: STORE_FORM_MESSAGES.slugLong });
    expect(await refused({ name: 'X' })).toEqual({ name: STORE_FORM_MESSAGES.name });
    expect(await refused({ name: 'N'.repeat(81) })).toEqual({ name: STORE_FORM_MESSAGES.name });
    expect(await refused({ city: ' ' })).toEqual({ city: STORE_FORM_MESSAGES.city });
    expect(await refused({ uf: 'XX' })).toEqual({ uf: STORE_FORM_MESSAGES.uf });
    // A wrong check digit, one character repeated, and too short.
    for (const cnpj of ['12.345.678/0001-96', '11.111.111/1111-11', '1234']) {
      expect(await refused({ cnpj })).toEqual({ cnpj: STORE_FORM_MESSAGES.cnpj });
    }
    expect(await refused({ slug: 'casa-das-chapas' })).toEqual({ slug: STORE_OPERATOR_MESSAGES.slugTaken });
    expect(await refused({ cnpj: '33.000.167/0001-01' })).toEqual({ cnpj: STORE_OPERATOR_MESSAGES.cnpjTaken });
    // Every wrong field at once, each under its own name.
    expect(Object.keys((await refused({ slug: 'A B', name: '', city: '', uf: '' })) ?? {})).toEqual([
      'slug',
      'name',
      'city',
      'uf',
    ]);
    // An alphanumeric CNPJ (Receita, July 2026) is a CNPJ.
    const alpha = await ask<{ staffAddStore: StaffStoreRow }>(ADD, {
      input: { ...input, slug: 'deposito-beta', cnpj: '12.ABC.345/01DE-35' },
    });
    expect(fieldsOf(alpha)).toEqual({ cnpj: STORE_OPERATOR_MESSAGES.cnpjTaken });
    // No CNPJ, as the form sends it (null) or leaves it out.
    const withoutCnpj = await ask<{ staffAddStore: StaffStoreRow }>(ADD, {
      input: { ...input, slug: 'sem-cnpj', cnpj: null },
    });
    expect(withoutCnpj.data?.staffAddStore.cnpj).toBeNull();
    expect((await storeAudit()).map((a) => a.object_id)).toEqual(['casa-das-chapas', 'sem-cnpj']);
  });

  it('disables and enables a store, its link following, each change audited before → after', async () => {
    const off = await ask<{ staffSetStoreActive: StaffStoreRow }>(SET_ACTIVE, { slug: 'loja-centro', active: false });
    expect(off.data?.staffSetStoreActive).toEqual({ slug: 'loja-centro', active: false });
    expect((await gql<Link>(t.app, LINK, { slug: 'loja-centro' })).data?.storeLink.status).toBe('DISABLED');
    // No kiosk code for a store that left the club.
    const code = await ask(KIOSK_CODE, { slug: 'loja-centro' });
    expect(code.errors?.[0]?.message).toBe(
      'A loja loja-centro está desativada; reative-a antes de configurar um totem.',
    );
    await ask(SET_ACTIVE, { slug: 'loja-centro', active: true });
    expect((await gql<Link>(t.app, LINK, { slug: 'loja-centro' })).data?.storeLink.status).toBe('ACTIVE');
    expect((await storeAudit()).map((a) => [a.action, a.role, a.before, a.after])).toEqual([
      ['store.disable', 'lojas', '{"active":true}', '{"active":false}'],
      ['store.enable', 'lojas', '{"active":false}', '{"active":true}'],
    ]);
    expect(codeOf(await ask(SET_ACTIVE, { slug: 'nao-existe', active: false }))).toBe('NOT_FOUND');
  });

  it('creates a one-time kiosk code that a tablet activates, audited without the code', async () => {
    const made = await ask<{ staffCreateKioskCode: { code: string; expiresAt: string; url: string } }>(KIOSK_CODE, {
      slug: 'loja-centro',
    });
    const { code, expiresAt, url } = made.data!.staffCreateKioskCode;
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(Date.parse(expiresAt) - clock.now()).toBe(30 * 60 * 1000);
    expect(url).toBe(`${t.config.publicUrl}/totem?codigo=${code}`);
    const audit = await storeAudit();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'kiosk.code',
        role: 'lojas',
        object_id: 'loja-centro',
        after: JSON.stringify({ expiresAt }),
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain(code);

    const ACTIVATE = 'mutation ($code: String!) { activateKiosk(code: $code) { store { slug } } }';
    const activated = await gql<{ activateKiosk: { store: { slug: string } } }>(t.app, ACTIVATE, { code });
    expect(activated.data?.activateKiosk.store.slug).toBe('loja-centro');
    expect(codeOf(await gql(t.app, ACTIVATE, { code }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await ask(KIOSK_CODE, { slug: 'nao-existe' }))).toBe('NOT_FOUND');
  });

  it('gives one store’s sign-ups for every day of a period, and refuses a wrong period', async () => {
    await signUp(0, 'loja-centro');
    clock.advance(Date.parse('2026-11-25T02:30:00.000Z') - clock.now());
    await signUp(1, 'loja-centro');
    await signUp(2, 'madeireira-paulista');
    const week = await ask<{ staffStoreSignUps: unknown }>(SIGN_UPS, {
      slug: 'loja-centro',
      from: '2026-11-22',
      to: '2026-11-25',
    });
    expect(week.data?.staffStoreSignUps).toEqual({
      fromDay: '2026-11-22',
      toDay: '2026-11-25',
      total: 2,
      days: [
        { day: '2026-11-22', signUps: 0 },
        { day: '2026-11-23', signUps: 0 },
        { day: '2026-11-24', signUps: 2 },
        { day: '2026-11-25', signUps: 0 },
      ],
    });
    // The last 30 days by default, today (the 24th in São Paulo) the last.
    const recent = await ask<{ staffStoreSignUps: { fromDay: string; toDay: string; days: unknown[] } }>(SIGN_UPS, {
      slug: 'loja-centro',
    });
    expect(recent.data?.staffStoreSignUps).toMatchObject({ fromDay: '2026-10-26', toDay: '2026-11-24' });
    expect(recent.data?.staffStoreSignUps.days).toHaveLength(30);

    const wrong = async (from: string, to: string) => fieldsOf(await ask(SIGN_UPS, { slug: 'loja-centro', from, to }));
    expect(await wrong('24/11/2026', '2026-11-25')).toEqual({ from: 'Use datas como 2026-11-24.' });
    expect(await wrong('2026-02-30', '2026-03-01')).toEqual({ from: 'Use datas como 2026-11-24.' });
    expect(await wrong('2026-11-25', '2026-11-01')).toEqual({ to: 'A data inicial deve ser antes da final.' });
    expect(await wrong('2024-11-01', '2026-11-01')).toEqual({ from: 'Escolha um período de até 366 dias.' });
  });

  it('opens to the stores team only: a member and a reviewer are refused, and nothing changes', async () => {
    const member = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
    const rafael = await enrolStaff(t, { email: 'rafael@clube.test', roles: ['revisor'] });
    const input = { slug: 'casa-nova', name: 'Casa Nova', city: 'Recife', uf: 'PE' };
    expect(codeOf(await painelGql(t.app, ADD, { input }, member))).toBe('UNAUTHENTICATED');
    expect(codeOf(await painelGql(t.app, KIOSK_CODE, { slug: 'loja-centro' }, member))).toBe('UNAUTHENTICATED');
    expect(codeOf(await painelGql(t.app, STORES, {}, rafael.token))).toBe('FORBIDDEN');
    expect(codeOf(await painelGql(t.app, SET_ACTIVE, { slug: 'loja-centro', active: false }, rafael.token))).toBe(
      'FORBIDDEN',
    );
    // The member's own endpoint knows nothing of them either.
    expect(codeOf(await gql(t.app, STORES, {}, { authorization: `Bearer ${member}` }))).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
    expect((await storesList(t)).map((s) => s.slug)).not.toContain('casa-nova');
    expect(await storeAudit()).toEqual([]);
    expect(await t.db.selectFrom('kiosk_codes').select('code_hash').execute()).toEqual([]);
  });
});
