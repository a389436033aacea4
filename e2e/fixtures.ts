import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { PASSWORD } from './members';

/** Every test fails on an uncaught error in the page. */
export const test = base.extend({
  page: async ({ page }, provide) => {
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await provide(page);
    expect(
      errors.map((e) => e.message),
      'erros na página',
    ).toEqual([]);
  },
});

export { expect };

const PREFLIGHT = { 'apollo-require-preflight': 'true' };

export async function graphql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }> {
  const response = await request.post('/graphql', {
    headers: { ...PREFLIGHT, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    data: { query, variables },
  });
  return response.json();
}

/**
 * Solves a human-verification challenge the way the widget does in the browser, for tests that call the API
 * directly (login, sign-up, recovery): human verification is on in the end-to-end server, as in production.
 */
export async function altchaPayload(request: APIRequestContext): Promise<string> {
  const challenge = await (await request.get('/altcha/challenge')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * What a person does about the human check before sending a protected form: nothing. It solves itself once the form
 * has been touched, or when it is sent; this only lets a solve already under way finish, as the page would.
 */
export async function passHumanCheck(page: Page): Promise<void> {
  const widget = page.locator('altcha-widget');
  await expect(widget).toBeAttached({ timeout: 15_000 });
  await expect
    .poll(() => widget.evaluate((el) => (el as HTMLElement & { getState?: () => string }).getState?.()), {
      timeout: 15_000,
    })
    .not.toBe('verifying');
}

/** Logs in through the API, passing the human check as the widget would; the tokens, or an error. */
export async function loginTokens(
  request: APIRequestContext,
  login: string,
  password = PASSWORD,
): Promise<{ token: string; refresh_token: string }> {
  const result = await graphql<{ userLogin: { token: string; refresh_token: string } }>(
    request,
    'mutation ($login: String!, $password: String!, $altcha: String) { userLogin(login: $login, password: $password, altcha: $altcha) { token refresh_token } }',
    { login, password, altcha: await altchaPayload(request) },
  );
  const tokens = result.data?.userLogin;
  if (!tokens) throw new Error(`login failed: ${JSON.stringify(result.errors)}`);
  return tokens;
}

/**
 * Logs in through the API and puts the tokens where the app keeps them, for tests that are not about login. `request`
 * names another club than the test server (a spec's own server on another port).
 */
export async function signInWithStorage(
  page: Page,
  login: string,
  password = PASSWORD,
  request: APIRequestContext = page.request,
): Promise<void> {
  const tokens = await loginTokens(request, login, password);
  await page.addInitScript(
    ([token, refresh]) => {
      // Only the page itself: a frame the app opens later (the device session's collectors make some) shares its
      // storage, and must not sign the member in again after a logout.
      if (window !== window.top) return;
      if (window.localStorage.getItem('CD_TOKEN')) return;
      window.localStorage.setItem('CD_TOKEN', JSON.stringify({ value: token }));
      window.localStorage.setItem('CD_REFRESH_TOKEN', JSON.stringify({ value: refresh }));
      window.localStorage.setItem('CD_INITIALIZED', JSON.stringify({ value: true }));
    },
    [tokens.token, tokens.refresh_token],
  );
}

/** WCAG 2.2 AA check of what the page shows now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe em ${page.url()}`).toEqual([]);
}
