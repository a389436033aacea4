import type { Page } from '@playwright/test';
import { allRoutes, buildPath } from '../lib/routes';
import { demo } from './members';
import { expect, signInWithStorage, test } from './fixtures';
import { measureTargets, THUMB_PX, WCAG_MIN_PX } from './target-size';

/**
 * Every link, button and choice a member can tap on every member page, measured at 390×844: a thumb needs 44×44 CSS
 * px (WCAG 2.5.5's size); a smaller one passes only when it is at least 24×24 (WCAG 2.2's 2.5.8 minimum) and no other
 * target lies within the 44 px circle around it (2.5.8's spacing exception, at the thumb's size). Links inside a
 * sentence are exempt, as 2.5.8's "inline" exception says: their size is the line's.
 */

/** Real values for the dynamic segments, so each page shows its content rather than its "não encontrado". */
const SAMPLE: Record<string, string> = {
  campaignId: '103',
  promotionSlug: 'clube-premiado',
  subjectSlug: 'pontos',
  faqSlug: 'validade',
  rewardSlug: 'serra-esquadria-10',
};

async function firstProjectPath(page: Page): Promise<string> {
  await page.goto('/projetos');
  const link = page.locator('main').getByRole('link', { name: 'Cozinha planejada em freijó e branco' });
  return (await link.getAttribute('href')) ?? '/projetos/1';
}

async function expectThumbSizedTargets(page: Page, scope?: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page's lists and cards come after its heading; the network going quiet is when they have all arrived.
  await page.waitForLoadState('networkidle');
  const { failures } = await measureTargets(page, scope);
  expect(failures, `alvos pequenos em ${new URL(page.url()).pathname}`).toEqual([]);
}

test.describe(`every tap target of the member pages is ${THUMB_PX}×${THUMB_PX} px, or ${WCAG_MIN_PX} px and spaced`, () => {
  test.beforeEach(async ({ page }) => {
    await signInWithStorage(page, demo.email);
  });

  // Nine pages per test, one after another in one signed-in page: a test per page paid a new context, a sign-in
  // and a cold load of the shared chunks each time. Each page is a step, so a failure names it.
  const privateRoutes = allRoutes.filter(([, r]) => r.access === 'private');
  for (let start = 0; start < privateRoutes.length; start += 9) {
    const group = privateRoutes.slice(start, start + 9);
    test(`${group.length} pages from ${group[0]![1].pattern}`, async ({ page }) => {
      for (const [key, route] of group) {
        await test.step(`${route.pattern} (${key})`, async () => {
          const path =
            key === 'project'
              ? await firstProjectPath(page)
              : buildPath(
                  route.pattern,
                  Object.fromEntries(
                    [...route.pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1], SAMPLE[m[1] ?? '']]),
                  ),
                );
          await page.goto(path);
          await expectThumbSizedTargets(page);
        });
      }
    });
  }

  test('the phone menu opened on "Mais"', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Mais' }).click();
    await expect(page.getByRole('link', { name: 'Meus resgates' })).toBeVisible();
    // The sheet covers the page under it: what counts is the menu.
    await expectThumbSizedTargets(page, '.tab-bar');
  });
});
