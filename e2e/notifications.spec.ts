import { devices, type BrowserContext, type Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInWithStorage, test } from './fixtures';
import { createInvoiceMember, freshKey, JPEG, masked, reviewCli } from './invoices-helpers';

const KEY_LABEL = 'Chave de acesso (44 números)';
const FILES_LABEL = 'Arquivos da nota (foto, PDF ou XML)';

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Avisos/ });

/** The push the API sends for an approved invoice: the notification's own texts, as JSON. */
const PUSH = { title: 'Nota aprovada', body: 'Sua NF-e foi aprovada: +150 pontos.', url: '/minhas-nfs' };

/**
 * Hands the service worker a push through the DevTools protocol, as the browser's push service would: to the
 * registration whose worker is activated (a push handed to one still installing its precache is dropped).
 */
async function deliverPush(context: BrowserContext, page: Page, payload: object): Promise<void> {
  const origin = new URL(page.url()).origin;
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const active = versions.find((v) => v.status === 'activated' && v.scriptURL.startsWith(origin));
      if (active) resolve(active.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
}

test.use({ serviceWorkers: 'allow' });

test('an approved invoice reaches "Avisos" on two devices, is read on one and drops on the other, pushes a notification whose tap opens its screen, and the push switches keep what the member chose', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.slow();
  const member = await createInvoiceMember();

  // The second device: another browser, another session of the same member. Nothing yet.
  const other = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, baseURL });
  const phone = await other.newPage();
  await signInWithStorage(phone, member.email);
  await phone.goto('/avisos');
  await expect(phone.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();
  await expect(phone.getByText('Nenhum aviso por enquanto.')).toBeVisible();
  await expect(bell(phone)).toHaveAccessibleName('Avisos');
  await expectNoAxeViolations(phone);

  // The first device allowed notifications; it sends a photo of an invoice.
  await context.grantPermissions(['notifications']);
  await signInWithStorage(page, member.email);
  await page.goto('/minhas-nfs');
  const key = freshKey();
  await page.getByLabel(KEY_LABEL).fill(key);
  await page.getByLabel(FILES_LABEL).setInputFiles({ name: 'nota.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nota enviada!' })).toBeVisible();
  const id = (await page.locator('article.invoice-card', { hasText: masked(key) }).getAttribute('id'))!.slice(3);

  // The home page, under the service worker (a page opened before the worker took over is not its client).
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Avisos');

  expect(reviewCli('approve', id, '--points', '150')).toContain('150 pontos creditados');

  // The push: the open app's bell reads its count again by itself, told by the worker once it has shown the
  // notification with the API's texts. Read after the bell: Chromium drops from getNotifications() a notification
  // asked for while its display is still being registered.
  await deliverPush(context, page, PUSH);
  await expect(bell(page)).toHaveAccessibleName('Avisos, 1 não lido');
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url: string }).url,
        })),
      ),
    )
    .toEqual([PUSH]);

  // A tap on it: Chromium's DevTools protocol has no way to click a notification, so the worker is handed the
  // notificationclick event of the notification it shows, and the open tab goes to the notification's screen.
  const [worker] = context.serviceWorkers();
  await worker!.evaluate(async () => {
    type Click = new (type: string, init: { notification: Notification }) => Event;
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: Click;
      dispatchEvent(event: Event): boolean;
    };
    const [shown] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: shown! }));
  });
  await expect(page).toHaveURL(/\/minhas-nfs$/);
  await expect(page.getByRole('heading', { name: 'Minhas notas fiscais', level: 1 })).toBeVisible();

  // The other device learns it when the app opens.
  await phone.goto('/');
  await expect(bell(phone)).toHaveAccessibleName('Avisos, 1 não lido');

  // Read on the first device: the screen marks it read, the bell drops at once.
  await bell(page).click();
  await expect(page.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();
  const item = page.getByRole('link', { name: /Nota aprovada/ });
  await expect(item).toContainText('Novo');
  await expect(item).toContainText('+150 pontos');
  await expect(bell(page)).toHaveAccessibleName('Avisos');
  await expectNoAxeViolations(page);

  // …and on the other one after it comes back to the app, where the notice is no longer new and opens its screen.
  await phone.reload();
  await expect(bell(phone)).toHaveAccessibleName('Avisos');
  await bell(phone).click();
  const read = phone.getByRole('link', { name: /Nota aprovada/ });
  await expect(read).toBeVisible();
  await expect(read).not.toContainText('Novo');
  await read.click();
  await expect(phone.getByRole('heading', { name: 'Minhas notas fiscais', level: 1 })).toBeVisible();
  await other.close();

  // The push switches, from the profile: one turned off stays off.
  await page.goto('/perfil');
  await page.getByRole('link', { name: 'Notificações' }).click();
  await expect(page.getByRole('heading', { name: 'Notificações', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ativar neste aparelho' })).toBeVisible();
  const projects = page.getByRole('switch', { name: /^Projetos/ });
  await expect(projects).toBeChecked();
  await projects.click();
  await expect(page.getByRole('status').filter({ hasText: 'Projetos: notificações desligadas.' })).toBeVisible();
  await expect(projects).not.toBeChecked();
  await expectNoAxeViolations(page);
  await page.reload();
  await expect(page.getByRole('switch', { name: /^Projetos/ })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: /^Notas fiscais/ })).toBeChecked();
});

