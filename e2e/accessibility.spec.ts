import { allRoutes, buildPath } from '../lib/routes';
import { demo } from './members';
import { expect, expectNoAxeViolations, signInWithStorage, test } from './fixtures';

const sample = (pattern: string) =>
  buildPath(pattern, Object.fromEntries([...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1] ?? '', 'exemplo'])));

test.describe('accessibility (axe-core, WCAG 2.2 AA) @desktop', () => {
  for (const [key, route] of allRoutes) {
    test(`${route.access} ${route.pattern} (${key})`, async ({ page }) => {
      if (route.access === 'private') await signInWithStorage(page, demo.email);
      await page.goto(sample(route.pattern));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
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
