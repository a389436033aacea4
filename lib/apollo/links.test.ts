/**
 * @jest-environment node
 */
import { ApolloClient, gql, InMemoryCache } from '@apollo/client';
import { endDeviceSession, peekDeviceSessionId } from '../device-session/session-id';
import { useSessionStore } from '../session/store';
import { isUnderMaintenance, leaveMaintenance } from '../network/maintenance';
import { isMaintenance } from './errors';
import { createLink } from './links';

const PING = gql`
  query Ping($n: Int!) {
    ping(n: $n)
  }
`;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unauthenticated = () =>
  json({
    data: null,
    errors: [{ message: 'Sessão expirada. Entre novamente.', extensions: { code: 'UNAUTHENTICATED' } }],
  });

interface Call {
  operationName: string;
  headers: Headers;
  method: string;
}

function setup(options: {
  refreshOk: boolean;
  unauthorizedAs?: 'graphql' | '401';
  refreshUnreachable?: 'offline' | '502';
  /** The `extensions.reason` of the refused refresh. */
  refusedFor?: string;
}) {
  const calls: Call[] = [];
  const fetchMock = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { operationName: string };
    const headers = new Headers(init?.headers);
    calls.push({ operationName: body.operationName, headers, method: init?.method ?? 'GET' });
    if (body.operationName === 'MRefreshToken') {
      await new Promise((r) => setTimeout(r, 20));
      if (options.refreshUnreachable === 'offline') throw new TypeError('Failed to fetch');
      if (options.refreshUnreachable === '502') return new Response('Bad Gateway', { status: 502 });
      if (!options.refreshOk && options.refusedFor) {
        return json({
          data: null,
          errors: [{ message: 'Você saiu', extensions: { code: 'UNAUTHENTICATED', reason: options.refusedFor } }],
        });
      }
      if (!options.refreshOk) return unauthenticated();
      return json({
        data: { refreshToken: { access_token: 'new-access', refresh_token: 'new-refresh', token_type: 'Bearer' } },
      });
    }
    if (headers.get('authorization') !== 'Bearer new-access') {
      return options.unauthorizedAs === '401'
        ? json({ errors: [{ message: 'Unauthorized' }] }, 401)
        : unauthenticated();
    }
    return json({ data: { ping: 1 } });
  });
  const onSessionLost = jest.fn(() => useSessionStore.getState().clearSession());
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: createLink({ uri: 'http://api.test/graphql', fetch: fetchMock as typeof fetch, onSessionLost }),
  });
  return { client, calls, onSessionLost };
}

