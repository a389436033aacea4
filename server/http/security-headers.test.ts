import '../test/esm-shims';
import { createTestApp, type TestApp } from '../test/helpers';
import { cspHeaderValue } from './content-security-policy';
import { securityHeaders } from './security-headers';

/** What helmet 8 sends with the club's options, header by header. */
const EXPECTED = {
  'content-security-policy': cspHeaderValue(),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('security headers', () => {
  it('go on a GraphQL answer, a refused request and a missing route alike', async () => {
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: { query: '{ __typename }' },
      }),
      await t.app.inject({ method: 'GET', url: '/graphql?query={__typename}' }),
      await t.app.inject({ method: 'GET', url: '/nada/por/aqui' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 400, 404]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(EXPECTED);
      expect(answer.headers['x-powered-by']).toBeUndefined();
      expect(answer.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('are worked out once from helmet, for any options', () => {
    expect(securityHeaders({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: true })).toMatchObject({
      'cross-origin-embedder-policy': 'require-corp',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(securityHeaders({ contentSecurityPolicy: false })['content-security-policy']).toBeUndefined();
  });
});
