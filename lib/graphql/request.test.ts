/**
 * @jest-environment node
 */
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { errorMessage, errorReason, fieldErrors } from '../apollo/errors';
import { endDeviceSession, peekDeviceSessionId } from '../device-session/session-id';
import { useSessionStore } from '../session/store';
import { MUserLogin, QPasswordResetChannels } from '../auth/operations';
import { request } from './request';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function api(answer: () => Response) {
  const calls: { url: string; init: RequestInit; headers: Headers; body: Record<string, unknown> }[] = [];
  const fetchMock = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(url),
      init: init ?? {},
      headers: new Headers(init?.headers),
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    });
    return answer();
  });
  return { calls, fetch: fetchMock as typeof fetch };
}

const login = { login: 'ana@exemplo.com.br', password: 'Serragem#2026', altcha: null };

describe('light GraphQL request', () => {
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    useSessionStore.setState({ token: null, refreshToken: null, initialized: false, hydrated: true });
  });

  // The body and headers of docs/product.md#71-graphql-endpoint-and-headers.
  it('sends what Apollo sends: POST, the preflight header, JSON, the device session and the body', async () => {
    endDeviceSession();
    const { calls, fetch } = api(() => json({ data: { userLogin: { token: 't', refresh_token: 'r' } } }));
    const data = await request(MUserLogin, login, { fetch, uri: 'http://api.test/graphql' });
    expect(data.userLogin).toEqual({ token: 't', refresh_token: 'r' });
    expect(calls[0]?.url).toBe('http://api.test/graphql');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.headers.get('apollo-require-preflight')).toBe('true');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.headers.get('x-mgl-session-id')).toBe(peekDeviceSessionId());
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(calls[0]?.body).toMatchObject({ operationName: 'MUserLogin', variables: login });
    expect(String(calls[0]?.body.query)).toContain('userLogin(login: $login, password: $password, altcha: $altcha)');
  });

  it('sends the bearer token when there is one, and the headers an operation adds', async () => {
    useSessionStore.setState({ token: 'a.b.c' });
    const { calls, fetch } = api(() => json({ data: { passwordResetChannels: [] } }));
    await request(QPasswordResetChannels, { login: 'x', altcha: null }, { fetch, headers: { 'x-kiosk-key': 'k' } });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer a.b.c');
    expect(calls[0]?.headers.get('x-kiosk-key')).toBe('k');
    expect(calls[0]?.body.operationName).toBe('QPasswordResetChannels');
  });

  it("fails with Apollo's CombinedGraphQLErrors, read by the same helpers as every other page", async () => {
    const { fetch } = api(() =>
      json({
        data: null,
        errors: [
          {
            message: 'Confira os campos destacados.',
            extensions: { code: 'BAD_USER_INPUT', reason: 'ALREADY_MEMBER', fields: { login: 'Informe seu CPF.' } },
          },
        ],
      }),
    );
    const error = await request(MUserLogin, login, { fetch }).catch((e: unknown) => e);
    expect(CombinedGraphQLErrors.is(error)).toBe(true);
    expect(errorMessage(error as Error)).toBe('Confira os campos destacados.');
    expect(fieldErrors(error as Error)).toEqual({ login: 'Informe seu CPF.' });
    expect(errorReason(error)).toBe('ALREADY_MEMBER');
    expect(console.warn).toHaveBeenCalledWith('[GraphQL error]: Message: Confira os campos destacados., Path: -');
  });

  it('fails with a ServerError on an HTTP error, shown as the connection message', async () => {
    const { fetch } = api(() => new Response('Bad Gateway', { status: 502 }));
    const error = await request(MUserLogin, login, { fetch }).catch((e: unknown) => e);
    expect(ServerError.is(error)).toBe(true);
    expect(errorMessage(error as Error)).toMatch(/Verifique sua conexão/);
  });
});
