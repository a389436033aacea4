import './test/esm-shims';
import { Writable } from 'node:stream';
import { loggerOptions } from './app';
import { DEMO_MEMBER } from './seed';
import { createTestApp, gql, LOGIN, REFRESH, type TestApp } from './test/helpers';

/** Every line the server logs, at its most verbose level, kept in memory. */
function captureLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logger: { ...(loggerOptions('trace') as object), stream } };
}

const NEW_CPF = '390.533.447-05';
const CREATE = `mutation ($input: CreateUserInput!) { createUser(input: $input) { signupId } }`;

let t: TestApp;
let logs: ReturnType<typeof captureLogs>;
beforeEach(async () => {
  logs = captureLogs();
  t = await createTestApp({}, { logger: logs.logger });
});
afterEach(() => t.close());

describe('server logs', () => {
  it('never carry passwords, tokens or a full CPF, whatever the requests sent', async () => {
    const login = await gql<{ userLogin: { token: string; refresh_token: string } }>(t.app, LOGIN, {
      login: DEMO_MEMBER.cpf,
      password: DEMO_MEMBER.password,
    });
    const { token, refresh_token: refreshToken } = login.data!.userLogin;
    await gql(t.app, LOGIN, { login: '529.982.247-25', password: 'senha errada demais' });
    await gql(t.app, '{ me { id cpf } }', {}, { authorization: `Bearer ${token}` });
    const refreshed = await gql<{ refreshToken: { access_token: string; refresh_token: string } }>(t.app, REFRESH, {
      refreshToken,
    });
    // A taken CPF and a malformed one both end in errors, which are logged.
    for (const cpf of [NEW_CPF, DEMO_MEMBER.cpf, '123.456.789-00']) {
      await gql(t.app, CREATE, {
        input: {
          name: 'Joana',
          surName: 'Pereira',
          cpf,
          email: `joana${cpf.slice(0, 3)}@exemplo.com.br`,
          phoneNumber: '(21) 99876-1234',
          birthDate: '1985-07-01',
          acceptTerms: true,
          acceptEmailComunications: true,
          acceptMessageComunications: false,
        },
      });
    }
    // A query sent by GET puts its variables in the URL, which request logs print.
    const get = await t.app.inject({
      method: 'GET',
      headers: { 'apollo-require-preflight': 'true' },
      url: `/graphql?query=${encodeURIComponent('query ($l: String!) { passwordResetChannels(login: $l) { channel } }')}&variables=${encodeURIComponent(JSON.stringify({ l: DEMO_MEMBER.cpf }))}`,
    });
    expect(get.json<{ data?: unknown }>().data).toBeTruthy();

    const all = logs.lines.join('');
    // One line per request at least (eight were sent), errors besides.
    expect(logs.lines.length).toBeGreaterThanOrEqual(8);
    const secrets = [
      DEMO_MEMBER.password,
      'senha errada demais',
      token,
      refreshToken,
      refreshed.data!.refreshToken.access_token,
      refreshed.data!.refreshToken.refresh_token,
    ];
    for (const secret of secrets) expect(all).not.toContain(secret);
    for (const cpf of [DEMO_MEMBER.cpf, NEW_CPF, '12345678900']) {
      const digits = cpf.replace(/\D/g, '');
      expect(all).not.toContain(digits);
      expect(all).not.toContain(`${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`);
    }
  });

  it('write one line per request, when it ends, with the request line, the status and the time taken', async () => {
    await gql(t.app, '{ __typename }');
    await t.app.inject({ method: 'GET', url: '/nada/por/aqui?x=1' });
    const requests = logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line['req'] !== undefined || /request/.test(String(line['msg'])));
    expect(requests.map((line) => line['msg'])).toEqual(['request completed', 'request completed']);
    expect(requests[0]).toMatchObject({
      level: 30,
      reqId: expect.any(String),
      req: { method: 'POST', url: '/graphql' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(requests[1]).toMatchObject({
      req: { method: 'GET', url: '/nada/por/aqui?[oculto]' },
      res: { statusCode: 404 },
    });
  });
});
