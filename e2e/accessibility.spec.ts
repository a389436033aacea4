import type { Page } from '@playwright/test';
import { allRoutes } from '../common/all-routes';
import { buildPath } from '../common/routes';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { expectThumbSizedTargets } from './target-size';

/** Real values for the dynamic segments, so each page shows its content rather than its "não encontrado". */
const SAMPLE: Record<string, string> = {
  campaignId: '103',
  promotionSlug: 'clube-premiado',
  subjectSlug: 'pontos',
  faqSlug: 'validade',
  rewardSlug: 'serra-esquadria-10',
};

const sample = (pattern: string) =>
  buildPath(
    pattern,
    Object.fromEntries(
      [...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1] ?? '', SAMPLE[m[1] ?? ''] ?? 'exemplo']),
    ),
  );

async function firstProjectPath(page: Page): Promise<string> {
  await page.goto('/projetos');
  const link = page.locator('main').getByRole('link', { name: 'Cozinha planejada em freijó e branco' });
  return (await link.getAttribute('href')) ?? '/projetos/1';
}

/**
 * The painel's gated routes send a signed-out visitor to /painel/entrar, so they would only check that screen again;
 * the painel's specs (@painel) check each of its screens signed in, with content.
 */
const checked = allRoutes.filter(
  ([key, route]) => route.access !== 'staff' || key === 'painelLogin' || key === 'painelActivate',
);

/**
 * One route per test, on both viewports: nine routes inside one time limit ran past it on a busy machine. The pages
 * come from the worker's signed-in member and signed-out visitor (fixtures.ts), so a test pays for its route only. On
 * the phone the same page load also measures every tap target of a member page (see target-size.spec.ts for the
 * rule), so a member page is opened once for both checks.
 */
test.describe('every route: accessibility (axe-core, WCAG 2.2 AA) and, on the phone, tap targets @desktop', () => {
  for (const [key, route] of checked) {
    // The painel is for a desk: @painel keeps its screens out of the phone project, as for the painel's specs.
    test(`${route.pattern} (${key})${route.access === 'staff' ? ' @painel' : ''}`, async ({
      memberPage,
      visitorPage,
    }, testInfo) => {
      const page = route.access === 'private' ? memberPage : visitorPage;
      await page.goto(key === 'project' ? await firstProjectPath(page) : sample(route.pattern));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // With its content: no grey placeholder left (components/ui/skeletons.tsx marks them busy).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (route.access === 'private' && testInfo.project.name === 'celular') await expectThumbSizedTargets(page);
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
