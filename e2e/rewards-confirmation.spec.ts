import type { Page } from '@playwright/test';
import { demo } from './members';
import { expect, expectNoAxeViolations, graphql, loginTokens, signInWithStorage, test } from './fixtures';

/** "2.380 pontos" → 2380 (pt-BR thousands dot). */
const points = (text: string | null): number => Number((text ?? '').replace(/\D/g, ''));

// A product (it needs an address) that Ana's demo points cover, with room under its limit of two per member; the
// other rewards spec takes the cheapest one she can.
const KIT = { slug: 'grampos-sargento-4', name: 'Kit 4 grampos sargento 30 cm', price: 900 };

const definition = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`);

async function openConfirmation(page: Page) {
  await page.goto(`/premios/${KIT.slug}`);
  await expect(page.getByRole('heading', { name: KIT.name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: `Trocar por ${KIT.price} pontos` }).click();
  await expect(page.getByRole('heading', { name: 'Confirme o resgate' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pontos usados' })).toBeVisible();
}

test.describe('the confirmation of a redemption', () => {
  test('names the points spent and their expiry; an address for this order only; home and the extract follow', async ({
    page,
  }) => {
    test.slow();
    await signInWithStorage(page, demo.email);

    // Home: the balance, and under it a reward to take or to aim at, with its link.
    await page.goto('/');
    const card = page.getByRole('region', { name: /^(Você já pode trocar|Seu próximo prêmio)$/ });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link')).toHaveAttribute('href', /^\/premios\/[a-z0-9-]+$/);
    await expectNoAxeViolations(page);

    // The reward's page shows its photos as the project gallery does.
    await openConfirmation(page);
    // The confirmation comes up under the picture, its heading focused, the balance after and the button on one
    // phone screen.
    await expect(page.getByRole('heading', { name: 'Confirme o resgate' })).toBeFocused();
    await expect(definition(page, 'Saldo depois')).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('button', { name: /^Confirmar troca por/ })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath('confirmacao-390.png') });
    const gallery = page.getByRole('region', { name: 'Fotos do prêmio' });
    await expect(gallery.getByText('Foto 1 de 2')).toBeVisible();
    await expect(gallery.getByRole('img').first()).toHaveAttribute('width', '1024');

    // Which points go: those expiring first, by day, adding up to the price; the balance after follows.
    const before = points(await definition(page, 'Seu saldo').textContent());
    const spent = page.getByRole('list', { name: 'Pontos usados' }).getByRole('listitem');
    await expect(spent.first()).toHaveText(
      /^[\d.]+ pontos que vencem em \d{2}\/\d{2}(\/\d{4})? serão usados primeiro$/,
    );
    const lines = await spent.allTextContents();
    expect(lines.reduce((sum, line) => sum + points(line.replace(/vencem em .*/, '')), 0)).toBe(KIT.price);
    await expect(definition(page, 'Saldo depois')).toHaveText(`${(before - KIT.price).toLocaleString('pt-BR')} pontos`);
    await expect(definition(page, 'Entrega em')).toContainText('Avenida Paulista, 1000');

    // Another address for this delivery: the CEP look-up fills the street, as in the profile.
    await page.getByRole('button', { name: 'Alterar endereço desta entrega' }).click();
    const form = page.getByRole('form', { name: 'Endereço desta entrega' });
    await form.getByLabel('CEP', { exact: true }).fill('20040-002');
    await expect(form.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Rio Branco');
    await form.getByLabel('Número', { exact: true }).fill('15');
    await expectNoAxeViolations(page);
    await form.getByRole('button', { name: 'Usar este endereço' }).click();
    await expect(definition(page, 'Entrega neste resgate em')).toContainText(
      'Avenida Rio Branco, 15, Centro, Rio de Janeiro/RJ, CEP 20040-002',
    );
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: `Confirmar troca por ${KIT.price} pontos` }).click();
    const done = page.getByRole('status').filter({ hasText: 'Resgate solicitado' });
    await expect(done).toContainText(/Pedido nº \d+/);
    const orderId = /Pedido nº (\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '';

    // The order carries the address given; the profile keeps its own.
    const { token } = await loginTokens(page.request, demo.email);
    const orders = await graphql<{ myRewardOrders: { data: { id: string; address: { address: string } | null }[] } }>(
      page.request,
      '{ myRewardOrders(first: 24) { data { id address { address } } } }',
      {},
      token,
    );
    expect(orders.data?.myRewardOrders.data.find((o) => o.id === orderId)?.address).toEqual({
      address: 'Avenida Rio Branco',
    });
    await page.goto('/perfil');
    await page.getByRole('heading', { name: 'Endereço', level: 2 }).click();
    await expect(page.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Paulista');

    // The extract: the redemption is a debit labelled Resgate, with its order.
    await page.goto('/historico');
    await page.getByLabel('Tipo').selectOption({ label: 'Resgates e estornos' });
    const entry = page.getByRole('listitem').filter({ hasText: `Pedido nº ${orderId}` });
    await expect(entry).toContainText(`Resgate: ${KIT.name}`);
    await expect(entry).toContainText(`Resgate · Pedido nº ${orderId}`);
    await expect(entry).toContainText(`−${KIT.price} pontos`);
    await expect(entry.getByRole('link', { name: `Pedido nº ${orderId}` })).toHaveAttribute(
      'href',
      `/meus-resgates#order-${orderId}`,
    );
    await expectNoAxeViolations(page);

    // Ana's points back for the other specs: cancelled, the refund is a credit labelled Estorno.
    await entry.getByRole('link', { name: `Pedido nº ${orderId}` }).click();
    const order = page.getByRole('article').filter({ hasText: `Pedido nº ${orderId} ` });
    await order.getByRole('button', { name: 'Cancelar' }).click();
    await order.getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect(order.locator('.status-badge')).toContainText('Cancelado');
    await page.goto('/historico');
    await page.getByLabel('Tipo').selectOption({ label: 'Resgates e estornos' });
    await expect(page.getByRole('listitem').filter({ hasText: `Estorno · Pedido nº ${orderId}` })).toContainText(
      `+${KIT.price} pontos`,
    );
  });

  test('home, the reward, the confirmation with the address form and the extract pass axe @desktop', async ({
    page,
  }) => {
    await signInWithStorage(page, demo.email);
    await page.goto('/');
    await expect(page.getByRole('region', { name: /^(Você já pode trocar|Seu próximo prêmio)$/ })).toBeVisible();
    await expectNoAxeViolations(page);

    await openConfirmation(page);
    await expect(page.getByRole('region', { name: 'Fotos do prêmio' })).toBeVisible();
    await page.getByRole('button', { name: 'Alterar endereço desta entrega' }).click();
    await expect(page.getByRole('form', { name: 'Endereço desta entrega' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/historico');
    await page.getByLabel('Tipo').selectOption({ label: 'Resgates e estornos' });
    await expect(page.getByText('Carregando lançamentos')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
