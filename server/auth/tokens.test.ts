import '../test/esm-shims';
import { SignJWT } from 'jose';
import { DEMO_MEMBER } from '../seed';
import {
  createTestApp,
  fakeClock,
  gql,
  LOGIN,
  REFRESH,
  TEST_SECRET,
  type FakeClock,
  type TestApp,
} from '../test/helpers';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, verifyAccessToken } from './tokens';

let t: TestApp;
let clock: FakeClock;
beforeEach(async () => {
  clock = fakeClock();
  t = await createTestApp({ now: clock.now });
});
afterEach(() => t.close());

type Pair = { access_token: string; refresh_token: string; token_type: string };

async function signIn(): Promise<{ token: string; refresh_token: string }> {
  const res = await gql<{ userLogin: { token: string; refresh_token: string } }>(t.app, LOGIN, {
    login: DEMO_MEMBER.cpf,
    password: DEMO_MEMBER.password,
  });
  return res.data!.userLogin;
}

const refresh = (refreshToken: string) => gql<{ refreshToken: Pair }>(t.app, REFRESH, { refreshToken });
const me = (token: string) =>
  gql<{ me: { id: string } }>(t.app, '{ me { id } }', {}, { authorization: `Bearer ${token}` });
const codeOf = (res: { errors?: { extensions?: { code?: string } }[] | undefined }) =>
  res.errors?.[0]?.extensions?.code;

describe('refresh-token rotation', () => {
  it('rotates on every use and the new access token works', async () => {
    const first = await signIn();
    const r1 = await refresh(first.refresh_token);
    expect(r1.data?.refreshToken.token_type).toBe('Bearer');
    expect(r1.data?.refreshToken.refresh_token).not.toBe(first.refresh_token);
    expect((await me(r1.data!.refreshToken.access_token)).data?.me.id).toBeTruthy();
    const r2 = await refresh(r1.data!.refreshToken.refresh_token);
    expect(r2.errors).toBeUndefined();
  });

  it('stores refresh tokens hashed', async () => {
    const { refresh_token } = await signIn();
    const rows = await t.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(refresh_token);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets the immediately previous token refresh again within 30 seconds (two tabs)', async () => {
    const first = await signIn();
    const tabA = await refresh(first.refresh_token);
    clock.advance(29_000);
    const tabB = await refresh(first.refresh_token);
    expect(tabB.errors).toBeUndefined();
    expect((await refresh(tabA.data!.refreshToken.refresh_token)).errors).toBeUndefined();
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const first = await signIn();
    const second = await refresh(first.refresh_token);
    clock.advance(31_000);
    const reuse = await refresh(first.refresh_token);
    expect(codeOf(reuse)).toBe('UNAUTHENTICATED');
    expect(codeOf(await refresh(second.data!.refreshToken.refresh_token))).toBe('UNAUTHENTICATED');
  });

  it('revokes the family when a token two generations old comes back, even within the grace window', async () => {
    const first = await signIn();
    const second = await refresh(first.refresh_token);
    const third = await refresh(second.data!.refreshToken.refresh_token);
    expect(codeOf(await refresh(first.refresh_token))).toBe('UNAUTHENTICATED');
    expect(codeOf(await refresh(third.data!.refreshToken.refresh_token))).toBe('UNAUTHENTICATED');
  });

  it('leaves other sessions of the member alone when one family is revoked', async () => {
    const phone = await signIn();
    const laptop = await signIn();
    await refresh(phone.refresh_token);
    clock.advance(60_000);
    await refresh(phone.refresh_token);
    expect((await refresh(laptop.refresh_token)).errors).toBeUndefined();
  });
});

describe('token checks', () => {
  const forge = (alg: string, key: Uint8Array, claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg })
      .setSubject('1')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);

  it("refuses alg 'none'", async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const now = Math.floor(clock.now() / 1000);
    const payload = Buffer.from(
      JSON.stringify({
        sub: '1',
        typ: 'access',
        jti: 'x',
        iss: TOKEN_ISSUER,
        aud: TOKEN_AUDIENCE,
        iat: now,
        exp: now + 600,
      }),
    ).toString('base64url');
    expect(codeOf(await me(`${header}.${payload}.`))).toBe('UNAUTHENTICATED');
  });

  it('refuses a token signed with another secret or another algorithm', async () => {
    const other = await forge('HS256', new TextEncoder().encode('outro-segredo-com-mais-de-32-caracteres!!'), {
      typ: 'access',
      jti: 'x',
    });
    expect(codeOf(await me(other))).toBe('UNAUTHENTICATED');
    const hs512 = await forge('HS512', TEST_SECRET, { typ: 'access', jti: 'x' });
    expect(codeOf(await me(hs512))).toBe('UNAUTHENTICATED');
  });

  it('refuses an expired access token, and a refresh token used as an access token', async () => {
    const pair = await signIn();
    expect(codeOf(await me(pair.refresh_token))).toBe('UNAUTHENTICATED');
    clock.advance(15 * 60 * 1000 + 1000);
    expect(codeOf(await me(pair.token))).toBe('UNAUTHENTICATED');
    expect(codeOf(await refresh(pair.token))).toBe('UNAUTHENTICATED');
  });

  it('refuses an access token once it expires, even one already verified on earlier requests', async () => {
    const { token } = await signIn();
    expect((await me(token)).data?.me.id).toBeTruthy();
    clock.advance(15 * 60 * 1000 - 2000);
    expect((await me(token)).data?.me.id).toBeTruthy();
    clock.advance(2000);
    expect(codeOf(await me(token))).toBe('UNAUTHENTICATED');
  });

  it('refuses a token verified under one secret when the server has another', async () => {
    const { token } = await signIn();
    expect((await me(token)).data?.me.id).toBeTruthy();
    const settings = {
      jwtSecret: new TextEncoder().encode('outro-segredo-com-mais-de-32-caracteres!!'),
      now: clock.now,
    };
    await expect(verifyAccessToken(settings, token)).rejects.toThrow();
    await expect(verifyAccessToken({ jwtSecret: TEST_SECRET, now: clock.now }, token)).resolves.toMatchObject({
      jti: expect.any(String),
    });
  });

  it('keeps the CPF and e-mail out of the claims', async () => {
    const { token } = await signIn();
    const payload = Buffer.from(token.split('.')[1] ?? '', 'base64url').toString();
    expect(payload).not.toContain(DEMO_MEMBER.cpf);
    expect(payload).not.toContain(DEMO_MEMBER.email);
  });
});
