import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { altchaPayload, expect, expectNoAxeViolations, graphql, signInWithStorage, test } from './fixtures';
import { lastCode, lastLink, newIdentity } from './identities';
import { demo } from './members';
import { createProfileMember } from './profile-members';

const LOGIN = `mutation ($login: String!, $password: String!, $altcha: String) {
  userLogin(login: $login, password: $password, altcha: $altcha) { token }
}`;

async function canLogIn(page: Page, login: string, password: string): Promise<boolean> {
  const res = await graphql<{ userLogin: { token: string } }>(page.request, LOGIN, {
    login,
    password,
    altcha: await altchaPayload(page.request),
  });
  return Boolean(res.data?.userLogin?.token);
}

/** The error message in the field's own frame, so "beside the field" is what is checked. */
const fieldError = (page: Page, label: string | RegExp) =>
  page
    .getByLabel(label, { exact: typeof label === 'string' })
    .locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " field ")][1]')
    .locator('.field__error');

const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

test.describe('profile completion', () => {
  test('a new member is walked through dados → home, and bad input keeps what was typed', async ({ page }) => {
    const who = await createProfileMember({
      birthDate: null,
      gender: null,
      careerName: null,
      cep: null,
      address: null,
      number: null,
      district: null,
      stateUf: null,
      cityName: null,
    });
    await signInWithStorage(page, who.email);
    await page.goto('/historico');
    await expect(page).toHaveURL(/\/completar-cadastro\/dados$/);
    await expect(page.getByRole('heading', { name: 'Complete seus dados' })).toBeVisible();

    await page.getByLabel('Data de nascimento').pressSequentially('31021990');
    await expect(page.getByLabel('Data de nascimento')).toHaveValue('31/02/1990');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(fieldError(page, 'Data de nascimento')).toHaveText('Data inválida. Use dd/mm/aaaa.');
    await expect(fieldError(page, 'Gênero')).toHaveText('Escolha uma opção.');
    await expect(page.getByLabel('Data de nascimento')).toHaveValue('31/02/1990');
    await expectNoAxeViolations(page);

    await page.getByLabel('Data de nascimento').fill('');
    await page.getByLabel('Data de nascimento').pressSequentially('14031988');
    await page.getByLabel('Gênero').selectOption('Feminino');
    await page.getByLabel('Profissão').selectOption('Marceneiro');
    await page.getByLabel('CEP').pressSequentially('01310100');
    await expect(page.getByText('Endereço encontrado. Confira e informe o número.')).toBeVisible();
    await expect(page.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Paulista');
    await expect(page.getByLabel('Bairro')).toHaveValue('Bela Vista');
    await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
    await page.getByLabel('Número').fill('1500');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('an unknown CEP lets the member type the address and any city', async ({ page }) => {
    const who = await createProfileMember({ cep: null, address: null, number: null, district: null, cityName: null });
    await signInWithStorage(page, who.email);
    await page.goto('/completar-cadastro/dados');
    await page.getByLabel('CEP').pressSequentially('78890000');
    await expect(page.getByText('Não encontramos este CEP. Preencha o endereço abaixo.')).toBeVisible();
    await page.getByLabel('Endereço', { exact: true }).fill('Rua das Palmeiras');
    await page.getByLabel('Número').fill('S/N');
    await page.getByLabel('Bairro').fill('Centro');
    await page.getByLabel('Estado').selectOption({ label: 'Mato Grosso (MT)' });
    await page.getByLabel('Cidade').fill('Sorriso');
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a member without a phone is sent to celular and completes it with the code', async ({ page }) => {
    const who = await createProfileMember({ phoneNumber: null, phoneVerified: false });
    await signInWithStorage(page, who.email);
    await page.goto('/');
    await expect(page).toHaveURL(/\/completar-cadastro\/celular$/);
    await page.getByLabel('Celular com DDD').pressSequentially('123');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(fieldError(page, 'Celular com DDD')).toHaveText(
      'Celular inválido. Use DDD e número, como (11) 98765-4321.',
    );
    await page.getByLabel('Celular com DDD').fill('');
    await page.getByLabel('Celular com DDD').pressSequentially(who.phone);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByText(`(11) 9****-${who.phone.slice(-4)}`)).toBeVisible();
    await expect(page.getByRole('button', { name: /Reenviar código em \d+ s/ })).toBeDisabled();
    const code = lastCode(who.phone);
    await page.getByLabel('Código recebido por SMS').fill(wrongCodeFor(code));
    await page.getByRole('button', { name: 'Confirmar celular' }).click();
    await expect(fieldError(page, 'Código recebido por SMS')).toHaveText(
      'Código incorreto. Confira o SMS e tente de novo.',
    );
    await expectNoAxeViolations(page);
    await page.getByLabel('Código recebido por SMS').fill(code);
    await page.getByRole('button', { name: 'Confirmar celular' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a member flagged changePasswordRequired is sent to senha, and the new password works', async ({ page }) => {
    const who = await createProfileMember({ changePasswordRequired: true });
    await signInWithStorage(page, who.email);
    await page.goto('/campanhas');
    await expect(page).toHaveURL(/\/completar-cadastro\/senha$/);
    await expect(page.getByLabel('Senha atual')).toHaveCount(0);
    await page.getByLabel('Nova senha', { exact: true }).fill('plaina e formão 2027');
    await page.getByLabel('Confirme a senha').fill('plaina e formão 2027');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await canLogIn(page, who.email, 'plaina e formão 2027')).toBe(true);
    expect(await canLogIn(page, who.email, who.password)).toBe(false);
  });
});

test.describe('account changes', () => {
  test('alterar-senha refuses a wrong current password beside the field, then changes it', async ({ page }) => {
    const who = await createProfileMember();
    await signInWithStorage(page, who.email);
    await page.goto('/alterar-senha');
    await page.getByLabel('Senha atual').fill('senha errada demais');
    await page.getByLabel('Nova senha', { exact: true }).fill('verniz e cera 2027');
    await page.getByLabel('Confirme a senha').fill('verniz e cera 2027');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(fieldError(page, 'Senha atual')).toHaveText('Senha atual incorreta.');
    await expect(page.getByLabel('Nova senha', { exact: true })).toHaveValue('verniz e cera 2027');
    await expectNoAxeViolations(page);
    await page.getByLabel('Senha atual').fill(who.password);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByText('Senha alterada.')).toBeVisible();
    // The stored tokens were replaced: the member stays logged in.
    await page.goto('/perfil');
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
  });

  test('alterar-cnpj refuses a wrong CNPJ and accepts the alphanumeric CNPJ', async ({ page }) => {
    const who = await createProfileMember();
    await signInWithStorage(page, who.email);
    await page.goto('/alterar-cnpj');
    await page.getByLabel('Novo CNPJ').pressSequentially('11222333000180');
    await expect(page.getByLabel('Novo CNPJ')).toHaveValue('11.222.333/0001-80');
    await page.getByRole('button', { name: 'Salvar CNPJ' }).click();
    await expect(fieldError(page, 'Novo CNPJ')).toHaveText('CNPJ inválido. Confira os números e letras.');
    await expectNoAxeViolations(page);
    await page.getByLabel('Novo CNPJ').fill('');
    await page.getByLabel('Novo CNPJ').pressSequentially('12abc34501de35');
    await expect(page.getByLabel('Novo CNPJ')).toHaveValue('12.ABC.345/01DE-35');
    await page.getByRole('button', { name: 'Salvar CNPJ' }).click();
    await expect(page.getByText('CNPJ 12.ABC.345/01DE-35 salvo.')).toBeVisible();
    await page.goto('/alterar-cnpj');
    await expect(page.getByText(/Você poderá alterar o CNPJ a partir de/)).toBeVisible();
  });

  test('alterar-email refuses a taken e-mail and changes it only when the link is opened', async ({ page }) => {
    const who = await createProfileMember();
    const next = newIdentity().email;
    await signInWithStorage(page, who.email);
    await page.goto('/alterar-email');
    await page.getByLabel('Novo e-mail').fill(demo.email);
    await page.getByRole('button', { name: 'Enviar link de confirmação' }).click();
    await expect(fieldError(page, 'Novo e-mail')).toHaveText('Este e-mail já está cadastrado em outra conta.');
    await expect(page.getByLabel('Novo e-mail')).toHaveValue(demo.email);
    await page.getByLabel('Novo e-mail').fill(next);
    await page.getByRole('button', { name: 'Enviar link de confirmação' }).click();
    await expect(page.getByRole('status').filter({ hasText: next })).toBeVisible();

    await page.goto('/perfil');
    await expect(page.getByText(`Aguardando confirmação: ${next}`)).toBeVisible();
    const link = new URL(lastLink(next));
    await page.goto(`${link.pathname}${link.hash}`);
    await expect(page).toHaveURL(/\/perfil$/);
    await expect(page.getByText('Aguardando confirmação')).toHaveCount(0);
    await expect(page.getByText(next, { exact: true })).toBeVisible();
  });

  test('alterar-celular refuses a wrong code and changes the phone with the right one', async ({ page }) => {
    const who = await createProfileMember();
    const phone = newIdentity().phone;
    await signInWithStorage(page, who.email);
    await page.goto('/alterar-celular');
    await page.getByLabel('Celular com DDD').pressSequentially(phone);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    const code = lastCode(phone);
    await page.getByLabel('Código recebido por SMS').fill(wrongCodeFor(code));
    await page.getByRole('button', { name: 'Confirmar celular' }).click();
    await expect(fieldError(page, 'Código recebido por SMS')).toHaveText(
      'Código incorreto. Confira o SMS e tente de novo.',
    );
    await page.getByLabel('Código recebido por SMS').fill(code);
    await page.getByRole('button', { name: 'Confirmar celular' }).click();
    await expect(page.getByText('Pronto! Seu celular foi alterado.')).toBeVisible();
    expect(await canLogIn(page, phone, who.password)).toBe(true);
  });
});

test.describe('perfil', () => {
  test('workshop and survey are saved; bad URLs are refused beside the field @desktop', async ({ page }) => {
    const who = await createProfileMember();
    await signInWithStorage(page, who.email);
    await page.goto('/perfil');
    await page.getByRole('heading', { name: 'Oficina' }).click();
    const workshop = page.getByRole('form', { name: 'Dados da marcenaria' });
    await workshop.getByLabel('Nome fantasia (opcional)').fill('Teixeira Móveis');
    await workshop.getByLabel('Instagram (opcional)').fill('facebook.com/teixeira');
    await workshop.getByRole('button', { name: 'Salvar marcenaria' }).click();
    await expect(fieldError(page, 'Instagram (opcional)')).toHaveText(
      'Use o @ do perfil ou o endereço, como @suamarcenaria ou instagram.com/suamarcenaria',
    );
    await workshop.getByLabel('Instagram (opcional)').fill('@teixeira');
    await workshop.getByLabel('Facebook (opcional)').fill('https://www.facebook.com/teixeira.moveis');
    await workshop.getByRole('button', { name: 'Salvar marcenaria' }).click();
    await expect(page.getByText('Dados da marcenaria salvos.')).toBeVisible();
    await expect(page.getByText('Dados da marcenaria salvos.')).toBeFocused();

    await page.getByRole('heading', { name: 'Pesquisa', exact: true }).click();
    const survey = page.getByRole('form', { name: 'Pesquisa da marcenaria' });
    await survey.getByLabel('Quantas pessoas trabalham com você?').fill('3');
    await survey.getByLabel('Cozinhas').selectOption('5');
    await survey.getByLabel('Tupia').check();
    await survey.getByRole('button', { name: 'Salvar pesquisa' }).click();
    await expect(page.getByText('Pesquisa salva. Obrigado!')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.reload();
    await page.getByRole('heading', { name: 'Oficina' }).click();
    await page.getByRole('heading', { name: 'Pesquisa', exact: true }).click();
    const saved = page.getByRole('form', { name: 'Dados da marcenaria' });
    await expect(saved.getByLabel('Nome fantasia (opcional)')).toHaveValue('Teixeira Móveis');
    // The handle was kept as the profile's address.
    await expect(saved.getByLabel('Instagram (opcional)')).toHaveValue('https://instagram.com/teixeira');
    await expect(page.getByLabel('Cozinhas')).toHaveValue('5');
    await expect(page.getByLabel('Tupia')).toBeChecked();
  });

  test('a member whose career is not woodwork-related does not see the workshop', async ({ page }) => {
    const who = await createProfileMember({ careerName: 'Arquiteto' });
    await signInWithStorage(page, who.email);
    await page.goto('/perfil');
    await expect(page.getByRole('heading', { name: 'Dados de acesso' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oficina' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Pesquisa', exact: true })).toHaveCount(0);
  });

  test('the profile is one collapsible section per subject, each saved on its own', async ({ page }) => {
    const who = await createProfileMember();
    await signInWithStorage(page, who.email);
    await page.goto('/perfil');
    const sections = ['Dados pessoais', 'Endereço', 'Oficina', 'Pesquisa', 'Privacidade'];
    for (const name of sections) await expect(page.getByRole('heading', { name, exact: true, level: 2 })).toBeVisible();
    // Only the first is open: the page starts short.
    await expect(page.getByLabel('Data de nascimento')).toBeVisible();
    await expect(page.getByLabel('CEP', { exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Excluir minha conta' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Salvar dados pessoais' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salvar endereço' })).toBeHidden();

    await page.getByRole('heading', { name: 'Endereço', level: 2 }).click();
    await page.getByLabel('Complemento (opcional)').first().fill('Fundos');
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    await expect(page.getByText('Endereço salvo.')).toBeFocused();

    // Saving the personal part afterwards keeps the address just saved.
    await page.getByLabel('Por SMS e WhatsApp').uncheck();
    await page.getByRole('button', { name: 'Salvar dados pessoais' }).click();
    await expect(page.getByText('Dados pessoais salvos.')).toBeFocused();
    await page.reload();
    await page.getByRole('heading', { name: 'Endereço', level: 2 }).click();
    await expect(page.getByLabel('Complemento (opcional)').first()).toHaveValue('Fundos');
    await expect(page.getByLabel('Por SMS e WhatsApp')).not.toBeChecked();

    // "Excluir minha conta" is a quiet link at the very end of Privacidade.
    await page.getByRole('heading', { name: 'Privacidade', level: 2 }).click();
    const remove = page.getByRole('button', { name: 'Excluir minha conta' });
    await expect(remove).toHaveClass(/link-button/);
    await expectNoAxeViolations(page);
  });

  test('a profile photo is cropped to a square, previewed and saved', async ({ page }) => {
    const who = await createProfileMember();
    await signInWithStorage(page, who.email);
    await page.goto('/perfil');
    // A 3x2 PNG: the browser crops it to a square before sending.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGM4UaEBQQxwFgBYNAhxWdzeRAAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.getByLabel('Escolher foto').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('img', { name: 'Prévia da nova foto' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /^blob:/);
    // The cropped JPEG leaves as a GraphQL multipart upload, not as text in a JSON body.
    const upload = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        new URL(request.url()).pathname === '/graphql' &&
        (request.headers()['content-type'] ?? '').startsWith('multipart/form-data'),
    );
    await page.getByRole('button', { name: 'Salvar foto' }).click();
    await upload;
    await expect(page.getByText('Foto salva.')).toBeVisible();
    const src = await page.getByRole('img', { name: `Foto de ${who.name}` }).getAttribute('src');
    expect(src).toMatch(/^\/uploads\/profile\/[a-f0-9]{32}\.jpg$/);
    const served = await page.request.get(src ?? '');
    expect(served.headers()['content-type']).toBe('image/jpeg');
  });

  test('"Baixar meus dados" downloads the member\'s own data as JSON', async ({ page }) => {
    const who = await createProfileMember();
    await signInWithStorage(page, who.email);
    await page.goto('/perfil');
    await page.getByRole('heading', { name: 'Privacidade' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar meus dados' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^meus-dados-clube-do-marceneiro-.*\.json$/);
    const data = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8'));
    expect(data.participante).toMatchObject({ email: who.email, cpf: who.cpf });
    expect(JSON.stringify(data)).not.toContain(demo.email);
    expect(JSON.stringify(data)).not.toMatch(/password_hash|argon2/);
  });

  test('"Excluir minha conta" asks the password; a deleted account cannot log in', async ({ page }) => {
    const who = await createProfileMember();
    await signInWithStorage(page, who.email);
    await page.goto('/perfil');
    await page.getByRole('heading', { name: 'Privacidade' }).click();
    await page.getByRole('button', { name: 'Excluir minha conta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
    await dialog.getByLabel('Sua senha').fill('senha errada demais');
    await dialog.getByLabel('Entendo que a exclusão não pode ser desfeita').check();
    await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(fieldError(page, 'Sua senha')).toHaveText('Senha incorreta.');
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Sua senha').fill(who.password);
    await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(page).toHaveURL(/\/login\?conta=excluida/);
    await expect(page.getByRole('status')).toHaveText(/Sua conta foi excluída/);
    expect(await canLogIn(page, who.email, who.password)).toBe(false);
    expect(await canLogIn(page, who.cpf, who.password)).toBe(false);
  });
});

test.describe('consent', () => {
  test('the consent modal shows the message, records the answer and does not come back', async ({ page }) => {
    const who = await createProfileMember({ consentPending: true });
    await signInWithStorage(page, who.email);
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Uso dos seus dados' });
    await expect(dialog).toContainText('Política de Privacidade');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Aceito', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await page.goto('/perfil');
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
