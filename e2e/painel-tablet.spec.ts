import { expect, expectNoAxeViolations, measuredTimeout, test } from './fixtures';
import { staffFromTerminal } from './painel-helpers';
import type { Page } from '@playwright/test';

/**
 * How many of the queue's rows one screen of `height` holds under the table's head (the list scrolled to the table),
 * from the rows the page draws; at least `least`, and the figure kept in the report.
 */
async function expectRowsPerScreen(page: Page, height: number, least: number) {
  const rows = page.locator('.invoice-queue__table tbody tr');
  await expect(rows.nth(1)).toBeVisible();
  const head = (await page.locator('.invoice-queue__table thead').boundingBox())!;
  const count = await rows.count();
  const last = (await rows.nth(count - 1).boundingBox())!;
  const rowHeight = (last.y + last.height - (head.y + head.height)) / count;
  const perScreen = Math.floor((height - head.height) / rowHeight);
  test.info().annotations.push({ type: 'linhas por tela', description: `${perScreen} a ${height} px de altura` });
  expect(perScreen).toBeGreaterThanOrEqual(least);
}

// A tablet at the counter or on a lap: every section of the painel, as someone with every role opens it, at
// 1024×768. Each one fits the screen's width (a wide table scrolls in its own frame, never the page), shows its title,
// and passes axe. The sections' own journeys are checked at 1280 in their specs.
test.describe('o painel num tablet @painel', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('every section opens at 1024×768 within the width of the screen, with no accessibility violation', async ({
    page,
  }) => {
    test.setTimeout(measuredTimeout(67));
    await staffFromTerminal(page, 'Tânia Tablet', ['admin', 'revisor', 'atendimento', 'lojas', 'premios', 'campanhas']);
    const nav = page.getByRole('navigation', { name: 'Seções do painel' });
    const names = await nav.getByRole('link').allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The page's first answer: the list or the figures, not the spinner.
      await expect(page.getByRole('status').filter({ hasText: /^Carregando/ })).toHaveCount(0);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${name}: the page is ${width} px wide`).toBeLessThanOrEqual(1024);
      if (name === 'Notas fiscais') await expectRowsPerScreen(page, 768, 15);
      await page.screenshot({ path: test.info().outputPath(`${name.toLowerCase().replace(/\W+/g, '-')}-1024.png`) });
      await expectNoAxeViolations(page);
    }
  });
});
