import '../test/esm-shims';
import type { AddressInfo } from 'node:net';
import { auditServer, type AuditResult } from 'graphql-http';
import { CSRF_BLOCKED_MESSAGE } from '../http/csrf';
import { createTestApp, type TestApp } from '../test/helpers';
import { multipart } from '../test/multipart';
import { BATCH_NOT_SUPPORTED_MESSAGE, checkRequestShape, prefersGraphqlResponse } from './graphql-over-http';

const PREFLIGHT = { 'apollo-require-preflight': 'true' } as const;
const GRAPHQL_RESPONSE = 'application/graphql-response+json';

describe('GraphQL over HTTP: graphql-http server audits against the club API', () => {
  let t: TestApp;
  let url: string;
  let results: AuditResult[];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
    // The app's client sends the CSRF preflight header on every request; so does the audit.
    const fetchFn = (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      for (const [name, value] of Object.entries(PREFLIGHT)) headers.set(name, value);
      return fetch(input, { ...init, headers });
    };
    results = await auditServer({ url, fetchFn });
  });
  afterAll(() => t.close());

  const summary = () => results.map((r) => `${r.status} ${r.id} ${r.name}`);

  it('fails no MUST', () => {
    const mustFailures = results.filter((r) => r.status !== 'ok' && r.name.startsWith('MUST'));
    expect(mustFailures.map((r) => `${r.id} ${r.name}`)).toEqual([]);
  });

  it('gives 58 ok, 3 warnings and no error or notice (47 / 7 / 1 / 6 before)', () => {
    const counts: Record<string, number> = { ok: 0, notice: 0, warn: 0, error: 0 };
    for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
    expect({ counts, results: summary() }).toMatchObject({ counts: { ok: 58, notice: 0, warn: 3, error: 0 } });
  });

  it('warns only where application/json keeps the 400 the app expects for a request that cannot run', () => {
    expect(results.filter((r) => r.status !== 'ok').map((r) => r.id)).toEqual(['572B', 'FDE2', '7B9B']);
  });
});

describe('GraphQL over HTTP: what the club answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...PREFLIGHT, ...headers },
      payload: JSON.stringify(payload),
    });

  it('refuses a batch (a JSON array of operations) with a 400, a pt-BR message and BATCH_NOT_SUPPORTED', async () => {
    const res = await post([{ query: '{ __typename }' }, { query: '{ __typename }' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [{ message: BATCH_NOT_SUPPORTED_MESSAGE, extensions: { code: 'BATCH_NOT_SUPPORTED' } }],
    });
    const one = await post([{ query: '{ __typename }' }]);
    expect(one.statusCode).toBe(400);
    expect(one.json().errors[0].extensions.code).toBe('BATCH_NOT_SUPPORTED');
  });

  it('refuses a batch sent as a multipart upload the same way, before any file is read by a resolver', async () => {
    const { payload, contentType } = multipart('{ __typename }', {}, [], []);
    const batched = payload
      .toString('latin1')
      .replace(
        JSON.stringify({ query: '{ __typename }', variables: {} }),
        JSON.stringify([{ query: '{ __typename }' }]),
      );
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': contentType, ...PREFLIGHT },
      payload: Buffer.from(batched, 'latin1'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe('BATCH_NOT_SUPPORTED');
  });

  it.each([
    ['a number query', { query: 0 }, '"query" precisa ser um texto'],
    ['a boolean query', { query: false }, '"query" precisa ser um texto'],
    ['an object query', { query: { a: 1 } }, '"query" precisa ser um texto'],
    ['a number operationName', { query: '{ __typename }', operationName: 0 }, '"operationName" precisa ser um texto'],
    ['boolean variables', { query: '{ __typename }', variables: false }, '"variables" precisa ser um objeto'],
    ['array variables', { query: '{ __typename }', variables: ['a'] }, '"variables" precisa ser um objeto'],
    ['string extensions', { query: '{ __typename }', extensions: 'x' }, '"extensions" precisa ser um objeto'],
    ['a JSON string body', 'oi', 'envie um objeto JSON'],
  ])('refuses %s with a 400 and a pt-BR message, never an internal error', async (_name, body, message) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [{ message: expect.stringContaining(message), extensions: { code: 'BAD_REQUEST' } }],
    });
  });

  it('accepts null extensions, variables and operationName', async () => {
    const res = await post({ query: '{ __typename }', extensions: null, variables: null, operationName: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('answers application/json as before when the client asks for it, for no media type or for */*', async () => {
    for (const accept of [undefined, '*/*', 'application/json', `application/json, ${GRAPHQL_RESPONSE};q=0.9`]) {
      const ok = await post({ query: '{ __typename }' }, accept ? { accept } : {});
      expect([accept, ok.statusCode, ok.headers['content-type']]).toEqual([
        accept,
        200,
        'application/json; charset=utf-8',
      ]);
      const invalid = await post({ query: '{ nada }' }, accept ? { accept } : {});
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({
        data: null,
        errors: [{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }],
      });
      expect(invalid.headers.vary).toMatch(/Accept/);
    }
  });

  it('answers application/graphql-response+json when asked, with no data entry on a request error', async () => {
    const accept = `${GRAPHQL_RESPONSE}, application/json;q=0.9`;
    const ok = await post({ query: '{ __typename }' }, { accept });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe(`${GRAPHQL_RESPONSE}; charset=utf-8`);
    expect(ok.json()).toEqual({ data: { __typename: 'Query' } });

    const invalid = await post({ query: '{ nada }' }, { accept });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['content-type']).toBe(`${GRAPHQL_RESPONSE}; charset=utf-8`);
    expect(invalid.json()).not.toHaveProperty('data');

    // An error while running (no token for `me`) is a GraphQL result, not a request error: 200 and its data entry.
    const me = await post({ query: '{ me { name } }' }, { accept });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ data: { me: null }, errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
  });

  it('keeps the request limits and the CSRF guard in front, in either media type', async () => {
    const deep = `{ ${'a { '.repeat(11)}b${' }'.repeat(11)} }`;
    const limited = await post({ query: deep }, { accept: GRAPHQL_RESPONSE });
    expect(limited.statusCode).toBe(400);
    expect(limited.json()).toEqual({
      errors: [{ message: expect.any(String), extensions: { code: 'QUERY_TOO_DEEP' } }],
    });

    const blocked = await t.app.inject({
      method: 'GET',
      url: '/graphql?query=%7B__typename%7D',
      headers: { accept: GRAPHQL_RESPONSE },
    });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().errors[0].message).toBe(CSRF_BLOCKED_MESSAGE);
  });
});

describe('GraphQL over HTTP: the rules on their own', () => {
  it.each([
    [undefined, false],
    ['*/*', false],
    ['application/json', false],
    [GRAPHQL_RESPONSE, true],
    [`${GRAPHQL_RESPONSE},application/json;q=0.9`, true],
    [`application/json, ${GRAPHQL_RESPONSE};q=0.5`, false],
    [`${GRAPHQL_RESPONSE};q=0, */*`, false],
    [`${GRAPHQL_RESPONSE}, */*`, true],
  ])('Accept %s prefers graphql-response+json: %s', (accept, expected) => {
    expect(prefersGraphqlResponse(accept)).toBe(expected);
  });

  it('drops a null extensions entry and leaves a good body alone', () => {
    const body: Record<string, unknown> = { query: '{ __typename }', extensions: null };
    expect(checkRequestShape(body)).toBeNull();
    expect(body).toEqual({ query: '{ __typename }' });
    expect(checkRequestShape({ query: 'q', variables: { a: [1] }, extensions: { persisted: 1 } })).toBeNull();
  });
});
