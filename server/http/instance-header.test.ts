import '../test/esm-shims';
import { loadConfig } from '../config';
import { createTestApp, gql, type TestApp } from '../test/helpers';
import { INSTANCE_HEADER } from './instance-header';

const env = (vars: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/srv/clube', ...vars });

describe('INSTANCE_NAME', () => {
  it('is unset unless given', () => {
    expect(env({}).instanceName).toBeUndefined();
    expect(env({ INSTANCE_NAME: 'api-2' }).instanceName).toBe('api-2');
  });

  it.each(['api 1', 'api\r\nset-cookie: x', 'a'.repeat(65), 'ação'])(
    'refuses %j, which could not go in a header',
    (name) => {
      expect(() => env({ INSTANCE_NAME: name })).toThrow('INSTANCE_NAME aceita até 64 letras, números');
    },
  );
});

describe('the instance header', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('names the process on answers, unknown paths and rate-limit refusals', async () => {
    t = await createTestApp({ instanceName: 'api-2', requestsPerMinute: 2 });
    const app = t.app;
    const post = () => app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } });
    const ok = await post();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers[INSTANCE_HEADER]).toBe('api-2');
    const missing = await app.inject({ method: 'GET', url: '/nao-existe' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers[INSTANCE_HEADER]).toBe('api-2');
    await post();
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers[INSTANCE_HEADER]).toBe('api-2');
  });

  it('is not sent when no name is set', async () => {
    t = await createTestApp();
    const answer = await gql(t.app, '{ __typename }');
    expect(answer.status).toBe(200);
    const raw = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } });
    expect(raw.headers[INSTANCE_HEADER]).toBeUndefined();
  });
});
