import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { errorMessage, fieldErrors } from '../apollo/errors';
import { MStaffLogin, QStaffMe } from './operations';
import { onPainelSessionEnded, painelRequest } from './request';
import { keepStaffToken, staffToken, takeStaffNotice } from './session';

// The page's Response and Headers, as far as the client reads them (jsdom, for session storage, has neither).
const answer = (text: string, status: number, type: string) =>
  ({
    status,
    text: async () => text,
    headers: { get: (name: string) => (name === 'content-type' ? type : null) },
  }) as unknown as Response;
const json = (body: unknown, status = 200) => answer(JSON.stringify(body), status, 'application/json');

function api(respond: () => Response) {
  const calls: { url: string; init: RequestInit; headers: Map<string, string>; body: Record<string, unknown> }[] = [];
  const fetchMock = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(url),
      init: init ?? {},
      headers: new Map(Object.entries(init?.headers as Record<string, string>)),
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    });
    return respond();
  });
  return { calls, fetch: fetchMock as typeof fetch };
}

const me = {
  id: '7',
  name: 'Rui',
  email: 'rui@clube.test',
  roles: ['revisor'],
  sessionExpiresAt: '2026-11-22T22:00:00Z',
};
const unauthenticated = () =>
  json({ errors: [{ message: 'Entre de novo.', extensions: { code: 'UNAUTHENTICATED' } }] });

describe('the painel’s GraphQL request', () => {
  beforeEach(() => sessionStorage.clear());

  it('posts the operation to /painel/graphql with the preflight header and the staff token', async () => {
    keepStaffToken('staff-token');
    const { calls, fetch } = api(() => json({ data: { staffMe: me } }));
    await expect(painelRequest(QStaffMe, {}, { fetch })).resolves.toEqual({ staffMe: me });
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url).pathname).toBe('/painel/graphql');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.headers.get('apollo-require-preflight')).toBe('true');
    expect(calls[0]!.headers.get('accept')).toBe('application/json');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer staff-token');
    expect(calls[0]!.body.operationName).toBe('QStaffMe');
    expect(calls[0]!.body.query).toContain('fragment StaffMeFields on StaffMe');
  });

  it('sends no token before the sign-in, and a refusal then is only the form’s error', async () => {
    const ended = jest.fn();
    const stop = onPainelSessionEnded(ended);
    const { calls, fetch } = api(() =>
      json({
        errors: [
          {
            message: 'Confira os campos.',
            extensions: { code: 'BAD_USER_INPUT', fields: { code: 'Código inválido' } },
          },
        ],
      }),
    );
    const error = (await painelRequest(MStaffLogin, { email: 'a@b.c', password: 'x', code: '1' }, { fetch }).then(
      () => null,
      (e: unknown) => e,
    )) as CombinedGraphQLErrors;
    stop();
    expect(calls[0]!.headers.has('authorization')).toBe(false);
    expect(CombinedGraphQLErrors.is(error)).toBe(true);
    expect(errorMessage(error)).toBe('Confira os campos.');
    expect(fieldErrors(error)).toEqual({ code: 'Código inválido' });
    expect(ended).not.toHaveBeenCalled();
  });

  it('ends the session when the API refuses a sent token: the token goes, the notice stays, the handler runs', async () => {
    keepStaffToken('old-token');
    const ended = jest.fn();
    const stop = onPainelSessionEnded(ended);
    const { fetch } = api(unauthenticated);
    await expect(painelRequest(QStaffMe, {}, { fetch })).rejects.toBeInstanceOf(CombinedGraphQLErrors);
    stop();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(staffToken()).toBeNull();
    expect(takeStaffNotice()).toBe('Sua sessão terminou. Entre de novo.');
  });

  it('fails like Apollo on an HTTP error: a ServerError with the status', async () => {
    const { fetch } = api(() => answer('Bad gateway', 502, 'text/plain'));
    const error = await painelRequest(QStaffMe, {}, { fetch }).catch((e: unknown) => e as ServerError);
    expect(ServerError.is(error)).toBe(true);
    expect((error as ServerError).statusCode).toBe(502);
  });
});
