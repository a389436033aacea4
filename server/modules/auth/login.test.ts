import '../../test/esm-shims';
import { hash, parseOptions } from '@node-rs/argon2';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, LOGIN, type TestApp } from '../../test/helpers';
import { createMember, findUserByCpf } from '../users/repository';
import { WRONG_CREDENTIALS_MESSAGE } from './service';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const login = (loginValue: string, password: string, headers: Record<string, string> = {}) =>
  gql<{ userLogin: { token: string; refresh_token: string } | null }>(
    t.app,
    LOGIN,
    { login: loginValue, password },
    headers,
  );

const ME_ID = '{ me { id cpf } }';

describe('failures per account, whatever identifier is typed', () => {
  const TOO_MANY = 'TOO_MANY_REQUESTS';
  const codeOf = (res: { errors?: { extensions?: { code?: string } }[] }) => res.errors?.[0]?.extensions?.code;
  const ANA = { cpf: '529.982.247-25', email: DEMO_MEMBER.email, phone: '(11) 98765-4321' };

  /** Ten wrong passwords spread over the three spellings: none of them reaches its own limit of five. */
  async function tenWrongGuesses() {
    for (const value of [ANA.cpf, ANA.email, ANA.phone, ANA.cpf, ANA.email, ANA.phone, ANA.cpf, ANA.email, ANA.phone]) {
      expect(codeOf(await login(value, 'palpite errado'))).toBe('BAD_USER_INPUT');
    }
    expect(codeOf(await login(ANA.cpf, 'palpite errado'))).toBe('BAD_USER_INPUT');
  }

  it('refuses the account after 10 wrong passwords over CPF, e-mail and celular; other accounts go on', async () => {
    await tenWrongGuesses();
    // The right password, by an identifier that has failed only three times, is refused for the account.
    for (const value of [ANA.email, ANA.phone]) {
      expect((await login(value, DEMO_MEMBER.password)).errors?.[0]).toMatchObject({
        message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
        extensions: { code: TOO_MANY },
      });
    }
    await createMember(t.db, {
      name: 'Bia',
      surName: 'Lima',
      cpf: '111.444.777-35',
      email: 'bia@exemplo.com.br',
      password: 'Senha#forte1',
    });
    expect((await login('bia@exemplo.com.br', 'Senha#forte1')).errors).toBeUndefined();
  });

  it('a right password does not count, and a password reset clears the account’s failures', async () => {
    for (let i = 0; i < 3; i += 1) await login(ANA.cpf, 'palpite errado');
    expect((await login(ANA.email, DEMO_MEMBER.password)).errors).toBeUndefined();
    // Seven more failures are all judged: 3 + 7 = 10, the success not among them.
    for (const value of [ANA.email, ANA.phone, ANA.email, ANA.phone, ANA.email, ANA.phone, ANA.email]) {
      expect(codeOf(await login(value, 'palpite errado'))).toBe('BAD_USER_INPUT');
    }
    expect(codeOf(await login(ANA.email, DEMO_MEMBER.password))).toBe(TOO_MANY);

    // The member is never locked out for good: the reset code still comes, and it ends the lockout.
    const REQUEST = `mutation ($login: String!) { requestPasswordReset(login: $login, channel: EMAIL) { destination } }`;
    const RESET = `mutation ($login: String!, $code: String!, $password: String!) {
      resetPassword(login: $login, code: $code, password: $password) { success }
    }`;
    expect((await gql(t.app, REQUEST, { login: ANA.email })).errors).toBeUndefined();
    const sent = await t.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', DEMO_MEMBER.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(sent.body)?.[1] ?? '';
    const reset = await gql(t.app, RESET, { login: ANA.email, code, password: 'nova senha de cedro' });
    expect(reset.errors).toBeUndefined();
    expect((await login(ANA.phone, 'nova senha de cedro')).errors).toBeUndefined();
  });
});

