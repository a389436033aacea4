import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import type { FastifyInstance } from 'fastify';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../errors/api-errors';
import {
  createSharedTestApps,
  createTestApp,
  fakeClock,
  gql,
  type FakeClock,
  type GraphQLResponse,
  type SharedTestApps,
  type TestApp,
} from '../../test/helpers';
import { setActive } from '../stores/actions';
import { terminalActor } from '../staff';
import { createKioskCode, KIOSK_ACTIVATION_FAILURES, KIOSK_MESSAGES, KIOSK_SIGN_UPS_PER_HOUR } from './service';

/** Codes as the club's team makes them at the terminal. */
const TEAM = terminalActor('teste');

let t: TestApp;
let clock: FakeClock;
beforeEach(async () => {
  clock = fakeClock(Date.parse('2026-11-24T12:00:00.000Z'));
  // One kiosk, one IP: the per-IP login budget must not hide the kiosk's own limit.
  t = await createTestApp({ now: clock.now, loginAttemptsPerIp: 10_000 });
});
afterEach(() => t.close());

const ACTIVATE = `mutation ($code: String!, $prev: String) {
  activateKiosk(code: $code, previousKey: $prev) { key store { slug name } }
}`;
const KIOSK = '{ kiosk { store { slug name city uf } } }';
const SIGN_UP = `mutation ($input: CreateUserInput!) {
  kioskSignUp(input: $input) { status maskedPhone handoffUrl resumed }
}`;
const HANDOFF = `query ($link: String!) { handoffSignUp(link: $link) { name maskedPhone store { name } } }`;
const COMPLETE = `mutation ($link: String!, $password: String!) {
  completeHandoff(link: $link, password: $password) { access_token }
}`;

const STATE = 'query ($link: String!) { kioskHandoff(link: $link) }';

type Activation = { activateKiosk: { key: string; store: { slug: string; name: string } } };
type SignUp = {
  kioskSignUp: { status: string; maskedPhone: string | null; handoffUrl: string | null; resumed: boolean };
};

/** A valid CPF from 9 digits (the two check digits computed). */
function cpfOf(n: number): string {
  const d = String(100000000 + n)
    .slice(-9)
    .split('')
    .map(Number);
  for (const len of [10, 11]) {
    const sum = d.reduce((acc, v, i) => acc + v * (len - i), 0);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

const customer = (n: number) => ({
  name: 'Rita',
  surName: 'Souza',
  cpf: cpfOf(n),
  email: `rita${n}@exemplo.com.br`,
  phoneNumber: `(62) 9${String(10000000 + n).slice(-8)}`,
  birthDate: '1980-03-10',
  acceptTerms: true,
  acceptEmailComunications: false,
  acceptMessageComunications: true,
});

async function setUpKiosk(slug = 'loja-centro'): Promise<string> {
  const { code } = await createKioskCode(t, TEAM, slug);
  const res = await gql<Activation>(t.app, ACTIVATE, { code });
  expect(res.errors).toBeUndefined();
  return res.data!.activateKiosk.key;
}

const asKiosk = (key: string) => ({ 'x-kiosk-key': key });
const linkOf = (url: string | null | undefined) => new URL(url ?? 'http://x').searchParams.get('link') ?? '';

describe('kiosk set-up', () => {
  it('a code sets a tablet up once, within 30 minutes; a new code replaces the old key', async () => {
    const { code } = await createKioskCode(t, TEAM, 'loja-centro');
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const first = await gql<Activation>(t.app, ACTIVATE, { code: code.toLowerCase().replace(/(.{4})/, '$1-') });
    expect(first.data?.activateKiosk.store).toEqual({ slug: 'loja-centro', name: 'Loja Centro Chapas e Ferragens' });
    const again = await gql(t.app, ACTIVATE, { code });
    expect(again.errors?.[0]?.message).toBe(KIOSK_MESSAGES.badCode);

    const late = await createKioskCode(t, TEAM, 'loja-centro');
    clock.advance(31 * 60 * 1000);
    expect((await gql(t.app, ACTIVATE, { code: late.code })).errors?.[0]?.message).toBe(KIOSK_MESSAGES.badCode);

    const oldKey = first.data!.activateKiosk.key;
    expect((await gql(t.app, KIOSK, {}, asKiosk(oldKey))).data).toEqual({
      kiosk: { store: { slug: 'loja-centro', name: 'Loja Centro Chapas e Ferragens', city: 'Goiânia', uf: 'GO' } },
    });
    const next = await createKioskCode(t, TEAM, 'madeireira-paulista');
    const replaced = await gql<Activation>(t.app, ACTIVATE, { code: next.code, prev: oldKey });
    expect(replaced.data?.activateKiosk.store.slug).toBe('madeireira-paulista');
    expect((await gql(t.app, KIOSK, {}, asKiosk(oldKey))).errors?.[0]?.extensions as object).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'KIOSK_INVALID',
    });
  });

  it('a disabled store stops its kiosks with a clear message; no key is no kiosk', async () => {
    const key = await setUpKiosk();
    await setActive(t, TEAM, 'loja-centro', false);
    const stopped = await gql(t.app, KIOSK, {}, asKiosk(key));
    expect(stopped.errors?.[0]).toMatchObject({
      message: KIOSK_MESSAGES.storeDisabled,
      extensions: { reason: 'STORE_DISABLED' },
    });
    expect((await gql(t.app, SIGN_UP, { input: customer(1) }, asKiosk(key))).errors?.[0]?.message).toBe(
      KIOSK_MESSAGES.storeDisabled,
    );
    expect((await gql(t.app, SIGN_UP, { input: customer(1) })).errors?.[0]?.extensions).toMatchObject({
      reason: 'KIOSK_INVALID',
    });
    await expect(createKioskCode(t, TEAM, 'loja-centro')).rejects.toThrow('está desativada');
  });
});

