import type { Page } from '@playwright/test';
import { clubCli } from './club-cli';
import { demo } from './members';
import { expect, expectNoAxeViolations, measuredTimeout, signInWithStorage, test } from './fixtures';
import { outboxFor } from './identities';
import { serviceWorkerInControl } from './service-worker';
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
    // Newest first by the date each notice shows (Ana's year of demo notices and this test's).
    const shown = await page.locator('main time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime')));
    expect(shown.length).toBeGreaterThan(5);
    expect(shown).toEqual([...shown].sort().reverse());
    await notice.click();
    await expect(order).toBeFocused();
    await expect(order.getByRole('link', { name: /Acompanhar a entrega/ })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('meus-resgates-pedido.png') });
  });
});

test.describe('a voucher at the store counter', () => {
  // Opening /meus-resgates with no signal needs the page from the service worker; "Copiar código", the clipboard.
  test.use({ serviceWorkers: 'allow', permissions: ['clipboard-read', 'clipboard-write'] });
  test('a voucher’s code is issued at once, e-mailed with how to use it, shown behind "Mostrar código", copied, and still there without signal', async ({
    page,
    context,
  }) => {
    const shot = (name: string) => page.screenshot({ path: test.info().outputPath(name) });
    test.setTimeout(measuredTimeout(30));
    await signInWithStorage(page, demo.email);
    const id = await redeem(page, 'vale-compra-100');

    await page.getByRole('link', { name: 'Ver meus resgates' }).click();
    const order = orderCard(page, id);
    await expect(order.locator('.status-badge')).toContainText('Entregue');
    await expect(order.getByText(/^DEMO-/)).toHaveCount(0);
    await order.getByRole('button', { name: 'Mostrar código' }).click();
    const code = (await order.getByText(/^DEMO-[A-Z0-9]{8}$/).textContent()) ?? '';
    await expect(order).toContainText(/Válido até \d{2}\/\d{2}\/\d{4}\./);
    await expect(order).toContainText('Apresente-o no caixa');
    await order.getByRole('button', { name: 'Copiar código' }).click();
    await expect(order.getByRole('status')).toHaveText('Código copiado.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expectNoAxeViolations(page);

    // The receipt: the code and how to use it by e-mail; in Avisos, the order without the code.
    const mail = outboxFor(demo.email).find((line) => line.includes(`resgate nº ${id} `)) ?? '';
    expect(mail).toContain(`Seu código: ${code}`);
    expect(mail).toMatch(/Como usar: .*Apresente-o no caixa/);

    // At the counter with no signal: the list and the code as this device kept them, with the catalogue.
    await page.goto('/premios');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.goto('/meus-resgates');
    await expect(orderCard(page, id)).toBeVisible();
    await serviceWorkerInControl(page);
    await context.setOffline(true);
    await page.reload();
    const kept = orderCard(page, id);
    await expect(page.getByText(/Sem conexão: mostrando o que este aparelho guardou\. Atualizado às/)).toBeVisible();
    await kept.getByRole('button', { name: 'Mostrar código' }).click();
    await expect(kept.getByText(code, { exact: true })).toBeVisible();
    await kept.getByRole('button', { name: 'Copiar código' }).click();
    await expect(kept.getByRole('status')).toHaveText('Código copiado.');
    await shot('meus-resgates-sem-sinal.png');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot('meus-resgates-sem-sinal-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });

    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Prêmios', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Prêmios', level: 1 })).toBeVisible();
    await expect(page.getByText('Os pontos e o estoque dos prêmios podem ter mudado desde então')).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await shot('premios-sem-sinal.png');
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot('premios-sem-sinal-1280.png');
  });
});
