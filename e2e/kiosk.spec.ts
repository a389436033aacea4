import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, measuredTimeout, test } from './fixtures';
import { lastHandoffPath, newIdentity } from './identities';
import { fillPassword, fillStepOne } from './sign-up-helpers';
import { storesCli } from './club-cli';

const WELCOME = 'Cadastre-se no Clube do Marceneiro';

/** A fresh one-time code from the terminal, as the club's team makes it for the store. */
function kioskCode(slug = 'loja-centro'): string {
  const code = /Código do totem: ([A-Z0-9]{8})/.exec(storesCli('kiosk', slug))?.[1];
  if (!code) throw new Error('no kiosk code printed');
  return code;
}

async function setUpKiosk(page: Page): Promise<void> {
  await page.goto('/totem');
  await expect(page.getByRole('heading', { name: 'Configurar o totem' })).toBeVisible();
  await page.getByLabel('Código do totem').fill(kioskCode());
  await page.getByRole('button', { name: 'Ativar totem' }).click();
  await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();
}

/**
 * The counter's part of a sign-up, each screen checked as the customer sees it (nothing that leaves the kiosk, no
 * password asked, axe), up to the QR code the customer scans; the customer's identity.
 */
async function signUpAtTheCounter(page: Page): Promise<ReturnType<typeof newIdentity>> {
  await setUpKiosk(page);
  await expect(page.getByText('Loja Centro Chapas e Ferragens — Goiânia/GO')).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.locator('a[href]')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Quero me cadastrar' }).click();
  const who = newIdentity();
  await fillStepOne(page, who);
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Agora é no seu celular' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code com o link/ })).toBeInViewport();
  await expectNoAxeViolations(page);
  return who;
}

/**
 * Every member-session key on the device (tokens, the remembered member): a kiosk must have none. The tablet's own
 * device session (CD_MGL_*, docs/session-security.md#retention-and-privacy) describes the tablet, not a customer.
 */
const memberKeys = (page: Page) =>
  page.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter(
      (k) => k.startsWith('CD_') && !k.startsWith('CD_MGL_') && !['CD_KIOSK_KEY', 'CD_INITIALIZED'].includes(k),
    ),
  );

// The journey on the counter's tablet; the same screens at a phone's width are checked on their own below, since the
// journey's steps do not depend on the width.
test.describe('kiosk on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('a customer signs up at the counter and finishes on their own phone', async ({ page, browser }) => {
    test.setTimeout(measuredTimeout(36.8));
    await page.goto('/totem');
    await expectNoAxeViolations(page);
    const who = await signUpAtTheCounter(page);

    // The phone: a second browser, opening the link the SMS carried, while the kiosk waits with the QR up.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const mobile = await phone.newPage();
    await mobile.goto(lastHandoffPath(who.phone));
    await expect(mobile.getByRole('heading', { name: `Olá, ${who.name}! Crie sua senha` })).toBeVisible();
    await expectNoAxeViolations(mobile);
    await expect(page.getByRole('heading', { name: 'Agora é no seu celular' })).toBeVisible();
    await fillPassword(mobile, who.password);
    await mobile.getByRole('button', { name: 'Criar minha senha e entrar' }).click();
    await expect(mobile).toHaveURL(/\/completar-cadastro\/dados$/);
    await expect(mobile.getByText('Loja de cadastro: Loja Centro Chapas e Ferragens — Goiânia/GO')).toBeVisible();

    // The kiosk learns the phone is done by itself: it thanks the customer, then is the next customer's.
    await expect(page.getByRole('heading', { name: 'Cadastro concluído!' })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code com o link/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();
    expect(await memberKeys(page)).toEqual([]);

    // The link worked once.
    const other = await browser.newContext();
    const again = await other.newPage();
    await again.goto(lastHandoffPath(who.phone));
    await expect(again.getByRole('alert').filter({ hasText: 'Este link expirou ou já foi usado' })).toBeVisible();
    await other.close();
    await phone.close();
  });
});

test('a store that sets up a phone as its kiosk gets the same screens at 390 px, with nothing that leaves the kiosk', async ({
  page,
}) => {
  await signUpAtTheCounter(page);
});

test('the kiosk clears a half-filled form after a minute without a touch, with a visible countdown', async ({
  page,
}) => {
  await page.clock.install();
  await setUpKiosk(page);
  await page.getByRole('button', { name: 'Quero me cadastrar' }).click();
  await page.getByLabel('Nome', { exact: true }).fill('Cliente');
  await page.getByLabel('Sobrenome').fill('Apressado');

  await page.clock.fastForward('00:52');
  await expect(page.getByRole('status').filter({ hasText: /Voltando ao início em \d+ s/ })).toBeVisible();
  // A touch cancels the countdown and keeps what was typed.
  await page.getByRole('button', { name: 'Continuar aqui' }).click();
  await expect(page.getByText(/Voltando ao início/)).toHaveCount(0);
  await expect(page.getByLabel('Sobrenome')).toHaveValue('Apressado');

  await page.clock.fastForward('01:01');
  await expect(page.getByRole('heading', { name: WELCOME })).toBeVisible();
  await page.getByRole('button', { name: 'Quero me cadastrar' }).click();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Sobrenome')).toHaveValue('');
});

test('a customer already in the club is told so, and a retired store stops its kiosk', async ({ page }) => {
  test.setTimeout(measuredTimeout(45.2));
  await setUpKiosk(page);
  await page.getByRole('button', { name: 'Quero me cadastrar' }).click();
  const who = { ...newIdentity(), cpf: '52998224725' };
  await fillStepOne(page, who);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Você já é membro do clube' })).toBeVisible();
  await expectNoAxeViolations(page);

  const slug = `totem-e2e-${Date.now().toString(36)}`;
  storesCli('add', slug, '--name', 'Loja do Totem', '--city', 'Recife', '--uf', 'PE');
  await page.goto(`/totem?codigo=${/Código do totem: ([A-Z0-9]{8})/.exec(storesCli('kiosk', slug))?.[1]}`);
  await expect(page.getByText('Loja do Totem — Recife/PE')).toBeVisible();
  await expect(page).toHaveURL(/\/totem$/);
  storesCli('disable', slug);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Configurar o totem' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Esta loja não está mais ativa no clube' })).toBeVisible();
  await expect(page.evaluate(() => localStorage.getItem('CD_KIOSK_KEY'))).resolves.toBeNull();
});