describe('Apollo links', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    useSessionStore.setState({ token: 'old-access', refreshToken: 'old-refresh', initialized: true, hydrated: true });
  });

  it('sends POST with the preflight header, JSON and the bearer token', async () => {
    useSessionStore.setState({ token: 'new-access' });
    const { client, calls } = setup({ refreshOk: true });
    await client.query({ query: PING, variables: { n: 1 }, fetchPolicy: 'no-cache' });
    expect(calls[0]).toMatchObject({ operationName: 'Ping', method: 'POST' });
    expect(calls[0]?.headers.get('apollo-require-preflight')).toBe('true');
    expect(calls[0]?.headers.get('content-type')).toContain('application/json');
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer new-access');
  });

  it('sends no authorization header without a token', async () => {
    useSessionStore.setState({ token: null, refreshToken: null });
    const { client, calls } = setup({ refreshOk: true });
    await client.query({ query: PING, variables: { n: 1 }, fetchPolicy: 'no-cache' }).catch(() => {});
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('names the device session in a header on every request, the refresh included, and keeps the same id', async () => {
    endDeviceSession();
    const { client, calls } = setup({ refreshOk: true });
    await client.query({ query: PING, variables: { n: 1 }, fetchPolicy: 'no-cache' });
    await client.query({ query: PING, variables: { n: 2 }, fetchPolicy: 'no-cache' });
    const id = peekDeviceSessionId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(calls.map((c) => c.operationName)).toContain('MRefreshToken');
    expect(calls.map((c) => c.headers.get('x-mgl-session-id'))).toEqual(Array(calls.length).fill(id));
  });

  it('keeps the device session an operation names for itself', async () => {
    useSessionStore.setState({ token: 'new-access' });
    const { client, calls } = setup({ refreshOk: true });
    const context = { headers: { 'x-mgl-session-id': 'a'.repeat(32) } };
    await client.query({ query: PING, variables: { n: 1 }, fetchPolicy: 'no-cache', context });
    expect(calls[0]?.headers.get('x-mgl-session-id')).toBe('a'.repeat(32));
  });

  it.each(['graphql', '401'] as const)(
    '20 operations failing UNAUTHENTICATED (%s) at once cause one refresh and 20 retries',
    async (unauthorizedAs) => {
      const { client, calls } = setup({ refreshOk: true, unauthorizedAs });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, n) => client.query({ query: PING, variables: { n }, fetchPolicy: 'no-cache' })),
      );
      expect(results.map((r) => r.data)).toEqual(Array(20).fill({ ping: 1 }));
      expect(calls.filter((c) => c.operationName === 'MRefreshToken')).toHaveLength(1);
      const pings = calls.filter((c) => c.operationName === 'Ping');
      expect(pings.filter((c) => c.headers.get('authorization') === 'Bearer new-access')).toHaveLength(20);
      expect(pings).toHaveLength(40);
      expect(useSessionStore.getState()).toMatchObject({ token: 'new-access', refreshToken: 'new-refresh' });
    },
  );

  it('clears the session when the refresh is refused', async () => {
    const { client, calls, onSessionLost } = setup({ refreshOk: false });
    await expect(client.query({ query: PING, variables: { n: 1 }, fetchPolicy: 'no-cache' })).rejects.toThrow();
    expect(calls.filter((c) => c.operationName === 'MRefreshToken')).toHaveLength(1);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
    expect(onSessionLost).toHaveBeenCalledWith([
      { message: 'Sessão expirada. Entre novamente.', extensions: { code: 'UNAUTHENTICATED' } },
    ]);
    expect(useSessionStore.getState()).toMatchObject({ token: null, refreshToken: null, initialized: false });
  });

  it('hands on the errors of the refused refresh, which say why (a session ended from another device)', async () => {
    const { client, onSessionLost } = setup({ refreshOk: false, refusedFor: 'SESSION_ENDED_ELSEWHERE' });
    await expect(client.query({ query: PING, variables: { n: 1 }, fetchPolicy: 'no-cache' })).rejects.toThrow();
    expect(onSessionLost).toHaveBeenCalledWith([
      { message: 'Você saiu', extensions: { code: 'UNAUTHENTICATED', reason: 'SESSION_ENDED_ELSEWHERE' } },
    ]);
  });

  it.each(['offline', '502'] as const)(
    'keeps the session when the refresh cannot reach the API (%s) and refreshes on the next try',
    async (refreshUnreachable) => {
      const { client, calls, onSessionLost } = setup({ refreshOk: true, refreshUnreachable });
      await expect(client.query({ query: PING, variables: { n: 1 }, fetchPolicy: 'no-cache' })).rejects.toThrow(
        'Não foi possível renovar a sessão agora.',
      );
      expect(onSessionLost).not.toHaveBeenCalled();
      expect(useSessionStore.getState()).toMatchObject({ token: 'old-access', refreshToken: 'old-refresh' });

      const back = setup({ refreshOk: true });
      const result = await back.client.query({ query: PING, variables: { n: 2 }, fetchPolicy: 'no-cache' });
      expect(result.data).toEqual({ ping: 1 });
      expect(calls.filter((c) => c.operationName === 'MRefreshToken')).toHaveLength(1);
      expect(useSessionStore.getState()).toMatchObject({ token: 'new-access', refreshToken: 'new-refresh' });
    },
  );

  describe('when the API is under maintenance (503, MAINTENANCE)', () => {
    const maintenance = () =>
      new Response(
        JSON.stringify({
          errors: [{ message: 'Estamos em manutenção.', extensions: { code: 'MAINTENANCE', retryAfterSeconds: 300 } }],
        }),
        { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '300' } },
      );
    afterEach(() => leaveMaintenance());

    it('shows the maintenance screen and keeps the session: no refresh, no logout', async () => {
      const fetchMock = jest.fn(async () => maintenance());
      const onSessionLost = jest.fn();
      const client = new ApolloClient({
        cache: new InMemoryCache(),
        link: createLink({
          uri: 'http://api.test/graphql',
          fetch: fetchMock as unknown as typeof fetch,
          onSessionLost,
        }),
      });
      const error = await client.query({ query: PING, variables: { n: 1 }, fetchPolicy: 'no-cache' }).catch((e) => e);
      expect(isMaintenance(error as Error)).toBe(true);
      expect(isUnderMaintenance()).toBe(true);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(onSessionLost).not.toHaveBeenCalled();
      expect(useSessionStore.getState()).toMatchObject({
        token: 'old-access',
        refreshToken: 'old-refresh',
        initialized: true,
      });
    });

    it('keeps the session when the refresh itself meets the maintenance', async () => {
      const fetchMock = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
        const { operationName } = JSON.parse(String(init?.body)) as { operationName: string };
        return operationName === 'MRefreshToken' ? maintenance() : unauthenticated();
      });
      const onSessionLost = jest.fn();
      const client = new ApolloClient({
        cache: new InMemoryCache(),
        link: createLink({
          uri: 'http://api.test/graphql',
          fetch: fetchMock as unknown as typeof fetch,
          onSessionLost,
        }),
      });
      await expect(client.query({ query: PING, variables: { n: 1 }, fetchPolicy: 'no-cache' })).rejects.toThrow(
        'Não foi possível renovar a sessão agora.',
      );
      expect(isUnderMaintenance()).toBe(true);
      expect(onSessionLost).not.toHaveBeenCalled();
      expect(useSessionStore.getState()).toMatchObject({ token: 'old-access', refreshToken: 'old-refresh' });
    });

    it('takes a 503 without the MAINTENANCE code for an ordinary server error', async () => {
      const fetchMock = jest.fn(async () => new Response('Service Unavailable', { status: 503 }));
      const client = new ApolloClient({
        cache: new InMemoryCache(),
        link: createLink({ uri: 'http://api.test/graphql', fetch: fetchMock as unknown as typeof fetch }),
      });
      await client.query({ query: PING, variables: { n: 1 }, fetchPolicy: 'no-cache' }).catch(() => {});
      expect(isUnderMaintenance()).toBe(false);
    });
  });

  it('logs GraphQL errors as warnings with message and path', async () => {
    useSessionStore.setState({ token: 'new-access' });
    const fetchMock = jest.fn(async () =>
      json({
        data: null,
        errors: [{ message: 'Campanha não encontrada.', path: ['campaign'], extensions: { code: 'NOT_FOUND' } }],
      }),
    );
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: createLink({ uri: 'http://api.test/graphql', fetch: fetchMock as unknown as typeof fetch }),
    });
    await client.query({ query: PING, variables: { n: 1 }, fetchPolicy: 'no-cache' }).catch(() => {});
    expect(console.warn).toHaveBeenCalledWith('[GraphQL error]: Message: Campanha não encontrada., Path: campaign');
  });
});
