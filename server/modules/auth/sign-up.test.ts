import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, LOGIN, type FakeClock, type TestApp } from '../../test/helpers';
import { CODE_MESSAGES } from './codes';
import { SIGN_UP_MESSAGES } from './signup';

let t: TestApp;
let clock: FakeClock;
beforeEach(async () => {
  clock = fakeClock();
  t = await createTestApp({ now: clock.now });
});
afterEach(() => t.close());

const NEW_MEMBER = {
  name: 'Joana',
  surName: 'Pereira',
  cpf: '390.533.447-05',
  email: 'joana@exemplo.com.br',
  phoneNumber: '(21) 99876-1234',
  birthDate: '1985-07-01',
  acceptTerms: true,
  acceptEmailComunications: true,
  acceptMessageComunications: false,
};

const CREATE = `mutation ($input: CreateUserInput!, $slug: String) {
  createUser(input: $input, subsidiarySlug: $slug) { signupId maskedPhone resendInSeconds }
}`;
const SECOND = `mutation ($input: CreateUserSecondStepInput!) {
  createUserSecondStep(input: $input) { access_token refresh_token }
}`;
const RESEND = `mutation ($id: ID!) { resendCode(signupId: $id) { signupId resendInSeconds } }`;

type Step = { createUser: { signupId: string; maskedPhone: string; resendInSeconds: number } };
type Pair = { createUserSecondStep: { access_token: string; refresh_token: string } };

/** The last code texted to a phone, read from the outbox like `npm run outbox` does. */
async function lastSms(to: string): Promise<string> {
  const row = await t.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /(\d{6})/.exec(row.body)?.[1] ?? '';
}

async function startSignUp(input: Record<string, unknown> = NEW_MEMBER, slug?: string) {
  const res = await gql<Step>(t.app, CREATE, { input, slug });
  expect(res.errors).toBeUndefined();
  return res.data!.createUser;
}

