import type { FastifyInstance, InjectOptions } from 'fastify';
import { errorsOf, HUNDRED_KB, isPortuguese, send, type AdversarialCase, type Answer } from './harness';

/**
 * Requests no screen of the app sends: broken JSON, the wrong content types and methods, mutations over GET, forged
 * tokens, and garbage on the API's other routes. Each answer: no 500, no engine message, a stable code on every
 * GraphQL error (in pt-BR, since the app shows what the API says), nothing stored.
 */

export interface HttpContext {
  app: FastifyInstance;
  member: Record<string, string>;
}

const PREFLIGHT = { 'apollo-require-preflight': 'true' };
const LOGIN = 'mutation { userLogin(login: "52998224725", password: "Serragem#2026") { token } }';

/** An answer of the GraphQL route: its errors are in pt-BR like every other message of the club. */
const graphqlMessage = (answer: Answer): unknown => errorsOf(answer)[0]?.message;

function graphqlCase(
  get: () => HttpContext,
  category: string,
  name: string,
  options: (ctx: HttpContext) => InjectOptions,
): AdversarialCase {
  return {
    category,
    name,
    typeable: false,
    send: () => send(get().app, { url: '/graphql', ...options(get()) }),
    verify: (answer) => {
      if (answer.status < 400 && errorsOf(answer).length === 0) return [];
      // A query document graphql refuses keeps graphql's text: only its developer reads it.
      if (errorsOf(answer)[0]?.extensions?.code === 'GRAPHQL_VALIDATION_FAILED') return [];
      const message = graphqlMessage(answer);
      return isPortuguese(message)
        ? []
        : [`GraphQL route answered without a pt-BR message: ${answer.body.slice(0, 200)}`];
    },
  };
}

function routeCase(
  get: () => HttpContext,
  category: string,
  name: string,
  options: (ctx: HttpContext) => InjectOptions,
  expectStatus?: number,
): AdversarialCase {
  return {
    category,
    name,
    typeable: false,
    mayStore: true,
    send: () => send(get().app, options(get())),
    verify: (answer) => {
      const problems: string[] = [];
      if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
      if (answer.status < 400) problems.push(`accepted with ${answer.status}: ${answer.body.slice(0, 120)}`);
      if (expectStatus !== undefined && answer.status !== expectStatus) problems.push(`HTTP ${answer.status}`);
      return problems;
    },
  };
}

const json = (payload: string, headers: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  payload,
});

