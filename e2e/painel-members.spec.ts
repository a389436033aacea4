import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { createDatabase } from '../server/db/database';
import { dataDir } from './club-cli';
import { expect, expectNoAxeViolations, passHumanCheck, test } from './fixtures';
import { createInvoiceMember, freshKey, type InvoiceMember } from './invoices-helpers';
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

/**
 * More than one page of the member's page (10 rows) of refused invoices, written straight in the test server's
 * database a month ago: refused ones wait in no queue and move no points, so other specs' counts stay as they were.
 */
async function refusedInvoices(member: InvoiceMember, count: number): Promise<void> {
  const db = createDatabase({ file: join(dataDir(), 'club.sqlite') });
  try {
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', member.email)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < count; i++) {
      const key = freshKey();
      const at = new Date(Date.now() - (30 * 24 - i) * 3600 * 1000).toISOString();
      await db
        .insertInto('invoices')
        .values({
          user_id: id,
          access_key: key,
          idempotency_key: randomUUID(),
          status: 'rejected',
          uf: 'SP',
          issued_month: '2026-11',
          issuer_cnpj: key.slice(6, 20),
          model: 55,
          series: 1,
          number: Number(key.slice(25, 34)),
          rejection_reason: 'Foto sem a chave de acesso.',
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  } finally {
    await db.destroy();
  }
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

  test('support writes an internal note on a member, sees it listed with their name, and pages the invoices', async ({
    page,
    browser,
  }) => {
    const member = await createInvoiceMember();
    await refusedInvoices(member, 12);
    const carla = await staffFromTerminal(page, 'Carla Atendimento', ['atendimento']);
    await page.getByRole('navigation').getByRole('link', { name: 'Membros' }).click();
    const search = page.getByLabel('CPF, e-mail, celular ou nome');
    await search.fill(member.email);
    await search.press('Enter');
    await page.getByRole('link', { name: `${member.name} Tavares` }).click();
    await expect(page.getByRole('heading', { name: `${member.name} Tavares Conta ativa`, level: 1 })).toBeVisible();

    // A note that is too short is refused beside the field; a good one is announced and listed with who wrote it.
    const notes = page.getByRole('region', { name: 'Notas internas', exact: true });
    const field = notes.getByLabel('Nova nota', { exact: true });
    await field.fill('ok');
    await notes.getByRole('button', { name: 'Salvar nota' }).click();
    await expect(notes.getByText('A nota precisa ter de 3 a 1000 caracteres.')).toBeVisible();
    await expect(field).toBeFocused();
    await field.fill('Ligou pedindo 2ª via do código do prêmio.');
    await notes.getByRole('button', { name: 'Salvar nota' }).click();
    await expect(notes.getByRole('status')).toHaveText('Nota salva.');
    await expect(field).toHaveValue('');
    const written = notes
      .getByRole('table', { name: 'Notas internas, a mais recente primeiro' })
      .getByRole('row', { name: /Ligou pedindo 2ª via do código do prêmio\./ });
    await expect(written).toContainText('Carla Atendimento');

    // Twelve invoices: the ten newest, then the last two with "Carregar mais notas", and the total all along.
    await expect(page.getByRole('heading', { name: 'Notas fiscais (12 no total)', level: 3 })).toBeVisible();
    const invoices = page.getByRole('table', { name: 'Notas fiscais, a mais recente primeiro' });
    await expect(invoices.getByRole('row')).toHaveCount(11);
    const more = page.getByRole('button', { name: 'Carregar mais notas', exact: true });
    await more.click();
    await expect(invoices.getByRole('row')).toHaveCount(13);
    await page.screenshot({ path: test.info().outputPath('ficha-1280.png'), fullPage: true });
    await expect(more).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A note stays after a reload, and is in the audit trail with its pt-BR label.
    await page.reload();
    await expect(written).toContainText('Carla Atendimento');
    await expectAudited(browser, carla, ['Membro: nota interna']);
  });
});
