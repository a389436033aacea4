import type { Locator, Page } from '@playwright/test';
import { clubCli } from './club-cli';
import {
  expect,
  graphql,
  idleQueryAnswered,
  loginTokens,
  measuredTimeout,
  signInWithStorage,
  test,
} from './fixtures';
import { createMemberWithPoints } from './points-members';
import { redeem } from './rewards-helpers';
import { serviceWorkerInControl } from './service-worker';

/** "4.100 pontos", as every screen writes a balance. */
const shown = (points: number) => `${points.toLocaleString('pt-BR')} pontos`;

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** Home reached by its tab (the tab's own cache, not a reload), and its balance. */
async function homeBalance(page: Page): Promise<Locator> {
  await menu(page).getByRole('link', { name: 'Início', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  return page.locator('.points-balance__value');
}

test.describe('one balance on the device', () => {
  // The offline step reloads pages without signal: the service worker serves them.
  test.use({ serviceWorkers: 'allow' });

  test('after a redemption, a cancellation, a transfer and its refusal, every balance on screen is `me`, in another tab and offline', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(measuredTimeout(95));
    const member = await createMemberWithPoints(5000);
    const { token } = await loginTokens(request, member.email);
    const me = async () => {
      const answer = await graphql<{ me: { pointsBalance: number } }>(request, '{ me { pointsBalance } }', {}, token);
      return answer.data?.me.pointsBalance ?? NaN;
    };
    await signInWithStorage(page, member.email);
    // The bell's count known from the start: a count that rises later is a notice arriving.
    const bellCounted = idleQueryAnswered(page, 'QUnreadNotifications');
    await page.goto('/');
    await bellCounted;
    await expect(page.locator('.points-balance__value')).toHaveText(shown(5000));
    await serviceWorkerInControl(page);

    // Another tab, kept open on the extract the whole time (the same session, as a member's second tab).
    const extractTab = await context.newPage();
    await extractTab.goto('/historico');
    const extract = extractTab.locator('.extract-balance__value');
    await expect(extract).toHaveText(shown(5000));

    /** Every balance the member can see now, against the club's. */
    const expectEverywhere = async (...onScreen: Locator[]) => {
      const balance = await me();
      for (const where of [...onScreen, extract]) await expect(where).toHaveText(shown(balance));
      await expect(await homeBalance(page)).toHaveText(shown(balance));
      return balance;
    };

    // 1. A redemption: 900 points out.
    const orderId = await redeem(page, 'grampos-sargento-4');
    expect(await expectEverywhere()).toBe(4100);

    // 2. Its cancellation by the member: the 900 come back.
    await menu(page).getByRole('button', { name: 'Mais' }).click();
    await menu(page).getByRole('link', { name: 'Meus resgates', exact: true }).click();
    const order = page.getByRole('article').filter({ hasText: `Pedido nº ${orderId} ` });
    await order.getByRole('button', { name: 'Cancelar' }).click();
    await order.getByRole('button', { name: 'Sim, cancelar' }).click();
    await expect(order.locator('.status-badge')).toContainText('Cancelado');
    expect(await expectEverywhere()).toBe(5000);

    // 3. A transfer to the partner: 1.000 points out; the transfer page's own balance follows.
    const openTransfers = async () => {
      await menu(page).getByRole('link', { name: 'Prêmios', exact: true }).click();
      await page.getByRole('link', { name: 'Transferir pontos' }).click();
      await expect(page.getByRole('heading', { name: 'Suas transferências' })).toBeVisible();
    };
    await openTransfers();
    await page.getByRole('textbox', { name: 'Número da conta no Programa Parceiro' }).fill('12345678');
    await page.getByRole('button', { name: 'Vincular conta' }).click();
    const ownBalance = page.getByText(/^Seu saldo: /);
    await expect(ownBalance).toHaveText(`Seu saldo: ${shown(5000)}`);
    await page.getByRole('textbox', { name: 'Pontos do clube a transferir' }).fill('1000');
    await page.getByRole('button', { name: 'Simular' }).click();
    await page.getByRole('button', { name: 'Confirmar transferência de 1.000 pontos' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Transferência solicitada' });
    await expect(done).toContainText(/Transferência nº \d+/);
    const transferId = /Transferência nº (\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '';
    await expect(ownBalance).toHaveText(`Seu saldo: ${shown(4000)}`);
    expect(await expectEverywhere()).toBe(4000);

    // 4. The operator refuses it while the transfer page is open: the member comes back to the app, the notice
    // arrives, and the page shows the refusal and the refunded balance without a reload (so does the other tab).
    await openTransfers();
    const transfer = page.getByRole('article').filter({ hasText: `Transferência nº ${transferId}` });
    await expect(transfer.locator('.status-badge')).toContainText('Solicitada');
    clubCli('partner', 'refuse', transferId, '--reason', 'Conta bloqueada no parceiro', '--by', 'e2e');
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(transfer.locator('.status-badge')).toContainText('Recusada', { timeout: 2000 });
    }).toPass();
    // The receipts of the redemption, the cancellation and the transfer, then the refusal.
    await expect(page.getByRole('link', { name: /^Avisos, 4 não lidos$/ })).toBeVisible();
    await expect(ownBalance).toHaveText(`Seu saldo: ${shown(5000)}`);
    await expect(extract).toHaveText(shown(5000));
    expect(await expectEverywhere()).toBe(5000);

    // 5. Without signal: home and the extract, reloaded, show the copy this device kept, which is `me`'s last.
    const last = await me();
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('.points-balance__value')).toHaveText(shown(last));
    await expect(page.getByText(/Atualizado às \d\d:\d\d/)).toBeVisible();
    await page.goto('/historico');
    await expect(page.locator('.extract-balance__value')).toHaveText(shown(last));
    await expect(page.getByText(/Atualizado às \d\d:\d\d/).first()).toBeVisible();
    await context.setOffline(false);
  });
});
