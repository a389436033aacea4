import type { Page } from '@playwright/test';
import { demo } from './members';
import { expect, expectNoAxeViolations, signInWithStorage, test } from './fixtures';

/** "2.380 pontos" → 2380 (pt-BR thousands dot). */
const points = (text: string | null): number => Number((text ?? '').replace(/\D/g, ''));

/** Opens a reward's confirmation and reads the balance it shows. */
async function balanceOnConfirmation(page: Page, price: number): Promise<number> {
  await page.getByRole('button', { name: `Trocar por ${price.toLocaleString('pt-BR')} pontos` }).click();
  await expect(page.getByRole('heading', { name: 'Confirme o resgate' })).toBeVisible();
  return points(await page.locator('dt:text-is("Seu saldo") + dd').textContent());
}

test.describe('rewards', () => {
  test('Ana redeems a reward she can afford, finds the order in Meus resgates, cancels it and gets the points back', async ({
    page,
  }) => {
    test.slow();
    await signInWithStorage(page, demo.email);

    await page.goto('/premios');
    await expect(page.getByRole('heading', { name: 'Prêmios', level: 1 })).toBeVisible();
    // What she can take comes first, two cards a row on the phone.
    const cards = page.getByRole('article');
    await expect(cards.first()).toContainText('Você já pode trocar');
    const [left, right] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(right!.y).toBe(left!.y);
    expect(right!.x).toBeGreaterThanOrEqual(left!.x + left!.width);
    await page.getByRole('checkbox', { name: 'Posso trocar agora' }).check();
    await expect(page).toHaveURL(/\/premios\?posso-trocar=sim$/);
    const card = page.getByRole('article').filter({ hasText: 'Você já pode trocar' }).first();
    await expect(card).toBeVisible();
    await expect(page.getByText(/^Faltam \d/)).toHaveCount(0);
    await expectNoAxeViolations(page);

    const link = card.getByRole('link');
    const name = (await link.textContent()) ?? '';
    const price = points(await card.locator('.reward-card__points').textContent());
    await link.click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    // Back finds the catalogue as she left it.
    await page.goBack();
    await expect(page.getByRole('checkbox', { name: 'Posso trocar agora' })).toBeChecked();
    await expect(page.getByText(/^Faltam \d/)).toHaveCount(0);
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);

    const before = await balanceOnConfirmation(page, price);
    await expect(page.locator('dt:text-is("Saldo depois") + dd')).toHaveText(
      `${(before - price).toLocaleString('pt-BR')} pontos`,
    );
    // Ana's profile has an address: a product goes there.
    await expect(page.locator('dt:text-is("Entrega em") + dd')).toContainText('Avenida Paulista, 1000');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: /^Confirmar troca por/ }).click();
    const done = page.getByRole('status').filter({ hasText: 'Resgate solicitado' });
    await expect(done).toContainText(/Pedido nº \d+/);
    const orderId = /Pedido nº (\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '';
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Ver meus resgates' }).click();
    await expect(page.getByRole('heading', { name: 'Meus resgates', level: 1 })).toBeVisible();
    const order = page.getByRole('article').filter({ hasText: `Pedido nº ${orderId} ` });
    await expect(order.getByRole('heading', { name })).toBeVisible();
    await expect(order.locator('.status-badge')).toContainText('Solicitado');
    await expectNoAxeViolations(page);

    await order.getByRole('button', { name: 'Cancelar' }).click();
    await order.getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect(order.locator('.status-badge')).toContainText('Cancelado');
    await expect(order).toContainText(`${price.toLocaleString('pt-BR')} pontos devolvidos ao seu saldo`);
    await expect(order.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The points are back: the catalogue's balance and the same confirmation show the balance of before.
    await page.goto('/premios');
    await expect(page.getByText(/^Seu saldo:/)).toHaveText(`Seu saldo: ${before.toLocaleString('pt-BR')} pontos`);
    await page.getByRole('link', { name }).click();
    expect(await balanceOnConfirmation(page, price)).toBe(before);
  });

  test('the catalogue, a reward and the orders pass axe @desktop', async ({ page }) => {
    await signInWithStorage(page, demo.email);
    await page.goto('/premios');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('article').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Prêmio');
    await expectNoAxeViolations(page);

    await page.goto('/meus-resgates');
    await expect(page.getByRole('heading', { name: 'Meus resgates', level: 1 })).toBeVisible();
    await expect(page.getByText('Carregando seus resgates')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
