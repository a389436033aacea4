import type { Page, Route } from '@playwright/test';
import { demo } from './members';
import { expect, expectNoAxeViolations, idleQueryAnswered, signInWithStorage, test } from './fixtures';
import { createInvoiceMember, reviewCli, sendPhotoByApi } from './invoices-helpers';

const avisosOf = (page: Page) => page.getByRole('region', { name: 'Avisos' });
const rowOf = (page: Page, title: string) => avisosOf(page).getByRole('listitem').filter({ hasText: title });

/** Holds home's reminders on their way until `release` is called: a weak signal, without a fixed wait. */
async function holdReminders(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route: Route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (body?.operationName === 'QHomeReminders') await released;
    await route.fallback();
  });
  return release;
}

test.describe("home's reminders", () => {
  test('list what needs Ana with the reason’s first words, and each button leads to where she acts', async ({
    page,
  }) => {
    await signInWithStorage(page, demo.email);
    const answered = idleQueryAnswered(page, 'QHomeReminders');
    await page.goto('/');
    await answered;
    await expect(rowOf(page, 'Nota fiscal recusada')).toContainText(
      'A foto cortou a chave de acesso. Envie a nota inteira, bem…',
    );
    await expect(rowOf(page, 'Projeto recusado')).toContainText(
      'As fotos não mostram o guarda-roupa aberto. Envie uma foto…',
    );
    await expect(rowOf(page, 'Projeto em análise')).toContainText('Home office com nicho em nogueira');
    await expect(rowOf(page, '1 nota fiscal em análise')).toBeVisible();
    await expectNoAxeViolations(page);

    await rowOf(page, 'Nota fiscal recusada').getByRole('link', { name: 'Reenviar' }).click();
    await expect(page).toHaveURL(/\/minhas-nfs#nf-\d+$/);
    const card = page.locator(new URL(page.url()).hash);
    await expect(card.getByText('Motivo da recusa:')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reenviar nota' })).toBeVisible();

    await page.goBack();
    await rowOf(page, 'Projeto recusado').getByRole('link', { name: 'Corrigir' }).click();
    await expect(page.getByRole('heading', { name: 'Corrigir e reenviar projeto', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Título', { exact: true })).toHaveValue(
      'Dormitório de casal com guarda-roupa de correr',
    );

    await page.goBack();
    await rowOf(page, 'Projeto em análise').getByRole('link', { name: 'Ver projeto' }).click();
    await expect(page.getByRole('heading', { name: 'Home office com nicho em nogueira', level: 1 })).toBeVisible();
  });

  test('a refused invoice takes the place of "em análise" with its reason and "Reenviar"', async ({ page }) => {
    const member = await createInvoiceMember();
    const id = await sendPhotoByApi(page.request, member);
    await signInWithStorage(page, member.email);
    const answered = idleQueryAnswered(page, 'QHomeReminders');
    await page.goto('/');
    await answered;
    await expect(rowOf(page, '1 nota fiscal em análise').getByRole('link', { name: 'Acompanhar' })).toBeVisible();

    reviewCli('reject', id, '--reason', 'A nota é de outro CPF. Envie uma nota fiscal emitida no seu CPF ou CNPJ.');
    const answeredAgain = idleQueryAnswered(page, 'QHomeReminders');
    await page.reload();
    await answeredAgain;
    const refused = rowOf(page, 'Nota fiscal recusada');
    await expect(refused).toContainText('A nota é de outro CPF. Envie uma nota fiscal emitida no seu…');
    await expect(refused.getByRole('link', { name: 'Reenviar' })).toHaveAttribute('href', `/minhas-nfs#nf-${id}`);
    await expect(rowOf(page, 'em análise')).toHaveCount(0);
  });

  test('the shortcuts never move under the thumb when the reminders arrive', async ({ page }) => {
    await signInWithStorage(page, demo.email);
    const shortcut = page.getByRole('link', { name: 'Enviar projeto' });

    // A first visit on this device knows nothing yet: the shortcuts show once the reminders have come, in place.
    const release = await holdReminders(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Você já pode trocar|Seu próximo prêmio/ })).toBeVisible();
    await expect(shortcut).toBeHidden();
    release();
    await expect(rowOf(page, 'Nota fiscal recusada')).toBeVisible();
    await expect(shortcut).toBeVisible();
    const settled = await shortcut.boundingBox();

    // Back later: last visit's reminders are drawn at once, so the shortcuts start where they stay.
    await page.unrouteAll({ behavior: 'wait' });
    const releaseAgain = await holdReminders(page);
    await page.reload();
    await expect(shortcut).toBeVisible();
    expect(await shortcut.boundingBox()).toEqual(settled);
    const answered = idleQueryAnswered(page, 'QHomeReminders');
    releaseAgain();
    await answered;
    await expect(rowOf(page, 'Nota fiscal recusada')).toBeVisible();
    expect(await shortcut.boundingBox()).toEqual(settled);
  });
});
