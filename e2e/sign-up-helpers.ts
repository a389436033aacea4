import type { Page } from '@playwright/test';
import { isoToBrDate } from '../common/format/masks';
import { expect, passHumanCheck } from './fixtures';
import type { newIdentity } from './identities';

type Identity = ReturnType<typeof newIdentity>;

/** Step one of the sign-up form, as a visitor types it. */
export async function fillStepOne(page: Page, who: Identity) {
  // Every sign-up (site, store link, kiosk) leaves the marketing opt-ins to the person: none comes ticked.
  await expect(page.getByRole('checkbox', { name: 'Por e-mail' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Por SMS e WhatsApp' })).not.toBeChecked();
  await page.getByLabel('Nome', { exact: true }).fill(who.name);
  await page.getByLabel('Sobrenome').fill(who.surName);
  await page.getByLabel('CPF').pressSequentially(who.cpf);
  await page.getByLabel('E-mail', { exact: true }).fill(who.email);
  await page.getByLabel('Celular').pressSequentially(who.phone);
  // Typed as the member types it: the digits of dd/mm/aaaa, the mask adds the slashes.
  await page.getByLabel('Data de nascimento').pressSequentially(isoToBrDate(who.birthDate).replace(/\D/g, ''));
  await expect(page.getByLabel('Data de nascimento')).toHaveValue(isoToBrDate(who.birthDate));
  await page.getByLabel(/Li e aceito os termos de uso/).check();
}

export async function fillPassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel('Crie uma senha').fill(password);
  await page.getByLabel('Confirme a senha').fill(confirmation);
}

export const logIn = async (page: Page, path: string, label: string, value: string, password: string) => {
  await page.goto(path);
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await passHumanCheck(page);
  await page.getByRole('button', { name: 'Entrar' }).click();
};
