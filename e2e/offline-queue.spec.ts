import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, measuredTimeout, signInWithStorage, test } from './fixtures';
import { createInvoiceMember, freshKey, JPEG, masked, reviewCli } from './invoices-helpers';
import { serviceWorkerInControl } from './service-worker';

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

test.describe('invoices that wait for signal, sent by the page (Safari: no Background Sync)', () => {
  // No service worker at all: the page alone must send what waits.
  test.use({ serviceWorkers: 'block' });

  test('kept on the device without signal, per member, sent once by itself when the app opens with signal', async ({
    context,
  }) => {
    test.slow();
    // Pages come and go on one phone (another member, a new visit): an error in any of them fails the test.
    const errors: string[] = [];
    context.on('weberror', (error) => errors.push(error.error().message));
    const ana = await createInvoiceMember();
    const bruno = await createInvoiceMember();
    let page = await context.newPage();
    await openInvoices(page, ana.email);

    // The answer is lost on the way back: the club made the invoice, the page never heard. The invoice is kept with
    // the same idempotency key, and the next send (the page's or the service worker's, whichever comes first) gets
    // that first invoice back instead of making a second one.
    const lostKey = freshKey();
    await page.route('**/graphql', async (route) => {
      if ((route.request().postData() ?? '').includes('MSubmitInvoice')) {
        await route.fetch();
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    await sendInvoice(page, lostKey);
    await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible();
    await expect(page.getByLabel(KEY_LABEL)).toHaveValue('');
    await page.unroute('**/graphql');
    const sentCard = (key: string) => page.locator('article.invoice-card', { hasText: masked(key) });
    // The page hears the club is back at its next reachability probe (every 5 s, PROBE_INTERVAL_MS), then sends and
    // reads the list again: the usual wait plus the probe's interval.
    await expect(sentCard(lostKey).locator('.status-badge')).toHaveText('Em análise', { timeout: 15_000 });
    await expect(waitingCard(page, lostKey)).toHaveCount(0);
    // The form's "Sem sinal…" gives way to the news once the queue has sent it.
    await expect(page.getByRole('status').filter({ hasText: 'Nota enviada! Ela está em análise' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: KEPT })).toHaveCount(0);
    expect(onServer(lostKey)).toBe(1);

    // Without signal at all: they wait in "Aguardando envio", with the space they take.
    await context.setOffline(true);
    const offlineKey = freshKey();
    const discardKey = freshKey();
    await sendInvoice(page, offlineKey);
    await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible();
    await sendInvoice(page, discardKey);
    await expect(waitingCard(page, discardKey)).toBeVisible();
    await expect(waitingCard(page, offlineKey)).toContainText('Aguardando envio');
    await expect(waitingSection(page).getByText(/Espaço usado neste aparelho pelas notas guardadas: \d/)).toBeVisible();
    await expectNoAxeViolations(page);

    // "Enviar agora" without signal says so and keeps it; "Descartar" asks first.
    await waitingCard(page, offlineKey).getByRole('button', { name: 'Enviar agora' }).click();
    await expect(waitingSection(page).getByRole('status')).toContainText('Ainda sem conexão com o clube');
    await waitingCard(page, discardKey).getByRole('button', { name: 'Descartar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Descartar esta nota?' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Manter guardada' }).click();
    await expect(waitingCard(page, discardKey)).toBeVisible();
    await waitingCard(page, discardKey).getByRole('button', { name: 'Descartar' }).click();
    await confirm.getByRole('button', { name: 'Descartar nota' }).click();
    await expect(waitingCard(page, discardKey)).toHaveCount(0);
    await expect(waitingCard(page, offlineKey)).toBeVisible();

    // Logout asks what to do with what waits; while the club does not answer there is no "Enviar antes de sair".
    await page.route('**/graphql', (route) => route.abort('connectionrefused'));
    await context.setOffline(false);
    await logoutFromMenu(page);
    const ask = page.getByRole('dialog', { name: 'Há notas aguardando envio' });
    await expect(ask).toContainText('1 nota aguarda envio neste aparelho');
    await expect(ask.getByRole('button', { name: 'Enviar antes de sair' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await ask.getByRole('button', { name: 'Manter neste aparelho' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.close();

    // Another member on the same phone: Ana's invoice is neither shown nor sent with Bruno's session.
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
    expect(onServer(offlineKey)).toBe(0);

    // Ana again, with signal: the app sends what waits as it opens, and the club has it exactly once.
    page = await context.newPage();
    await openInvoices(page, ana.email);
    await expect(
      page.locator('article.invoice-card', { hasText: masked(offlineKey) }).locator('.status-badge'),
    ).toHaveText('Em análise');
    await expect(waitingSection(page)).toHaveCount(0);
    expect(onServer(offlineKey)).toBe(1);
    expect(onServer(lostKey)).toBe(1);

    expect(errors, 'erros na página').toEqual([]);
  });
});

test.describe('invoices that wait for signal, sent by the service worker (Chromium: Background Sync)', () => {
  test.use({ serviceWorkers: 'allow' });
  test('kept through a reload and a reopening without signal, the worker sends it when the connection returns, with the app closed', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(measuredTimeout(30.6));
    const ana = await createInvoiceMember();
    await openInvoices(page, ana.email);
    await serviceWorkerInControl(page);
    await context.setOffline(true);
    const key = freshKey();
    await sendInvoice(page, key);
    await expect(page.getByRole('status').filter({ hasText: KEPT })).toBeVisible();
    await expect(waitingCard(page, key)).toContainText('Aguardando envio');
    const origin = new URL(page.url()).origin;

    // Still without signal: a reload, then the app closed and opened again, show it waiting.
    await page.reload();
    await expect(waitingCard(page, key)).toContainText('Aguardando envio');
    await page.close();
    const offline = await context.newPage();
    await offline.goto(`${origin}/minhas-nfs`);
    await expect(waitingCard(offline, key)).toContainText('Aguardando envio');
    await offline.screenshot({ path: testInfo.outputPath('aguardando-envio.png'), fullPage: true });
    expect(onServer(key)).toBe(0);

    // The app is closed; the connection returns; the browser wakes the service worker, which sends it.
    await offline.close();
    await context.setOffline(false);
    await expect.poll(() => onServer(key), { timeout: 30_000 }).toBe(1);

    const reopened = await context.newPage();
    await reopened.goto(`${origin}/minhas-nfs`);
    await expect(
      reopened.locator('article.invoice-card', { hasText: masked(key) }).locator('.status-badge'),
    ).toHaveText('Em análise');
    await expect(waitingSection(reopened)).toHaveCount(0);
    expect(onServer(key)).toBe(1);
  });
});

test.describe('project photos that wait for signal', () => {
  test.use({ serviceWorkers: 'allow' });
  test('a photo picked without signal waits on the device, stops the send, and goes into the draft when the signal returns', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(measuredTimeout(22.1));
    const ana = await createInvoiceMember();
    await signInWithStorage(page, ana.email);
    await page.goto('/enviar-projeto');
    await expect(page.getByRole('heading', { name: 'Enviar projeto', level: 1 })).toBeVisible();
    // The form's code for waiting photos comes from the service worker's precache when there is no signal.
    await serviceWorkerInControl(page);
    await context.setOffline(true);
    const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8a5a2b' } })
      .jpeg({ quality: 80 })
      .toBuffer();
    await page.getByLabel('Fotos do projeto').setInputFiles({ name: 'bancada.jpg', mimeType: 'image/jpeg', buffer });
    const photos = page.getByRole('list', { name: 'Fotos escolhidas' });
    const first = photos.getByRole('listitem').first();
    await expect(first.getByText('Aguardando sinal')).toBeVisible();
    await expect(
      first.getByText('Sem sinal: a foto fica guardada neste aparelho e será enviada quando houver conexão.'),
    ).toBeVisible();
    await expect(first.getByRole('button', { name: 'Remover foto 1 (capa)' })).toBeVisible();
    await page.getByRole('button', { name: 'Enviar projeto' }).click();
    await expect(page.getByText(/Há fotos aguardando sinal, guardadas neste aparelho/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('foto-aguardando-sinal.png'), fullPage: true });

    // The signal returns: the photo goes up by itself, the draft keeps it, and nothing waits any longer.
    await context.setOffline(false);
    await expect(first.getByText('Foto enviada')).toBeVisible();
    await expect(photos.getByText('Aguardando sinal')).toHaveCount(0);
    await page.reload();
    await expect(photos.getByRole('listitem')).toHaveCount(1);
    await expect(photos.getByText('Foto enviada')).toHaveCount(1);
    await expect(photos.getByText('Aguardando sinal')).toHaveCount(0);
  });
});