export function httpCases(get: () => HttpContext): AdversarialCase[] {
  const cases: AdversarialCase[] = [];

  // Malformed JSON bodies.
  const malformed: readonly (readonly [string, string])[] = [
    ['cut short', '{"query": "{ __typename }"'],
    ['single quotes', "{'query': '{ __typename }'}"],
    ['unquoted keys', '{query: "{ __typename }"}'],
    ['trailing comma', '{"query": "{ __typename }",}'],
    ['a lone brace', '{'],
    ['NaN', '{"query": NaN}'],
    ['a comment', '{"query": "{ __typename }" /* oi */}'],
    ['an empty body', ''],
    ['only spaces', '   '],
    ['null', 'null'],
    ['a number', '42'],
    ['a string', '"{ __typename }"'],
    ['true', 'true'],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x71, 0xff, 0xfe, 0x22, 0x7d]).toString('latin1')],
    ['a null byte', '{"query": "{ __typename }"}\u0000'],
    ['prototype pollution', '{"__proto__": {"admin": true}, "query": "{ __typename }"}'],
    ['constructor pollution', '{"constructor": {"prototype": {"admin": true}}, "query": "{ __typename }"}'],
    [
      '10,000 nested arrays',
      `{"query": "query ($a: [ID!]) { __typename }", "variables": {"a": ${'['.repeat(10_000)}${']'.repeat(10_000)}}}`,
    ],
    ['100,000 nested objects', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
    ['variables as a JSON string', '{"query": "{ __typename }", "variables": "{\\"a\\": 1}"}'],
  ];
  for (const [name, payload] of malformed) {
    cases.push(graphqlCase(get, 'malformed JSON', name, () => json(payload)));
  }
  cases.push(
    graphqlCase(get, 'malformed JSON', 'a body over 1 MB', () =>
      json(JSON.stringify({ query: '{ __typename }', variables: { a: 'x'.repeat(1_100_000) } })),
    ),
    graphqlCase(get, 'malformed JSON', 'a batch of two logins', () =>
      json(JSON.stringify([{ query: LOGIN }, { query: LOGIN }])),
    ),
    graphqlCase(get, 'malformed JSON', 'a query that is a number', () => json('{"query": 1}')),
    graphqlCase(get, 'malformed JSON', 'a query that is an object', () => json('{"query": {"a": 1}}')),
    graphqlCase(get, 'malformed JSON', 'no query', () => json('{"variables": {}}')),
    graphqlCase(get, 'malformed JSON', 'a GraphQL syntax error', () => json(JSON.stringify({ query: '{ me { id }' }))),
    graphqlCase(get, 'malformed JSON', 'a 100 kB query', () => json(JSON.stringify({ query: `{ ${HUNDRED_KB} }` }))),
    graphqlCase(get, 'malformed JSON', 'an unknown operationName', () =>
      json(JSON.stringify({ query: '{ __typename }', operationName: 'Nada' })),
    ),
  );

  // Wrong content types.
  const contentTypes: readonly (readonly [string, string, string])[] = [
    ['text/plain', 'text/plain', '{"query": "{ __typename }"}'],
    ['text/xml', 'text/xml', '<query>{ __typename }</query>'],
    ['application/xml', 'application/xml', '<?xml version="1.0"?><query/>'],
    ['form-urlencoded', 'application/x-www-form-urlencoded', 'query=%7B+__typename+%7D'],
    ['multipart without a boundary', 'multipart/form-data', '--x\r\n\r\n--x--'],
    ['multipart with a wrong boundary', 'multipart/form-data; boundary=nada', '--outra\r\n\r\n--outra--'],
    ['a made-up type', 'application/x-clube', '{}'],
    ['an empty content type', '', '{"query": "{ __typename }"}'],
    ['octet-stream', 'application/octet-stream', '\u0000\u0001\u0002'],
  ];
  for (const [name, type, payload] of contentTypes) {
    cases.push(
      graphqlCase(get, 'content type', name, () => ({
        method: 'POST',
        headers: { ...PREFLIGHT, ...(type ? { 'content-type': type } : {}) },
        payload,
      })),
    );
  }

  // GET with mutations, and other methods.
  const get_ = (query: string, extra = '') => `/graphql?query=${encodeURIComponent(query)}${extra}`;
  const getRequests: readonly (readonly [string, string])[] = [
    ['a login', get_(LOGIN)],
    ['a logout', get_('mutation { logout { success } }')],
    ['a sign-up', get_('mutation { createUser(input: {}) { signupId } }')],
    [
      'a mutation named by operationName',
      `${get_('query A { __typename } mutation B { logout { success } }')}&operationName=B`,
    ],
    [
      'a mutation with variables',
      `${get_('mutation ($t: String) { logout(refreshToken: $t) { success } }')}&variables=${encodeURIComponent('{"t":"x"}')}`,
    ],
    ['variables that are not JSON', `${get_('{ __typename }')}&variables=%7Bnao-json`],
    ['no query', '/graphql'],
    ['the query twice', `${get_('{ __typename }')}&query=${encodeURIComponent('mutation { logout { success } }')}`],
    ['a subscription', get_('subscription { nada }')],
  ];
  for (const [name, url] of getRequests) {
    cases.push(graphqlCase(get, 'GET with mutations', name, () => ({ method: 'GET', url, headers: PREFLIGHT })));
  }
  for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
    cases.push(
      routeCase(get, 'method', `${method} /graphql`, () => ({
        method,
        url: '/graphql',
        headers: { 'content-type': 'application/json', ...PREFLIGHT },
        payload: JSON.stringify({ query: LOGIN }),
      })),
    );
  }

  // Forged or broken tokens on a member's query.
  const tokens: readonly (readonly [string, string])[] = [
    ['a made-up token', 'Bearer abc.def.ghi'],
    [
      'an unsigned token (alg none)',
      `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"1"}').toString('base64url')}.`,
    ],
    ['SQL in the token', "Bearer ' OR '1'='1"],
    ['a 100 kB token', `Bearer ${HUNDRED_KB}`],
    ['a Basic header', `Basic ${Buffer.from('ana:Serragem#2026').toString('base64')}`],
    ['Bearer and nothing', 'Bearer '],
  ];
  for (const [name, authorization] of tokens) {
    cases.push(
      graphqlCase(get, 'token', name, () => json(JSON.stringify({ query: '{ me { id } }' }), { authorization })),
    );
  }

  // The API's other routes, with garbage.
  const routes: readonly (readonly [string, InjectOptions, number?])[] = [
    ['invoice file: path traversal', { method: 'GET', url: '/arquivos/notas/..%2F..%2Fjwt-secret' }],
    ['invoice file: SQL id', { method: 'GET', url: "/arquivos/notas/1'%20OR%20'1'='1" }],
    ['invoice file: a huge id', { method: 'GET', url: `/arquivos/notas/${'9'.repeat(40)}?u=1&e=9999999999&s=x` }],
    ['invoice file: a forged signature', { method: 'GET', url: '/arquivos/notas/1?u=1&e=9999999999999&s=AAAA' }],
    ['invoice file: query arrays', { method: 'GET', url: '/arquivos/notas/1?u=1&u=2&e=1&e=2&s=a&s=b' }],
    ['project photo: path traversal', { method: 'GET', url: '/arquivos/projetos/..%2F..%2F..%2Fetc%2Fpasswd' }],
    ['project photo: a forged signature', { method: 'GET', url: '/arquivos/projetos/1?u=1&e=1&t=1&s=x' }],
    ['profile photo: path traversal', { method: 'GET', url: '/uploads/profile/..%2F..%2Fjwt-secret' }],
    ['profile photo: a dot file', { method: 'GET', url: '/uploads/profile/.jwt-secret' }],
    ['profile photo: a null byte', { method: 'GET', url: '/uploads/profile/foto%00.jpg' }],
    ['content image: SQL id', { method: 'GET', url: "/conteudo/imagens/1'%3B%20DROP%20TABLE%20users" }],
    ['content image: 100-character id', { method: 'GET', url: `/conteudo/imagens/${'a'.repeat(100)}` }],
    [
      'security login: broken JSON',
      { method: 'POST', url: '/seguranca/login', headers: { 'content-type': 'application/json' }, payload: '{' },
    ],
    [
      'security login: wrong types',
      {
        method: 'POST',
        url: '/seguranca/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ClientId: 1, Secret: [], SessionId: {}, PublicKey: null }),
      },
    ],
    [
      'security envelope: garbage',
      {
        method: 'POST',
        url: '/seguranca/envelope',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ SessionId: "' OR 1=1", Envelope: HUNDRED_KB.slice(0, 60_000) }),
      },
    ],
    [
      'security envelope: too big',
      {
        method: 'POST',
        url: '/seguranca/envelope',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ SessionId: 'x', Envelope: 'x'.repeat(70_000) }),
      },
      413,
    ],
  ];
  for (const [name, options, status] of routes) cases.push(routeCase(get, 'other routes', name, () => options, status));

  return cases;
}