test.describe('a browser that blocks notifications', () => {
  // Nothing here needs the worker: a blocked permission is read without it, and its install would precache the whole
  // export on the cores the test runs on.
  test.use({ serviceWorkers: 'block' });

  test('shows the push switches off with the reason, keeps "Novidades" (SMS and WhatsApp) the member\'s, and shows the stored choices again where notifications are allowed', async ({
    page,
    context,
  }) => {
    const member = await createInvoiceMember();
    await signInWithStorage(context, member.email);
    // The site's notifications blocked in this tab, as after "Bloquear" on the browser's prompt: Playwright can grant
    // a permission but not deny one.
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { configurable: true, get: () => 'denied' });
      Notification.requestPermission = async () => 'denied';
    });

    await page.goto('/perfil/notificacoes');
    await expect(page.getByRole('heading', { name: 'Notificações', level: 1 })).toBeVisible();
    await expect(page.getByText('As notificações estão bloqueadas para o clube neste navegador.')).toBeVisible();
    const reason = page.getByText(
      'As notificações estão bloqueadas neste navegador. Para receber avisos aqui, libere as notificações do site nas configurações do navegador.',
    );
    await expect(reason).toBeVisible();
    // Every push switch is on on the club (a new member's), and shows off here.
    for (const name of [/^Notas fiscais/, /^Projetos/, /^Pontos a vencer/, /^Prêmios/]) {
      const push = page.getByRole('switch', { name });
      await expect(push).not.toBeChecked();
      await expect(push).toBeDisabled();
      await expect(push).toHaveAccessibleDescription(/As notificações estão bloqueadas neste navegador/);
    }
    await expectNoAxeViolations(page);

    // "Novidades do clube" is also the consent to SMS and WhatsApp: still the member's to turn on from here.
    const news = page.getByRole('switch', { name: /^Novidades do clube/ });
    await expect(news).not.toBeChecked();
    await news.click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Novidades do clube: notificações ligadas.' }),
    ).toBeVisible();
    await expect(news).toBeChecked();

    // Another tab where notifications are allowed: the choices stored on the club, untouched by the blocked one.
    await context.grantPermissions(['notifications']);
    const allowed = await context.newPage();
    await allowed.goto('/perfil/notificacoes');
    const projects = allowed.getByRole('switch', { name: /^Projetos/ });
    await expect(projects).toBeChecked();
    await expect(projects).toBeEnabled();
    await expect(allowed.getByRole('switch', { name: /^Novidades do clube/ })).toBeChecked();
    await expect(allowed.getByText('As notificações estão bloqueadas neste navegador.', { exact: false })).toHaveCount(
      0,
    );
  });
});
