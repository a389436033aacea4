import { demo } from './members';
import { altchaPayload, expect, test } from './fixtures';

const ME = 'query QMe { me { name } }';

test.describe('/graphql over HTTP', () => {
  test('answers POST with tokens and GET queries with the preflight header', async ({ request }) => {
    const login = await request.post('/graphql', {
      headers: { 'apollo-require-preflight': 'true' },
      data: {
        operationName: 'L',
        query:
          'mutation L($l: String!, $p: String!, $a: String) { userLogin(login: $l, password: $p, altcha: $a) { token refresh_token } }',
        variables: { l: demo.cpf, p: demo.password, a: await altchaPayload(request) },
      },
    });
    const token = (await login.json()).data.userLogin.token as string;
    expect(token.split('.')).toHaveLength(3);

    const get = await request.get(`/graphql?query=${encodeURIComponent(ME)}`, {
      headers: { 'apollo-require-preflight': 'true', authorization: `Bearer ${token}` },
    });
    expect(get.status()).toBe(200);
    expect((await get.json()).data.me.name).toBe(demo.name);
  });

  test('refuses a multipart request without the preflight header', async ({ request }) => {
    const response = await request.post('/graphql', {
      multipart: { operations: JSON.stringify({ query: ME }), map: '{}' },
    });
    expect(response.status()).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('apollo-require-preflight');
  });

  test('me without a token is UNAUTHENTICATED', async ({ request }) => {
    const response = await request.post('/graphql', {
      headers: { 'apollo-require-preflight': 'true' },
      data: { query: ME },
    });
    const body = await response.json();
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
