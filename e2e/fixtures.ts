import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { demo, editor, PASSWORD } from './members';

/** Provides `page` to the test and fails it on an uncaught error in the page meanwhile. */
async function withoutPageErrors(page: Page, provide: (page: Page) => Promise<void>): Promise<void> {
  const errors: Error[] = [];
  const onError = (error: Error) => errors.push(error);
  page.on('pageerror', onError);
  await provide(page);
  page.off('pageerror', onError);
  expect(
    errors.map((e) => e.message),
    'erros na página',
  ).toEqual([]);
}

/**
 * Every test fails on an uncaught error in the page. `memberPage` and `visitorPage` are pages a worker keeps between
 * tests that only look (the demo member Ana signed in once per worker, and a signed-out visitor): a new context per
 * test paid a sign-in and a cold load and compile of every shared chunk, about half of such a test's time.
 */
export const test = base.extend<
  { memberPage: Page; visitorPage: Page; editorPage: Page },
  { memberContext: BrowserContext; visitorContext: BrowserContext; editorContext: BrowserContext }
>({
  page: async ({ page }, provide) => withoutPageErrors(page, provide),
  memberContext: [
    async ({ browser }, provide, workerInfo) => keptContext(browser, workerInfo.project.use, provide, demo.email),
    { scope: 'worker' },
  ],
  visitorContext: [
    async ({ browser }, provide, workerInfo) => keptContext(browser, workerInfo.project.use, provide),
    { scope: 'worker' },
  ],
  // The content editor, who sees the drafts.
  editorContext: [
    async ({ browser }, provide, workerInfo) => keptContext(browser, workerInfo.project.use, provide, editor.email),
    { scope: 'worker' },
  ],
  memberPage: async ({ memberContext }, provide) => withoutPageErrors(await pageOf(memberContext), provide),
  visitorPage: async ({ visitorContext }, provide) => withoutPageErrors(await pageOf(visitorContext), provide),
  editorPage: async ({ editorContext }, provide) => withoutPageErrors(await pageOf(editorContext), provide),
});

/** A context a worker keeps for its tests, with the running project's device, signed in as `login` when given. */
async function keptContext(
  browser: Browser,
  use: BrowserContextOptions & { baseURL?: string },
  provide: (context: BrowserContext) => Promise<void>,
  login?: string,
): Promise<void> {
  const context = await browser.newContext(projectContextOptions(use));
  if (login) await signInWithStorage(context, login);
  await provide(context);
  await context.close();
}

const pageOf = async (context: BrowserContext): Promise<Page> => context.pages()[0] ?? (await context.newPage());

/** What a context a worker keeps takes from the running project, as the test-scoped `page` would. */
function projectContextOptions(use: BrowserContextOptions & { baseURL?: string }): BrowserContextOptions {
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, serviceWorkers } =
    use;
  return { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, locale, timezoneId, serviceWorkers };
}

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
  page: Pick<Page, 'addInitScript' | 'request'>,
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

/**
 * WCAG 2.2 AA check of what the page shows now. Legacy mode runs axe.run once in the page, reaching its frames by
 * axe's own messaging: every frame of the club is same-origin (the device session's collectors), so it checks the same
 * nodes as the default mode, which injects axe a second time into a blank page of its own to merge the frames'
 * results (measured on /login: 3.7–8.1 s by default, 1.2–2.0 s in legacy mode, the same 28 rules passed).
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe em ${page.url()}`).toEqual([]);
}

/**
 * The answer to a query a screen starts in its first idle moment (lib/browser/use-idle.ts: home's reminders, the
 * bell's count), as the page receives it. Ask before the navigation that starts it; the wait has the test's time, not
 * an assertion's, since the idle moment itself may come late on a busy machine.
 */
export function idleQueryAnswered(page: Page, operationName: string): Promise<unknown> {
  return page.waitForResponse((r) => {
    if (!r.url().endsWith('/graphql') || r.request().method() !== 'POST') return false;
    try {
      return (r.request().postDataJSON() as { operationName?: string } | null)?.operationName === operationName;
    } catch {
      return false; // an upload's multipart body
    }
  });
}

/**
 * The time limit of a test that lasts longer than most (a journey through several screens and devices), from its
 * measured duration on a 2-core machine: three and a half times it, so its usual run takes under a third of its limit
 * and a busy machine still finishes it (docs/testing.md). Measure again when the journey changes.
 */
export const measuredTimeout = (measuredSeconds: number): number => Math.ceil((measuredSeconds * 3.5) / 30) * 30_000;