describe('wrong set-up codes', () => {
  const STORE_WIFI = '203.0.113.50';
  let shared: SharedTestApps | undefined;
  afterEach(async () => {
    await shared?.close();
    shared = undefined;
  });

  const activate = async (app: FastifyInstance, code: string, remoteAddress = STORE_WIFI) => {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: { query: ACTIVATE, variables: { code } },
    });
    return res.json<Omit<GraphQLResponse<Activation>, 'status'>>();
  };
  const wrongCode = (n: number) => `ERRAD${String(n).padStart(3, '2')}`.replace(/[01]/g, 'Z');

  it('refuses the 11th wrong code from one address on either process; other addresses go on; the window ends', async () => {
    // rate-limiter-flexible reads the system clock: the test moves it with the club's clock.
    jest.spyOn(Date, 'now').mockImplementation(clock.now);
    shared = await createSharedTestApps(2, { now: clock.now, loginAttemptsPerIp: 10_000 });
    const [a, b] = shared.apps as [FastifyInstance, FastifyInstance];

    for (let i = 0; i < KIOSK_ACTIVATION_FAILURES.max; i += 1) {
      const judged = await activate(i % 2 === 0 ? a : b, wrongCode(i));
      expect(judged.errors?.[0]).toMatchObject({
        message: KIOSK_MESSAGES.badCode,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    // The 11th, even the right one, is refused on both processes without being judged.
    const { code } = await createKioskCode(shared, TEAM, 'loja-centro');
    for (const app of [a, b]) {
      expect((await activate(app, code)).errors?.[0]).toMatchObject({
        message: TOO_MANY_REQUESTS_MESSAGE,
        extensions: { code: 'TOO_MANY_REQUESTS' },
      });
    }
    // Another address is judged as before.
    expect((await activate(b, wrongCode(99), '198.51.100.7')).errors?.[0]?.message).toBe(KIOSK_MESSAGES.badCode);

    // Fifteen minutes after the first failure the store's address may try again, and the right code still works.
    clock.advance(KIOSK_ACTIVATION_FAILURES.windowMs + 1);
    const set = await activate(a, code);
    expect(set.errors).toBeUndefined();
    expect(set.data?.activateKiosk.store.slug).toBe('loja-centro');
  });

  it('does not count a right code against the address', async () => {
    shared = await createSharedTestApps(1, { now: clock.now, loginAttemptsPerIp: 10_000 });
    const [app] = shared.apps as [FastifyInstance];
    for (let i = 0; i < KIOSK_ACTIVATION_FAILURES.max - 1; i += 1) await activate(app, wrongCode(i));
    const { code } = await createKioskCode(shared, TEAM, 'loja-centro');
    expect((await activate(app, code)).errors).toBeUndefined();
    // Nine failures and a success: the tenth wrong code is still judged.
    expect((await activate(app, wrongCode(50))).errors?.[0]?.message).toBe(KIOSK_MESSAGES.badCode);
    expect((await activate(app, wrongCode(51))).errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('sign-up at the kiosk', () => {
  it('texts a hand-off link; the phone sets only the password, once, and the member keeps the store', async () => {
    const key = await setUpKiosk();
    const res = await gql<SignUp>(t.app, SIGN_UP, { input: customer(1) }, asKiosk(key));
    expect(res.data?.kioskSignUp).toMatchObject({ status: 'SENT', maskedPhone: '(62) 9****-0001', resumed: false });
    const link = linkOf(res.data?.kioskSignUp.handoffUrl);
    const sms = await t.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', '62910000001')
      .executeTakeFirst();
    expect(sms?.body).toContain(`/completar-cadastro?link=${link}`);

    expect((await gql(t.app, HANDOFF, { link })).data).toEqual({
      handoffSignUp: {
        name: 'Rita',
        maskedPhone: '(62) 9****-0001',
        store: { name: 'Loja Centro Chapas e Ferragens' },
      },
    });
    const weak = await gql(t.app, COMPLETE, { link, password: '123' });
    expect(weak.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const done = await gql<{ completeHandoff: { access_token: string } }>(t.app, COMPLETE, {
      link,
      password: 'cavaco de cedro 42',
    });
    expect(done.errors).toBeUndefined();
    const me = await gql(
      t.app,
      '{ me { cpf subsidiarySlug store { name } } }',
      {},
      { authorization: `Bearer ${done.data!.completeHandoff.access_token}` },
    );
    expect(me.data).toEqual({
      me: { cpf: cpfOf(1), subsidiarySlug: 'loja-centro', store: { name: 'Loja Centro Chapas e Ferragens' } },
    });

    const reused = await gql(t.app, COMPLETE, { link, password: 'outra senha forte 43' });
    expect(reused.errors?.[0]?.message).toBe(KIOSK_MESSAGES.linkGone);
  });

  it('tells the kiosk that made a link how it stands, and nothing more; other kiosks and no key learn nothing', async () => {
    const key = await setUpKiosk();
    const other = await setUpKiosk('madeireira-paulista');
    const res = await gql<SignUp>(t.app, SIGN_UP, { input: customer(5) }, asKiosk(key));
    const link = linkOf(res.data?.kioskSignUp.handoffUrl);
    const state = async (headers: Record<string, string> = asKiosk(key), of = link) =>
      gql<{ kioskHandoff: string }>(t.app, STATE, { link: of }, headers);

    expect((await state()).data).toEqual({ kioskHandoff: 'WAITING' });
    expect((await state(asKiosk(other))).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await state(asKiosk(key), 'x'.repeat(43))).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await state({})).errors?.[0]?.extensions).toMatchObject({ reason: 'KIOSK_INVALID' });

    await gql(t.app, COMPLETE, { link, password: 'cavaco de cedro 42' });
    expect((await state()).data).toEqual({ kioskHandoff: 'COMPLETED' });
  });

  it('a link replaced by a newer one, or expired, is CLOSED for its kiosk', async () => {
    const key = await setUpKiosk();
    const first = await gql<SignUp>(t.app, SIGN_UP, { input: customer(6) }, asKiosk(key));
    const second = await gql<SignUp>(t.app, SIGN_UP, { input: customer(6) }, asKiosk(key));
    const ask = async (url: string | null | undefined) =>
      (await gql<{ kioskHandoff: string }>(t.app, STATE, { link: linkOf(url) }, asKiosk(key))).data?.kioskHandoff;
    expect(await ask(first.data?.kioskSignUp.handoffUrl)).toBe('CLOSED');
    expect(await ask(second.data?.kioskSignUp.handoffUrl)).toBe('WAITING');
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(await ask(second.data?.kioskSignUp.handoffUrl)).toBe('CLOSED');
  });

  it('a link expires after 24 hours', async () => {
    const key = await setUpKiosk();
    const res = await gql<SignUp>(t.app, SIGN_UP, { input: customer(2) }, asKiosk(key));
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const link = linkOf(res.data?.kioskSignUp.handoffUrl);
    expect((await gql(t.app, HANDOFF, { link })).errors?.[0]?.message).toBe(KIOSK_MESSAGES.linkGone);
    expect((await gql(t.app, COMPLETE, { link, password: 'cavaco de cedro 42' })).errors?.[0]?.message).toBe(
      KIOSK_MESSAGES.linkGone,
    );
  });

  it('the same CPF resumes its sign-up (only the newest link works); a member is only told they are one', async () => {
    const key = await setUpKiosk();
    const first = await gql<SignUp>(t.app, SIGN_UP, { input: customer(3) }, asKiosk(key));
    const second = await gql<SignUp>(
      t.app,
      SIGN_UP,
      { input: { ...customer(3), email: 'rita.nova@exemplo.com.br' } },
      asKiosk(key),
    );
    expect(second.data?.kioskSignUp).toMatchObject({ status: 'SENT', resumed: true });
    expect(await t.db.selectFrom('pending_signups').select('email').where('cpf', '=', cpfOf(3)).execute()).toEqual([
      { email: 'rita.nova@exemplo.com.br' },
    ]);
    expect((await gql(t.app, HANDOFF, { link: linkOf(first.data?.kioskSignUp.handoffUrl) })).errors).toBeDefined();
    expect((await gql(t.app, HANDOFF, { link: linkOf(second.data?.kioskSignUp.handoffUrl) })).errors).toBeUndefined();

    const member = await gql<SignUp>(t.app, SIGN_UP, { input: { ...customer(4), cpf: DEMO_MEMBER.cpf } }, asKiosk(key));
    expect(member.data?.kioskSignUp).toEqual({
      status: 'ALREADY_MEMBER',
      maskedPhone: null,
      handoffUrl: null,
      resumed: false,
    });
  });

  it(`takes at most ${KIOSK_SIGN_UPS_PER_HOUR} sign-ups per hour from one kiosk`, async () => {
    const key = await setUpKiosk();
    for (let n = 0; n < KIOSK_SIGN_UPS_PER_HOUR; n++) {
      const res = await gql<SignUp>(t.app, SIGN_UP, { input: customer(100 + n) }, asKiosk(key));
      expect(res.data?.kioskSignUp.status).toBe('SENT');
    }
    const over = await gql(t.app, SIGN_UP, { input: customer(999) }, asKiosk(key));
    expect(over.errors?.[0]).toMatchObject({
      message: KIOSK_MESSAGES.tooMany,
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
  });
});
