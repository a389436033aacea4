import '../test/esm-shims';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { ERROR_ID_PATTERN } from '../../common/errors/error-id';
import { loggerOptions } from '../app';
import { DEMO_MEMBER } from '../seed';
import { createTestApp, gql, loginAs, type TestApp } from '../test/helpers';
import { REQUEST_ID_HEADER } from './request-id';

/** Every line the server logs at info and above, parsed. */
function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { ...(loggerOptions('info') as object), stream } };
}

const NGINX_ID = '0f3a9c2e7b5d41a8b6c9d2e4f1a7b3c5';

let t: TestApp;
let logs: ReturnType<typeof captureLogs>;
afterEach(() => t.close());

describe('request ids', () => {
  it('behind the proxy, take nginx’s id into every log line of the request and send it back', async () => {
    logs = captureLogs();
    t = await createTestApp({ trustProxy: true }, { logger: logs.logger });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: NGINX_ID },
      payload: { query: '{ __typename }' },
    });
    expect(answer.headers[REQUEST_ID_HEADER]).toBe(NGINX_ID);
    const line = logs.lines.find((l) => l['msg'] === 'request completed');
    expect(line).toMatchObject({ reqId: NGINX_ID, req: { url: '/graphql' } });
  });

  it('make a new id for a client the API does not trust, or for an id that could bend a log line', async () => {
    logs = captureLogs();
    t = await createTestApp({ trustProxy: false }, { logger: logs.logger });
    const direct = await t.app.inject({ method: 'GET', url: '/healthz', headers: { [REQUEST_ID_HEADER]: NGINX_ID } });
    expect(direct.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f]{32}$/);
    expect(direct.headers[REQUEST_ID_HEADER]).not.toBe(NGINX_ID);
    await t.close();

    t = await createTestApp({ trustProxy: true });
    const odd = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { [REQUEST_ID_HEADER]: 'x"}\n{"level":60' },
    });
    expect(odd.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f]{32}$/);
    // Every answer has one, a 404 too.
    const missing = await t.app.inject({ method: 'GET', url: '/nada' });
    expect(missing.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('an internal error', () => {
  it('gives the member an error id that finds the logged stack and the request it came from', async () => {
    logs = captureLogs();
    t = await createTestApp({ trustProxy: true }, { logger: logs.logger });
    const { token } = await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password);
    // A table the FAQ reads is gone: the resolver fails with an error the API did not raise on purpose.
    await sql`alter table content_entries rename to content_entries_fora`.execute(t.db);
    try {
      const answer = await gql(
        t.app,
        '{ faqSubjects { slug } }',
        {},
        {
          authorization: `Bearer ${token}`,
          [REQUEST_ID_HEADER]: NGINX_ID,
        },
      );
      const [error] = answer.errors ?? [];
      expect(error?.message).toBe('Erro interno. Tente novamente em instantes.');
      expect(error?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      const errorId = (error?.extensions as { errorId?: string } | undefined)?.errorId ?? '';
      expect(errorId).toMatch(ERROR_ID_PATTERN);

      const logged = logs.lines.filter((line) => line['errorId'] === errorId);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({
        level: 50,
        reqId: NGINX_ID,
        // The stack, whatever shape the driver's error takes.
        err: { stack: expect.any(String) },
      });

      // Another failure, another id.
      const again = await gql(t.app, '{ faqSubjects { slug } }', {}, { authorization: `Bearer ${token}` });
      const otherId = (again.errors?.[0]?.extensions as { errorId?: string } | undefined)?.errorId;
      expect(otherId).toMatch(ERROR_ID_PATTERN);
      expect(otherId).not.toBe(errorId);
    } finally {
      await sql`alter table content_entries_fora rename to content_entries`.execute(t.db);
    }
  });

  it('carries no error id when the API refused on purpose', async () => {
    t = await createTestApp();
    const refused = await gql(t.app, '{ me { id } }');
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(refused.errors?.[0]?.extensions).not.toHaveProperty('errorId');
  });
});
