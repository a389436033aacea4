import type { Page, Request } from '@playwright/test';
import { expect, graphql, passHumanCheck, test } from '../fixtures';
import { PASSWORD } from '../members';
import { createProductionMember, expiredAccessTokenOf, instanceOf, stack } from './stack';

const REFRESH = `mutation ($refreshToken: String!) {
  refreshToken(refreshToken: $refreshToken) { access_token refresh_token }
}`;

const isGraphqlPost = (request: Request, operation: string) =>
  request.method() === 'POST' &&
  new URL(request.url()).pathname === '/graphql' &&
  (request.postData() ?? '').includes(operation);

/** A value the app keeps in localStorage (`{ value }` under a CD_ key). */
const storedValue = (page: Page, key: string) =>
  page.evaluate((k) => (JSON.parse(localStorage.getItem(k) ?? '{}') as { value?: string }).value ?? '', key);

test('a member logs in through one API process, the other refreshes the session, and pages keep working', async ({
  page,
}) => {
  const member = await createProductionMember();
  const answeredBy = new Set<string>();
  page.on('response', (response) => {
    const instance = instanceOf(response);
    if (instance) answeredBy.add(instance);
  });

  await page.goto('/login');
  await page.getByLabel('CPF, e-mail ou celular').fill(member.email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await passHumanCheck(page);
  const loginAnswer = page.waitForResponse((response) => isGraphqlPost(response.request(), 'userLogin'));
  await page.getByRole('button', { name: 'Entrar' }).click();
  const loggedInBy = instanceOf(await loginAnswer);
  expect(stack.instances).toContain(loggedInBy);
  await expect(page.getByRole('heading', { name: `Olá, ${member.name}!` })).toBeVisible();

  // nginx picks the process; refreshing (each time with the newest token) until the other one answers proves a
  // session started on one process is renewed by another. Round robin gets there on the first or second try.
  let refreshToken = await storedValue(page, 'CD_REFRESH_TOKEN');
  let accessToken = '';
  let refreshedBy: string | undefined;
  for (let attempt = 0; attempt < 10 && (refreshedBy === undefined || refreshedBy === loggedInBy); attempt++) {
    const answer = await page.request.post('/graphql', {
      headers: { 'apollo-require-preflight': 'true' },
      data: { query: REFRESH, variables: { refreshToken } },
    });
    const body = (await answer.json()) as { data?: { refreshToken: { access_token: string; refresh_token: string } } };
    expect(body.data?.refreshToken, 'a renovação da sessão').toBeTruthy();
    ({ access_token: accessToken, refresh_token: refreshToken } = body.data!.refreshToken);
    refreshedBy = instanceOf(answer);
  }
  expect(refreshedBy).toBeDefined();
  expect(refreshedBy).not.toBe(loggedInBy);
  answeredBy.add(refreshedBy!);

  // The browser now holds an expired access token and the refresh token the other process issued: the app renews
  // the session by itself, once, and the member's pages load.
  const expired = await expiredAccessTokenOf(accessToken);
  await page.evaluate(
    ([token, refresh]) => {
      localStorage.setItem('CD_TOKEN', JSON.stringify({ value: token }));
      localStorage.setItem('CD_REFRESH_TOKEN', JSON.stringify({ value: refresh }));
    },
    [expired, refreshToken],
  );
  const appRefreshes: string[] = [];
  page.on('request', (request) => {
    if (isGraphqlPost(request, 'MRefreshToken')) appRefreshes.push(request.url());
  });
  const renewed = page.waitForResponse((response) => isGraphqlPost(response.request(), 'MRefreshToken'));
  await page.goto('/historico');
  await expect(page.getByRole('heading', { name: 'Extrato de pontos', level: 1 })).toBeVisible();
  // The page may paint from what the device kept before the renewal answers; the new token is stored once it does.
  await renewed;
  await expect.poll(() => storedValue(page, 'CD_TOKEN')).not.toBe('');
  expect(await storedValue(page, 'CD_TOKEN')).not.toBe(expired);
  expect(appRefreshes).toHaveLength(1);

  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('link', { name: 'Notas', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Minhas notas fiscais', level: 1 })).toBeVisible();
  await menu.getByRole('button', { name: 'Mais' }).click();
  await menu.getByRole('link', { name: 'Perfil' }).click();
  await expect(page.getByRole('heading', { name: 'Meu perfil', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Meu perfil', level: 1 })).toBeVisible();

  // The renewed session is good on whichever process answers next.
  const token = await storedValue(page, 'CD_TOKEN');
  for (let i = 0; i < stack.instances.length; i++) {
    const me = await graphql<{ me: { email: string } }>(page.request, '{ me { email } }', {}, token);
    expect(me.data?.me.email).toBe(member.email);
  }
  expect([...answeredBy].sort()).toEqual([...stack.instances].sort());
});
