import { testMembers } from './members';
import { expect, passHumanCheck, signInWithStorage, test } from './fixtures';

async function loginThroughForm(page: import('@playwright/test').Page, login: string) {
  await page.goto('/login');
  await page.getByLabel('CPF, e-mail ou celular').fill(login);
  await page.getByLabel('Senha').fill('Serragem#2026');
  await passHumanCheck(page);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test.describe('profile-completeness gate', () => {
  test('a member without basic profile is sent to dados, even from another completion step', async ({ page }) => {
    await signInWithStorage(page, testMembers.incomplete.email);
    await page.goto('/historico');
    await expect(page).toHaveURL(/\/completar-cadastro\/dados$/);
    await expect(page.getByRole('heading', { name: 'Complete seus dados' })).toBeVisible();
    await page.goto('/completar-cadastro/celular');
    await expect(page).toHaveURL(/\/completar-cadastro\/dados$/);
  });

  test('a member without phone is sent to celular', async ({ page }) => {
    await loginThroughForm(page, testMembers.noPhone.email);
    await expect(page).toHaveURL(/\/completar-cadastro\/celular$/);
    await expect(page.getByRole('heading', { name: 'Cadastre seu celular' })).toBeVisible();
  });

  test('a member who must change the password is sent to senha', async ({ page }) => {
    await signInWithStorage(page, testMembers.mustChangePassword.email);
    await page.goto('/campanhas');
    await expect(page).toHaveURL(/\/completar-cadastro\/senha$/);
    await expect(page.getByRole('heading', { name: 'Crie uma nova senha' })).toBeVisible();
  });

  test('a disabled member cannot log in', async ({ page }) => {
    await loginThroughForm(page, testMembers.disabled.email);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Esta conta está desativada. Fale com o clube pelo WhatsApp.' }),
    ).toBeVisible();
  });
});
