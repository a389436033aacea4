import { allRoutes, buildPath } from '../lib/routes';
import { demo } from './members';
import { expect, expectNoAxeViolations, signInWithStorage, test } from './fixtures';

const sample = (pattern: string) =>
  buildPath(pattern, Object.fromEntries([...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1] ?? '', 'exemplo'])));

/**
 * Routes checked one after another in one page: a test per route paid a new browser context, a sign-in and a cold
 * load of the shared chunks every time (about 60% of this file's time). A group holds routes of one access kind
 * (public routes redirect a signed-in member); each route is a step, so a failure names it.
 */
const GROUP_SIZE = 9;
const groups: { access: string; routes: (typeof allRoutes)[number][] }[] = [];
for (const entry of allRoutes) {
  const last = groups.at(-1);
  if (last && last.access === entry[1].access && last.routes.length < GROUP_SIZE) last.routes.push(entry);
  else groups.push({ access: entry[1].access, routes: [entry] });
}

test.describe('accessibility (axe-core, WCAG 2.2 AA) @desktop', () => {
  for (const group of groups) {
    const first = group.routes[0]![1].pattern;
    test(`${group.access}: ${group.routes.length} routes from ${first}`, async ({ page }) => {
      if (group.access === 'private') await signInWithStorage(page, demo.email);
      for (const [key, route] of group.routes) {
        await test.step(`${route.pattern} (${key})`, async () => {
          await page.goto(sample(route.pattern));
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expectNoAxeViolations(page);
        });
      }
    });
  }

  test('the 404 page', async ({ page }) => {
    await page.goto('/pesquisas');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the login screen with field errors shown', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Informe sua senha.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
