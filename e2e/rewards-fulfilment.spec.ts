import type { Page } from '@playwright/test';
import { clubCli } from './club-cli';
import { demo } from './members';
import { expect, expectNoAxeViolations, signInWithStorage, test } from './fixtures';
import { redeem } from './rewards-helpers';

const orderCard = (page: Page, id: string) => page.getByRole('article').filter({ hasText: `Pedido nº ${id} ` });

test.describe('rewards delivered', () => {
  test('the club ships Ana’s reward from the terminal: she sees "Enviado", the tracking code and the carrier’s page', async ({
    page,
  }, testInfo) => {
    test.slow();
    await signInWithStorage(page, demo.email);
    const id = await redeem(page, 'grampos-sargento-4');

    clubCli('rewards', 'separate', id, '--by', 'expedicao');
    clubCli('rewards', 'ship', id, '--tracking', 'QB123456789BR', '--carrier', 'Correios', '--by', 'expedicao');

    await page.goto('/meus-resgates');
    const order = orderCard(page, id);
    await expect(order.locator('.status-badge')).toContainText('Enviado');
    await expect(order).toContainText('Correios · código de rastreio QB123456789BR');
    await expect(order.getByRole('link', { name: /Acompanhar a entrega/ })).toHaveAttribute(
      'href',
      'https://rastreamento.correios.com.br/app/index.php?objetos=QB123456789BR',
    );
    // Shipped: no longer the member's to cancel.
    await expect(order.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The member was told by e-mail and SMS (the outbox of the embedded default).
    const outbox = clubCli('outbox', '--to', demo.email);
    expect(outbox).toContain(`resgate nº ${id}`);

    // The shipping notice names the parcel by its tracking code, and opens that order, focused, its tracking link on
    // the phone's screen.
    await page.goto('/avisos');
    const notice = page.getByRole('link', { name: new RegExp(`Resgate enviado.*resgate nº ${id} `) });
    await expect(notice).toContainText('Código de rastreio: QB123456789BR (Correios).');
    await notice.click();
    await expect(order).toBeFocused();
    await expect(order.getByRole('link', { name: /Acompanhar a entrega/ })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('meus-resgates-pedido.png') });
  });

  test('a voucher’s code is issued at once and shown behind "Mostrar código", with its validity', async ({ page }) => {
    await signInWithStorage(page, demo.email);
    const id = await redeem(page, 'vale-compra-100');

    await page.getByRole('link', { name: 'Ver meus resgates' }).click();
    const order = orderCard(page, id);
    await expect(order.locator('.status-badge')).toContainText('Entregue');
    await expect(order.getByText(/^DEMO-/)).toHaveCount(0);
    await order.getByRole('button', { name: 'Mostrar código' }).click();
    await expect(order.getByText(/^DEMO-[A-Z0-9]{8}$/)).toBeVisible();
    await expect(order).toContainText(/Válido até \d{2}\/\d{2}\/\d{4}\./);
    await expect(order).toContainText('Apresente-o no caixa');
    await expectNoAxeViolations(page);
  });
});
