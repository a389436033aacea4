import { demo } from './members';
import { expect, signInWithStorage, test } from './fixtures';

test.describe('dynamic segments on the static export', () => {
  test.beforeEach(async ({ page }) => {
    await signInWithStorage(page, demo.email);
  });

  test('a deep link and a reload keep the real id', async ({ page }) => {
    // An id the seed content does not have: the "não encontrado" page names the id read from the real URL.
    await page.goto('/campanhas/9876');
    await expect(page.getByRole('heading', { name: 'Campanha não encontrada' })).toBeVisible();
    await expect(page.locator('[data-param="campaignId"]')).toHaveText('9876');
    await page.reload();
    await expect(page.locator('[data-param="campaignId"]')).toHaveText('9876');
    // A real campaign, FAQ item and promotion: their content proves the real values reached the API.
    await page.goto('/campanhas/102');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bônus em chapas de MDF e MDP');
    await page.goto('/faq/pontos/como-ganhar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Como eu ganho pontos?');
    await expect(page.getByRole('link', { name: '← Pontos e extrato' })).toHaveAttribute('href', '/faq/pontos');
    await page.goto('/promocoes/verao-2026/pesquisa');
    await expect(page.getByRole('heading', { name: 'Pesquisa não encontrada' })).toBeVisible();
    await expect(page.locator('[data-param="promotionSlug"]')).toHaveText('verao-2026');
    await page.goto('/promocoes/clube-premiado/pesquisa');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conte como é a sua marcenaria');
  });

  test('client-side navigation keeps the real id and fetches the placeholder payload', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
    const payload = page.waitForResponse((r) => r.url().includes('/projetos/abc-123.txt'));
    await page.evaluate(() => {
      (window as unknown as { next: { router: { push: (href: string) => void } } }).next.router.push(
        '/projetos/abc-123',
      );
    });
    expect((await payload).status()).toBe(200);
    await expect(page.locator('[data-param="projectId"]')).toHaveText('abc-123');
    await expect(page).toHaveURL(/\/projetos\/abc-123$/);
    // Back to a page reached by a link, then forward again: still the real id.
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('button', { name: 'Mais' }).click();
    await menu.getByRole('link', { name: 'Campanhas', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Campanhas' })).toBeVisible();
    await page.goBack();
    await expect(page.locator('[data-param="projectId"]')).toHaveText('abc-123');
  });

  test('the promo sign-up keeps the store of its link for visitors', async ({ browser }) => {
    const page = await browser.newPage();
    await page.goto('/cadastro-promo/loja-centro');
    await expect(page.getByText('Cadastro pela Loja Centro Chapas e Ferragens — Goiânia/GO')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Cadastro pela Loja Centro Chapas e Ferragens — Goiânia/GO')).toBeVisible();
    await page.close();
  });
});
