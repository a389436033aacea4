import { demo } from './members';
import { expect, signInWithStorage, test } from './fixtures';

test.describe('dynamic segments on the static export', () => {
  test.beforeEach(async ({ page }) => {
    await signInWithStorage(page, demo.email);
  });

  test('a deep link and a reload keep the real id', async ({ page }) => {
    await page.goto('/campanhas/9876');
    await expect(page.getByRole('heading', { name: 'Campanha' })).toBeVisible();
    await expect(page.locator('[data-param="campaignId"]')).toHaveText('9876');
    await page.reload();
    await expect(page.locator('[data-param="campaignId"]')).toHaveText('9876');
    await page.goto('/faq/pontos/como-ganhar');
    await expect(page.locator('[data-param="subjectSlug"]')).toHaveText('pontos');
    await expect(page.locator('[data-param="faqSlug"]')).toHaveText('como-ganhar');
    await page.goto('/promocoes/verao-2026/pesquisa');
    await expect(page.getByRole('heading', { name: 'Pesquisa da promoção' })).toBeVisible();
    await expect(page.locator('[data-param="promotionSlug"]')).toHaveText('verao-2026');
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
    await page.getByRole('link', { name: 'Campanhas' }).click();
    await expect(page.getByRole('heading', { name: 'Campanhas' })).toBeVisible();
    await page.goBack();
    await expect(page.locator('[data-param="projectId"]')).toHaveText('abc-123');
  });

  test('the promo sign-up keeps the subsidiary slug for visitors', async ({ browser }) => {
    const page = await browser.newPage();
    await page.goto('/cadastro-promo/loja-centro');
    await expect(page.getByText('Cadastro pela loja parceira loja-centro')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Cadastro pela loja parceira loja-centro')).toBeVisible();
    await page.close();
  });
});
