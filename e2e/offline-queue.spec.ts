import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInWithStorage, test } from './fixtures';
import { createInvoiceMember, freshKey, JPEG, masked, reviewCli } from './invoices-helpers';

const KEY_LABEL = 'Chave de acesso (44 números)';
const FILES_LABEL = 'Arquivos da nota (foto, PDF ou XML)';
const KEPT = 'Sem sinal: a nota fica guardada neste aparelho e será enviada quando houver conexão.';

async function openInvoices(page: Page, email: string) {
  await signInWithStorage(page, email);
  await page.goto('/minhas-nfs');
  await expect(page.getByRole('heading', { name: 'Minhas notas fiscais', level: 1 })).toBeVisible();
}

async function sendInvoice(page: Page, key: string) {
  await page.getByLabel(KEY_LABEL).fill(key);
  await page.getByLabel(FILES_LABEL).setInputFiles({ name: 'nota.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
}

const waitingSection = (page: Page) => page.getByRole('region', { name: 'Aguardando envio' });
const waitingCard = (page: Page, key: string) =>
  waitingSection(page).getByRole('article', { name: new RegExp(masked(key)) });

/** How many invoices of this key the club has, from the reviewer's terminal. */
const onServer = (key: string) =>
  reviewCli('list')
    .split('\n')
    .filter((line) => line.includes(key)).length;

async function logoutFromMenu(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Mais' }).click();
  await menu.getByRole('button', { name: 'Sair' }).click();
}

async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/** Fires the service worker's Background Sync event as Chromium does when the connection returns. */
async function dispatchBackgroundSync(context: BrowserContext, page: Page, origin: string, tag: string) {
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted);
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId,
    tag,
    lastChance: false,
  });
  await cdp.detach();
}

test.describe('invoices that wait for signal', () => {
  test('kept on the device without signal, per member, sent once by itself when the club answers again', async ({
    context,
  }) => {
    test.slow();
    // Pages come and go on one phone (close and reopen, another member): an error in any of them fails the test.
    const errors: string[] = [];
    context.on('weberror', (error) => errors.push(error.error().message));
    const ana = await createInvoiceMember();
    const bruno = await createInvoiceMember();
    let page = await context.newPage();
    await openInvoices(page, ana.email);
    await serviceWorkerReady(page);

    // The answer is lost on the way back: the club made the invoice, the page never heard. It waits on the device
    // with the same idempotency key, and the later send gets that first invoice back instead of a second one.
    const lostKey = freshKey();
    await page.route('**/graphql', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if ((route.request().postData() ?? '').includes('MSubmitInvoice')) await route.fetch();
      return route.abort('internetdisconnected');
    });
    await sendInvoice(page, lostKey);
    await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible();
    await expect(page.getByLabel(KEY_LABEL)).toHaveValue('');
    await expect(waitingCard(page, lostKey)).toContainText('Aguardando envio');
    expect(onServer(lostKey)).toBe(1);

    // Without signal at all: a second one waits too; the space they take is shown.
    await context.setOffline(true);
    const offlineKey = freshKey();
    await sendInvoice(page, offlineKey);
    await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible();
    await expect(waitingCard(page, offlineKey)).toBeVisible();
    await expect(waitingSection(page).getByText(/Espaço usado neste aparelho pelas notas guardadas: \d/)).toBeVisible();
    await expectNoAxeViolations(page);

    // "Enviar agora" without signal says so and keeps it; "Descartar" asks first.
    await waitingCard(page, offlineKey).getByRole('button', { name: 'Enviar agora' }).click();
    await expect(waitingSection(page).getByRole('status')).toContainText('Ainda sem conexão com o clube');
    await waitingCard(page, offlineKey).getByRole('button', { name: 'Descartar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Descartar esta nota?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Manter guardada' }).click();
    await expect(waitingCard(page, offlineKey)).toBeVisible();
    await waitingCard(page, offlineKey).getByRole('button', { name: 'Descartar' }).click();
    await confirm.getByRole('button', { name: 'Descartar nota' }).click();
    await expect(waitingCard(page, offlineKey)).toHaveCount(0);
    await expect(waitingCard(page, lostKey)).toBeVisible();

    // Logout asks what to do with what waits; without signal there is no "Enviar antes de sair".
    await page.unroute('**/graphql');
    await logoutFromMenu(page);
    const ask = page.getByRole('dialog', { name: 'Há notas aguardando envio' });
    await expect(ask).toContainText('1 nota aguarda envio neste aparelho');
    await expect(ask.getByRole('button', { name: 'Enviar antes de sair' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await ask.getByRole('button', { name: 'Manter neste aparelho' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.close();

    // Another member on the same phone, with signal: Ana's invoice is neither shown nor sent with Bruno's session.
    await context.setOffline(false);
    page = await context.newPage();
    await openInvoices(page, bruno.email);
    await expect(page.getByText('Você ainda não enviou nenhuma nota fiscal.')).toBeVisible();
    await context.setOffline(true);
    const brunoKey = freshKey();
    await sendInvoice(page, brunoKey);
    await expect(waitingCard(page, brunoKey)).toBeVisible();
    await expect(waitingSection(page).getByRole('article')).toHaveCount(1);
    await waitingCard(page, brunoKey).getByRole('button', { name: 'Descartar' }).click();
    await page
      .getByRole('dialog', { name: 'Descartar esta nota?' })
      .getByRole('button', { name: 'Descartar nota' })
      .click();
    await expect(waitingSection(page).getByRole('status')).toHaveText('Nota descartada deste aparelho.');
    await expect(waitingSection(page).getByRole('article')).toHaveCount(0);
    await context.setOffline(false);
    await page.reload();
    await expect(page.getByText('Você ainda não enviou nenhuma nota fiscal.')).toBeVisible();
    await logoutFromMenu(page);
    await expect(page).toHaveURL(/\/login$/);
    await page.close();

    // Ana again, with signal: the app sends what waits as it opens, and the club still has exactly one invoice.
    page = await context.newPage();
    await openInvoices(page, ana.email);
    const card = page.locator('article.invoice-card', { hasText: masked(lostKey) });
    await expect(card.locator('.status-badge')).toHaveText('Em análise');
    await expect(waitingSection(page)).toHaveCount(0);
    expect(onServer(lostKey)).toBe(1);

    // With the app closed, the service worker sends (Background Sync) with the token the page left for it.
    await context.setOffline(true);
    const syncKey = freshKey();
    await sendInvoice(page, syncKey);
    await expect(waitingCard(page, syncKey)).toBeVisible();
    const origin = new URL(page.url()).origin;
    await page.goto('about:blank');
    await context.setOffline(false);
    await dispatchBackgroundSync(context, page, origin, 'cd-enviar-notas');
    await expect.poll(() => onServer(syncKey)).toBe(1);
    expect(errors, 'erros na página').toEqual([]);
  });
});
