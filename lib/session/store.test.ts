import { hydrateSession, useSessionStore } from './store';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (exp: number) => `${b64({ alg: 'HS256' })}.${b64({ exp, sub: '1' })}.c2ln`;
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.setState({ token: null, refreshToken: null, initialized: false, hydrated: false });
    jest.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('persists the tokens in CD_TOKEN, CD_REFRESH_TOKEN and CD_INITIALIZED, expiring with the JWT', () => {
    const access = jwt(inSeconds(900));
    useSessionStore.getState().setTokens({ accessToken: access, refreshToken: jwt(inSeconds(3600)) });
    const stored = JSON.parse(localStorage.getItem('CD_TOKEN') ?? '{}') as { value: string; expiresAt: number };
    expect(stored.value).toBe(access);
    expect(Math.abs(stored.expiresAt - inSeconds(900) * 1000)).toBeLessThan(2000);
    expect(JSON.parse(localStorage.getItem('CD_INITIALIZED') ?? '{}')).toEqual({ value: true });
    expect(localStorage.getItem('CD_REFRESH_TOKEN')).not.toBeNull();
  });

  it('starts with INITIALIZED false and waits for hydration', async () => {
    expect(useSessionStore.getState().hydrated).toBe(false);
    await hydrateSession();
    expect(useSessionStore.getState()).toMatchObject({ hydrated: true, initialized: false, token: null });
  });

  it('hydrates valid tokens and drops a garbage access token while keeping the refresh token', async () => {
    const refresh = jwt(inSeconds(3600));
    localStorage.setItem('CD_TOKEN', JSON.stringify({ value: 'garbage' }));
    localStorage.setItem('CD_REFRESH_TOKEN', JSON.stringify({ value: refresh }));
    await hydrateSession();
    expect(useSessionStore.getState()).toMatchObject({ token: null, refreshToken: refresh });
    expect(localStorage.getItem('CD_TOKEN')).toBeNull();
  });

  it('drops an expired token on hydration', async () => {
    localStorage.setItem('CD_TOKEN', JSON.stringify({ value: jwt(inSeconds(-10)) }));
    await hydrateSession();
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('clearSession removes the tokens and sets INITIALIZED to false', () => {
    useSessionStore.getState().setTokens({ accessToken: jwt(inSeconds(900)), refreshToken: jwt(inSeconds(3600)) });
    useSessionStore.getState().clearSession();
    expect(localStorage.getItem('CD_TOKEN')).toBeNull();
    expect(localStorage.getItem('CD_REFRESH_TOKEN')).toBeNull();
    expect(JSON.parse(localStorage.getItem('CD_INITIALIZED') ?? '{}')).toEqual({ value: false });
  });
});
