import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, passHumanCheck, test } from './fixtures';
import { createInvoiceMember, type InvoiceMember } from './invoices-helpers';
import { expectAudited, staffFromTerminal } from './painel-helpers';

const PASSWORD = 'Serragem#2026';
const DISABLED_MESSAGE = 'Esta conta está desativada. Fale com o clube pelo WhatsApp.';

/** The member signs in at /login, as on their phone. */
async function signInThroughForm(page: Page, login: string) {
  await page.goto('/login');
  await page.getByLabel('CPF, e-mail ou celular').fill(login);
  await page.getByLabel('Senha').fill(PASSWORD);
  await passHumanCheck(page);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** The member at home in a browser of their own, signed in through the form (no tokens put back on each load). */
async function memberAtHome(browser: Browser, member: InvoiceMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInThroughForm(page, member.email);
  await expect(page.getByRole('heading', { name: `Olá, ${member.name}!` })).toBeVisible();
  return page;
}

/** Chooses a switch on the member's page, gives the reason and applies it. */
async function applySwitch(page: Page, choice: string, reason: string) {
  const form = page.getByRole('form', { name: 'Mudar a conta' });
  await form.getByRole('radio', { name: choice }).check();
  await form.getByLabel('Motivo').fill(reason);
  await form.getByRole('button', { name: 'Aplicar' }).click();
}

test.describe('atendimento de membros no painel @painel', () => {
  test('support finds a member by CPF, disables them with a reason (their next request hears it), enables them again and the member signs in', async ({
    page,
    browser,
  }) => {
    // A staff set-up and three member sign-ins through the form's human check.
    test.slow();
    const member = await createInvoiceMember();
    const cpf = member.cpf;
    const shownCpf = `***.${cpf.slice(3, 6)}.***-${cpf.slice(-2)}`;
    const memberPage = await memberAtHome(browser, member);

    const carla = await staffFromTerminal(page, 'Carla Atendimento', ['atendimento']);
    await page.getByRole('navigation').getByRole('link', { name: 'Membros' }).click();
    await expect(page.getByRole('heading', { name: 'Membros', level: 1 })).toBeVisible();

    // The CPF as the member dictates it, with its dots and dash; the answer shows it masked, never whole.
    const search = page.getByLabel('CPF, e-mail, celular ou nome');
    const typedCpf = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    await search.fill(typedCpf);
    await search.press('Enter');
    await expect(page.getByRole('heading', { name: '1 membro encontrado' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`${member.name} Tavares`) });
    await expect(row.getByRole('cell', { name: shownCpf })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(cpf);
    await expect(page.locator('main')).not.toContainText(`${cpf.slice(0, 3)}.${cpf.slice(3, 6)}`);
    await expectNoAxeViolations(page);

    await row.getByRole('link', { name: `${member.name} Tavares` }).click();
    await expect(page.getByRole('heading', { name: `${member.name} Tavares Conta ativa`, level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Sessões ativas, o uso mais recente primeiro' })).toBeVisible();
    await expectNoAxeViolations(page);

    // No reason, no change: the form says why and keeps the member as they are.
    const form = page.getByRole('form', { name: 'Mudar a conta' });
    await form.getByRole('radio', { name: 'Desativar a conta (encerra todas as sessões)' }).check();
    await form.getByRole('button', { name: 'Aplicar' }).click();
    await expect(form.getByText('Informe o motivo: ele fica registrado na auditoria.')).toBeVisible();
    await expect(form.getByLabel('Motivo')).toBeFocused();

    await applySwitch(
      page,
      'Desativar a conta (encerra todas as sessões)',
      'Notas de outra pessoa, conferido com a loja',
    );
    await expect(page.getByRole('status')).toContainText('Conta desativada');
    await expect(
      page.getByRole('heading', { name: `${member.name} Tavares Conta desativada`, level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('Nenhuma sessão ativa')).toBeVisible();
    await expect(page.getByRole('row', { name: /Membro desativado/ })).toContainText(
      'motivo: Notas de outra pessoa, conferido com a loja',
    );

    // The member's next request, in their own browser, hears 'User disabled': the app signs them out, and signing in
    // again says what it means.
    const refused = memberPage.waitForResponse(async (response) => {
      if (!response.url().endsWith('/graphql')) return false;
      return (await response.text().catch(() => '')).includes('"User disabled"');
    });
    await memberPage.reload();
    await refused;
    await expect(memberPage).toHaveURL(/\/login$/);
    await signInThroughForm(memberPage, cpf);
    await expect(memberPage.getByRole('alert').filter({ hasText: DISABLED_MESSAGE })).toBeVisible();

    await applySwitch(page, 'Reativar a conta', 'Conferido com o membro pelo telefone');
    await expect(page.getByRole('status')).toContainText('Conta reativada');
    await expect(page.getByRole('heading', { name: `${member.name} Tavares Conta ativa`, level: 1 })).toBeVisible();

    await signInThroughForm(memberPage, cpf);
    await expect(memberPage.getByRole('heading', { name: `Olá, ${member.name}!` })).toBeVisible();
    await expectAudited(browser, carla, ['Membro desativado', 'Membro reativado']);
  });
});