describe('userLogin', () => {
  it.each([
    ['CPF com máscara', '529.982.247-25'],
    ['CPF só dígitos', '52998224725'],
    ['e-mail com maiúsculas e espaços', '  Marceneiro@Exemplo.COM.br '],
    ['celular com máscara', '(11) 98765-4321'],
    ['celular só dígitos', '11987654321'],
    ['celular com +55', '+55 11 98765-4321'],
    ['celular com 55 sem +', '5511987654321'],
  ])('logs in by %s', async (_label, value) => {
    const res = await login(value, DEMO_MEMBER.password);
    expect(res.errors).toBeUndefined();
    const token = res.data?.userLogin?.token ?? '';
    expect(token.split('.')).toHaveLength(3);
    const me = await gql<{ me: { cpf: string } }>(t.app, ME_ID, {}, { authorization: `Bearer ${token}` });
    expect(me.data?.me.cpf).toBe(DEMO_MEMBER.cpf);
  });

  it('tries an 11-digit value that passes the CPF check as a phone when no member has that CPF', async () => {
    // 111.444.777-35 is a valid CPF, and here it is only someone's celular.
    await createMember(t.db, {
      name: 'Davi',
      surName: 'Rocha',
      cpf: '39053344705',
      email: 'davi@exemplo.com.br',
      password: 'Senha#forte1',
      phoneNumber: '11144477735',
    });
    const res = await login('11144477735', 'Senha#forte1');
    expect(res.errors).toBeUndefined();
    expect(res.data?.userLogin?.token).toBeTruthy();
  });

  it('gives the same error for a wrong password and for an unknown member', async () => {
    const wrong = await login(DEMO_MEMBER.cpf, 'senha-errada');
    const unknown = await login('nao-existe@exemplo.com.br', 'senha-errada');
    const unknownCpf = await login('111.444.777-35', DEMO_MEMBER.password);
    for (const res of [wrong, unknown, unknownCpf]) {
      expect(res.data).toBeNull();
      expect(res.errors).toEqual([
        expect.objectContaining({
          message: WRONG_CREDENTIALS_MESSAGE,
          extensions: { code: 'BAD_USER_INPUT', fields: {} },
        }),
      ]);
    }
    expect(WRONG_CREDENTIALS_MESSAGE).toBe('CPF, e-mail, celular ou senha incorretos.');
  });

  it("answers 'User disabled' to a disabled member with the right password, and the same error otherwise", async () => {
    await createMember(t.db, {
      name: 'Eva',
      surName: 'Melo',
      cpf: '111.444.777-35',
      email: 'eva@exemplo.com.br',
      password: 'Senha#forte1',
      disabled: true,
    });
    const right = await login('eva@exemplo.com.br', 'Senha#forte1');
    expect(right.errors?.[0]).toMatchObject({ message: 'User disabled', extensions: { code: 'FORBIDDEN' } });
    const wrong = await login('eva@exemplo.com.br', 'outra');
    expect(wrong.errors?.[0]?.message).toBe(WRONG_CREDENTIALS_MESSAGE);
  });

  it('blocks an identifier after 5 failures, for every spelling of it, even with the right password', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await login('529.982.247-25', `errada-${i}`)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const blocked = await login('52998224725', DEMO_MEMBER.password);
    expect(blocked.errors?.[0]).toMatchObject({
      message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
      extensions: { code: 'TOO_MANY_REQUESTS' },
    });
    // Another member is not affected by this member's counter.
    expect((await login('outro@exemplo.com.br', 'x')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('lets the identifier in again after the 15-minute window', async () => {
    // The limits are rate-limiter-flexible's, which reads the system clock rather than config.now: the test moves
    // both, so the window really ends in the library's own expiry check.
    const clock = fakeClock();
    jest.spyOn(Date, 'now').mockImplementation(clock.now);
    const clockApp = await createTestApp({ now: clock.now });
    try {
      for (let i = 0; i < 5; i += 1) await gql(clockApp.app, LOGIN, { login: DEMO_MEMBER.email, password: 'x' });
      const blocked = await gql(clockApp.app, LOGIN, { login: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
      expect(blocked.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
      clock.advance(15 * 60 * 1000 - 1000);
      const early = await gql(clockApp.app, LOGIN, { login: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
      expect(early.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
      clock.advance(1000 + 1);
      const again = await gql(clockApp.app, LOGIN, { login: DEMO_MEMBER.email, password: DEMO_MEMBER.password });
      expect(again.errors).toBeUndefined();
    } finally {
      await clockApp.close();
    }
  });

  it('counts aliased attempts inside one request one by one (30 per IP), and refuses more than 8 at once', async () => {
    const aliased = (count: number, from = 0) =>
      `mutation { ${Array.from(
        { length: count },
        (_, i) =>
          `a${from + i}: userLogin(login: "${DEMO_MEMBER.email}", password: "${DEMO_MEMBER.password}") { token }`,
      ).join('\n')} }`;
    const whole = await gql(t.app, aliased(31));
    expect(whole.status).toBe(400);
    expect(whole.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');

    // Mutations run one after another: 3 requests of 8 and one of 7 are 31 attempts; the 31st is refused.
    for (const from of [0, 8, 16]) expect((await gql(t.app, aliased(8, from))).errors).toBeUndefined();
    const last = await gql(t.app, aliased(7, 24));
    expect(last.errors).toEqual([
      expect.objectContaining({ path: ['a30'], extensions: { code: 'TOO_MANY_REQUESTS' } }),
    ]);
  });

  it('stops a request of aliased wrong guesses at the first failure and counts it', async () => {
    const fields = Array.from(
      { length: 5 },
      (_, i) => `g${i}: userLogin(login: "52998224725", password: "x${i}") { token }`,
    );
    for (let i = 0; i < 5; i += 1) await gql(t.app, `mutation { ${fields.join(' ')} }`);
    const blocked = await login(DEMO_MEMBER.cpf, DEMO_MEMBER.password);
    expect(blocked.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('password hashing', () => {
  it('stores argon2id with m=19456, t=2, p=1', async () => {
    const row = await findUserByCpf(t.db, DEMO_MEMBER.cpf);
    expect(row?.password_hash.startsWith('$argon2id$')).toBe(true);
    const params = parseOptions(row?.password_hash ?? '');
    expect([params.memoryCost, params.timeCost, params.parallelism]).toEqual([19456, 2, 1]);
  });

  it('rehashes a weaker stored hash on successful login, and not on a failed one', async () => {
    const weak = await hash('Senha#forte1', { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await createMember(t.db, {
      name: 'Fábio',
      surName: 'Reis',
      cpf: '111.444.777-35',
      email: 'fabio@exemplo.com.br',
      password: 'Senha#forte1',
      passwordHash: weak,
    });
    await login('fabio@exemplo.com.br', 'errada');
    expect((await findUserByCpf(t.db, '11144477735'))?.password_hash).toBe(weak);

    const res = await login('fabio@exemplo.com.br', 'Senha#forte1');
    expect(res.errors).toBeUndefined();
    const stored = (await findUserByCpf(t.db, '11144477735'))?.password_hash ?? '';
    expect(stored).not.toBe(weak);
    expect(parseOptions(stored)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect((await login('fabio@exemplo.com.br', 'Senha#forte1')).errors).toBeUndefined();
  });
});