describe('sign-up', () => {
  it('creates the member in two steps, logs in, keeps the promo store and sends the e-mail confirmation', async () => {
    const step = await startSignUp(NEW_MEMBER, 'loja-centro');
    expect(step).toMatchObject({ maskedPhone: '(21) 9****-1234', resendInSeconds: 30 });
    const code = await lastSms('21998761234');
    expect(code).toMatch(/^\d{6}$/);

    const res = await gql<Pair>(t.app, SECOND, {
      input: { signupId: step.signupId, code, password: 'cavaco de cedro 42' },
    });
    expect(res.errors).toBeUndefined();
    const me = await gql<{
      me: { cpf: string; subsidiarySlug: string; profileStatus: { hasConfirmedEmail: boolean } };
    }>(
      t.app,
      '{ me { cpf subsidiarySlug profileStatus { hasConfirmedEmail } } }',
      {},
      { authorization: `Bearer ${res.data!.createUserSecondStep.access_token}` },
    );
    expect(me.data?.me).toEqual({
      cpf: '39053344705',
      subsidiarySlug: 'loja-centro',
      profileStatus: { hasConfirmedEmail: false },
    });

    const mail = await t.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', NEW_MEMBER.email)
      .executeTakeFirst();
    expect(mail?.body).toMatch(/http:\/\/clube\.test\/confirmar-email#[\w-]{43}/);

    const again = await gql(t.app, LOGIN, { login: '21998761234', password: 'cavaco de cedro 42' });
    expect(again.errors).toBeUndefined();
  });

  it.each([
    ['cpf', { cpf: '123.456.789-00' }, 'CPF inválido. Confira os números.'],
    ['email', { email: 'joana@' }, 'E-mail inválido. Confira o endereço.'],
    ['phoneNumber', { phoneNumber: '(21) 3876-1234' }, 'Celular inválido. Use DDD e número, como (11) 98765-4321.'],
    ['birthDate', { birthDate: '2015-01-01' }, 'O clube é para maiores de 18 anos.'],
    ['acceptTerms', { acceptTerms: false }, 'Para participar, aceite os termos de uso e a política de privacidade.'],
  ])('refuses an invalid %s with its pt-BR message on the field', async (field, change, message) => {
    const res = await gql(t.app, CREATE, { input: { ...NEW_MEMBER, ...change } });
    expect(res.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', fields: { [field]: message } });
  });

  it('names only the taken fields the visitor typed, and sends nothing', async () => {
    const res = await gql(t.app, CREATE, { input: { ...NEW_MEMBER, cpf: DEMO_MEMBER.cpf } });
    expect(res.errors?.[0]?.message).toBe(SIGN_UP_MESSAGES.cpfTaken);
    expect(res.errors?.[0]?.extensions?.fields).toEqual({ cpf: SIGN_UP_MESSAGES.cpfTaken });
    expect(res.errors?.[0]?.extensions).toMatchObject({ reason: 'ALREADY_MEMBER' });
    const byEmail = await gql(t.app, CREATE, { input: { ...NEW_MEMBER, email: DEMO_MEMBER.email } });
    expect(byEmail.errors?.[0]?.extensions?.fields).toEqual({ email: SIGN_UP_MESSAGES.emailTaken });
    expect(await t.db.selectFrom('outbox').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a wrong code, then kills the code at the fifth wrong try', async () => {
    const step = await startSignUp();
    const code = await lastSms('21998761234');
    const wrong = code === '000000' ? '111111' : '000000';
    const tryCode = (c: string) =>
      gql(t.app, SECOND, { input: { signupId: step.signupId, code: c, password: 'cavaco de cedro 42' } });
    for (let i = 1; i <= 4; i++) expect((await tryCode(wrong)).errors?.[0]?.message).toBe(CODE_MESSAGES.wrong);
    expect((await tryCode(wrong)).errors?.[0]?.message).toBe(CODE_MESSAGES.exhausted);
    expect((await tryCode(code)).errors?.[0]?.message).toBe(CODE_MESSAGES.exhausted);
  });

  it('refuses a code after 10 minutes, and a weak password without burning the code', async () => {
    const step = await startSignUp();
    const code = await lastSms('21998761234');
    const weak = await gql(t.app, SECOND, { input: { signupId: step.signupId, code, password: '12345678' } });
    expect(weak.errors?.[0]?.extensions?.fields).toEqual({
      password: 'Essa senha é muito comum e fácil de adivinhar. Escolha outra.',
    });
    const short = await gql(t.app, SECOND, { input: { signupId: step.signupId, code, password: 'curta' } });
    expect(short.errors?.[0]?.extensions?.fields).toEqual({ password: 'A senha precisa ter pelo menos 8 caracteres.' });
    clock.advance(10 * 60 * 1000 + 1);
    const late = await gql(t.app, SECOND, { input: { signupId: step.signupId, code, password: 'cavaco de cedro 42' } });
    expect(late.errors?.[0]?.message).toBe(CODE_MESSAGES.expired);
  });

  it('resends only after the 30-second cooldown, and the new code replaces the old one', async () => {
    const step = await startSignUp();
    const first = await lastSms('21998761234');
    const early = await gql(t.app, RESEND, { id: step.signupId });
    expect(early.errors?.[0]).toMatchObject({ extensions: { code: 'TOO_MANY_REQUESTS' } });
    expect(early.errors?.[0]?.message).toMatch(/^Aguarde \d+ segundos/);
    clock.advance(30_000);
    const resent = await gql(t.app, RESEND, { id: step.signupId });
    expect(resent.errors).toBeUndefined();
    const second = await lastSms('21998761234');
    if (first !== second) {
      const old = await gql(t.app, SECOND, {
        input: { signupId: step.signupId, code: first, password: 'cavaco de cedro 42' },
      });
      expect(old.errors?.[0]?.message).toBe(CODE_MESSAGES.wrong);
    }
    const ok = await gql(t.app, SECOND, {
      input: { signupId: step.signupId, code: second, password: 'cavaco de cedro 42' },
    });
    expect(ok.errors).toBeUndefined();
  });

  it('stores codes as an HMAC, never the digits', async () => {
    await startSignUp();
    const code = await lastSms('21998761234');
    const row = await t.db.selectFrom('verification_codes').selectAll().executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
  });
});

describe('resumeSignUp', () => {
  const RESUME = `mutation ($cpf: String!) { resumeSignUp(cpf: $cpf) { signupId maskedPhone } }`;

  it('texts a new code for a sign-up left after step one, found by CPF', async () => {
    const step = await startSignUp();
    clock.advance(60_000);
    const res = await gql<{ resumeSignUp: { signupId: string; maskedPhone: string } }>(t.app, RESUME, {
      cpf: '39053344705',
    });
    expect(res.data?.resumeSignUp).toEqual({ signupId: step.signupId, maskedPhone: '(21) 9****-1234' });
    const done = await gql(t.app, SECOND, {
      input: { signupId: step.signupId, code: await lastSms('21998761234'), password: 'cavaco de cedro 42' },
    });
    expect(done.errors).toBeUndefined();
    const again = await gql(t.app, RESUME, { cpf: '39053344705' });
    expect(again.errors?.[0]?.message).toBe(SIGN_UP_MESSAGES.noPending);
  });

  it('says so when there is no sign-up in progress for the CPF', async () => {
    const res = await gql(t.app, RESUME, { cpf: DEMO_MEMBER.cpf });
    expect(res.errors?.[0]?.message).toBe(SIGN_UP_MESSAGES.noPending);
  });
});
