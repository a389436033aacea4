import '../test/esm-shims';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, gql, type TestApp } from '../test/helpers';
import { checkQueryLimits, GRAPHQL_LIMITS } from './request-limits';

/** Every operation the app sends, as the codegen wrote them for the browser. */
function appOperations(): string[] {
  const generated = readFileSync(path.join(__dirname, '../../lib/graphql/generated/graphql.ts'), 'utf8');
  return [...generated.matchAll(/export const \w+Document = (\{.*\}) as unknown as DocumentNode/g)].map((m) => {
    const doc = JSON.parse(m[1] ?? '{}') as { definitions: unknown[] };
    return JSON.stringify(doc);
  });
}

describe('GraphQL request limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: body as object,
    });

  it('lets every operation of the app through', async () => {
    const { print } = await import('graphql');
    const operations = appOperations();
    expect(operations.length).toBeGreaterThan(30);
    for (const json of operations) {
      const text = print(JSON.parse(json) as never);
      expect({ text, problem: checkQueryLimits(text) }).toEqual({ text, problem: null });
    }
  });

  const nested = (levels: number) =>
    `{ ${Array.from({ length: levels }, (_, i) => `f${i} {`).join(' ')} id ${'}'.repeat(levels)} }`;
  const chained = (levels: number) =>
    `{ ...F0 } ${Array.from({ length: levels }, (_, i) => `fragment F${i} on T${i} { f${i} { ${i + 1 < levels ? `...F${i + 1}` : 'id'} } }`).join(' ')}`;

  it.each([
    ['20,000 levels of nesting', nested(20_000), 'QUERY_TOO_LARGE'],
    [
      '1,000 aliases of one field',
      `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: __typename`).join(' ')} }`,
      'QUERY_TOO_LARGE',
    ],
    [
      '800 tokens of aliases',
      `{ me { ${Array.from({ length: 800 }, (_, i) => `a${i}: id`).join(' ')} } }`,
      'QUERY_TOO_COMPLEX',
    ],
    ['16 aliases', `{ me { ${Array.from({ length: 16 }, (_, i) => `a${i}: id`).join(' ')} } }`, 'TOO_MANY_ALIASES'],
    ['11 levels of fields', nested(GRAPHQL_LIMITS.depth), 'QUERY_TOO_DEEP'],
    ['11 levels through fragments', chained(GRAPHQL_LIMITS.depth), 'QUERY_TOO_DEEP'],
    [
      '21 fragments',
      `{ __typename } ${Array.from({ length: 21 }, (_, i) => `fragment G${i} on Query { __typename }`).join(' ')}`,
      'QUERY_TOO_COMPLEX',
    ],
  ])('refuses %s with a 400 before running anything', async (_name, query, code) => {
    const res = await post({ query });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ data: null; errors: { message: string; extensions: { code: string } }[] }>();
    expect(body.data).toBeNull();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]?.extensions.code).toBe(code);
    expect(body.errors[0]?.message).toMatch(/^Consulta/);
    expect(res.body).not.toMatch(/Maximum call stack|at \w+ \(/);
  });

  it('counts depth exactly and stops on fragments that spread themselves', () => {
    // nested(n) holds n fields around `id`: n + 1 levels.
    expect(checkQueryLimits(nested(GRAPHQL_LIMITS.depth - 1))).toBeNull();
    expect(checkQueryLimits(chained(GRAPHQL_LIMITS.depth - 1))).toBeNull();
    expect(checkQueryLimits('query { ...A } fragment A on Query { ...A }')).toBeNull();
  });

  it('refuses more root fields than a screen asks', async () => {
    const res = await post({ query: `{ ${Array.from({ length: 9 }, () => '__typename').join(' ')} }` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      data: null,
      errors: [
        {
          message: 'Consulta complexa demais. Peça menos campos de uma vez.',
          extensions: { code: 'QUERY_TOO_COMPLEX' },
        },
      ],
    });
  });

  it('refuses a list of more than 100 items among the variables, before any resolver', async () => {
    const res = await post({
      query: 'query ($ids: [ID!]!) { __typename }',
      variables: { ids: Array.from({ length: 101 }, (_, i) => String(i)) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: { extensions: { code: string } }[] }>().errors[0]?.extensions.code).toBe('LIST_TOO_LONG');
  });

  it('refuses a null byte in any variable, or in the query text, before any resolver', async () => {
    for (const body of [
      { query: 'query ($s: String!) { storeLink(slug: $s) { status } }', variables: { s: 'loja\u0000' } },
      { query: 'query ($l: [String!]) { __typename }', variables: { l: ['a', 'b\u0000'] } },
      { query: '{ storeLink(slug: "loja\\u0000") { status } }' },
    ]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        data: null,
        errors: [
          {
            message: 'O texto tem caracteres inválidos. Apague e digite de novo.',
            extensions: { code: 'INVALID_CHARACTERS' },
          },
        ],
      });
    }
  });

  it('never suggests field names', async () => {
    const res = await gql(t.app, '{ mee { id } }');
    expect(res.errors?.[0]?.message).toBe('Cannot query field "mee" on type "Query".');
  });
});
