import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, LOGIN, REFRESH, type FakeClock, type TestApp } from '../../test/helpers';
import { CURRENT_PASSWORD_MESSAGE } from './service';
import { RESET_MESSAGES } from './password-reset';

let t: TestApp;
let clock: FakeClock;
beforeEach(async () => {
  clock = fakeClock();
  t = await createTestApp({ now: clock.now });
});
afterEach(() => t.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const codeOf = (res: { errors?: { extensions?: { code?: string } }[] | undefined }) =>
  res.errors?.[0]?.extensions?.code;

async function signIn(password: string = DEMO_MEMBER.password) {
  const res = await gql<{ userLogin: { token: string; refresh_token: string } }>(t.app, LOGIN, {
    login: DEMO_MEMBER.email,
    password,
  });
  return res.data?.userLogin;
}

async function lastMessage(to: string): Promise<string> {
  const row = await t.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.body ?? '';
}

describe('password recovery', () => {
  const CHANNELS = `query ($login: String!) { passwordResetChannels(login: $login) { channel destination } }`;
  const REQUEST = `mutation ($login: String!, $channel: ResetChannel!) {
    requestPasswordReset(login: $login, channel: $channel) { destination resendInSeconds }
  }`;
  const RESET = `mutation ($login: String!, $code: String!, $password: String!) {
    resetPassword(login: $login, code: $code, password: $password) { success }
  }`;

  it('offers the masked phone and e-mail, sends a single-use code, ends every session and does not log in', async () => {
    const session = await signIn();
    const channels = await gql(t.app, CHANNELS, { login: '529.982.247-25' });
    expect(channels.data).toEqual({
      passwordResetChannels: [
        { channel: 'SMS', destination: '(11) 9****-4321' },
        { channel: 'EMAIL', destination: 'ma********@exemplo.com.br' },
      ],
    });
    const sent = await gql(t.app, REQUEST, { login: '529.982.247-25', channel: 'EMAIL' });
    expect(sent.errors).toBeUndefined();
    const code = /(\d{6})/.exec(await lastMessage(DEMO_MEMBER.email))?.[1] ?? '';

    const reset = await gql<{ resetPassword: { success: boolean } }>(t.app, RESET, {
      login: '529.982.247-25',
      code,
      password: 'nova senha de cedro',
    });
    expect(reset.data).toEqual({ resetPassword: { success: true } });
    expect(JSON.stringify(reset.data)).not.toMatch(/token/);
    expect(codeOf(await gql(t.app, REFRESH, { refreshToken: session!.refresh_token }))).toBe('UNAUTHENTICATED');
    expect(await signIn()).toBeUndefined();
    expect(await signIn('nova senha de cedro')).toBeDefined();

    const reuse = await gql(t.app, RESET, { login: '529.982.247-25', code, password: 'outra senha de ipê' });
    expect(reuse.errors?.[0]?.message).toBe('Este código expirou. Peça um novo código.');
  });

  it('says when no member has that identifier', async () => {
    const res = await gql(t.app, CHANNELS, { login: 'ninguem@exemplo.com.br' });
    expect(res.errors?.[0]?.message).toBe(RESET_MESSAGES.notFound);
  });

  it('throttles reset requests for one identifier', async () => {
    let last;
    for (let i = 0; i < 6; i++) last = await gql(t.app, CHANNELS, { login: DEMO_MEMBER.email });
    expect(codeOf(last!)).toBe('TOO_MANY_REQUESTS');
  });
});

describe('updatePassword', () => {
  const UPDATE = `mutation ($current: String, $password: String!) {
    updatePassword(currentPassword: $current, password: $password) { access_token refresh_token }
  }`;

  it('asks the current password, returns new tokens and ends the other sessions', async () => {
    const other = await signIn();
    const mine = await signIn();
    const wrong = await gql(t.app, UPDATE, { current: 'errada', password: 'nova senha de cedro' }, auth(mine!.token));
    expect(wrong.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { currentPassword: CURRENT_PASSWORD_MESSAGE },
    });

    const ok = await gql<{ updatePassword: { access_token: string; refresh_token: string } }>(
      t.app,
      UPDATE,
      { current: DEMO_MEMBER.password, password: 'nova senha de cedro' },
      auth(mine!.token),
    );
    expect(ok.errors).toBeUndefined();
    expect(codeOf(await gql(t.app, REFRESH, { refreshToken: other!.refresh_token }))).toBe('UNAUTHENTICATED');
    expect((await gql(t.app, REFRESH, { refreshToken: ok.data!.updatePassword.refresh_token })).errors).toBeUndefined();
  });

  it('refuses without a session', async () => {
    expect(codeOf(await gql(t.app, UPDATE, { current: 'x', password: 'nova senha de cedro' }))).toBe('UNAUTHENTICATED');
  });
});

describe('confirmEmail and logout', () => {
  const CONFIRM = `mutation ($token: String!) { confirmEmail(data: { emailConfirmationToken: $token }) { success } }`;

  it('confirms with the token of the link once, and refuses a wrong or expired one', async () => {
    await t.db.updateTable('users').set({ email_confirmed_at: null }).execute();
    const session = await signIn();
    const { sendEmailConfirmation } = await import('./email-confirmation');
    const { outboxMessenger } = await import('../../adapters/messenger');
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('cpf', '=', DEMO_MEMBER.cpf)
      .executeTakeFirstOrThrow();
    const deps = { db: t.db, messenger: outboxMessenger(t.db, clock.now), config: t.config };
    await sendEmailConfirmation(deps, user.id, DEMO_MEMBER.email);
    const token = /#([\w-]+)/.exec(await lastMessage(DEMO_MEMBER.email))?.[1] ?? '';

    expect((await gql(t.app, CONFIRM, { token: 'x'.repeat(43) }, auth(session!.token))).data).toEqual({
      confirmEmail: { success: false },
    });
    expect((await gql(t.app, CONFIRM, { token }, auth(session!.token))).data).toEqual({
      confirmEmail: { success: true },
    });
    expect((await gql(t.app, CONFIRM, { token }, auth(session!.token))).data).toEqual({
      confirmEmail: { success: false },
    });

    await sendEmailConfirmation(deps, user.id, DEMO_MEMBER.email);
    const late = /#([\w-]+)/.exec(await lastMessage(DEMO_MEMBER.email))?.[1] ?? '';
    clock.advance(48 * 60 * 60 * 1000 + 1);
    const fresh = await signIn();
    expect((await gql(t.app, CONFIRM, { token: late }, auth(fresh!.token))).data).toEqual({
      confirmEmail: { success: false },
    });
  });

  it('logout ends the session of the refresh token', async () => {
    const session = await signIn();
    const out = await gql(t.app, 'mutation ($r: String) { logout(refreshToken: $r) { success } }', {
      r: session!.refresh_token,
    });
    expect(out.data).toEqual({ logout: { success: true } });
    expect(codeOf(await gql(t.app, REFRESH, { refreshToken: session!.refresh_token }))).toBe('UNAUTHENTICATED');
  });
});
