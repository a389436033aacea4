import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { clubCli } from './club-cli';
import { expect, expectNoAxeViolations, measuredTimeout, test } from './fixtures';
import { codeOf, fillAuditTrail, pathOf, STAFF_PASSWORD as PASSWORD } from './painel-helpers';

/**
 * Uses a set-up link as the person would: a password, the key read off the screen into an "app" (otpauth here), and
 * the app's first code. Returns the key, for signing in later.
 */
async function finishSetUp(page: Page, link: string, name: string): Promise<string> {
  await page.goto(pathOf(link));
  await expect(page.getByRole('heading', { name: 'Ativar acesso ao painel' })).toBeVisible();
  await expect(page.getByText(`Olá, ${name}.`)).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code para cadastrar o clube/ })).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (
    (await page.locator('dt:text-is("Chave para digitar no aplicativo") + dd').textContent()) ?? ''
  ).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirme a senha').fill(PASSWORD);
  await page.getByLabel('Código do autenticador').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Ativar acesso' }).click();
  return secret;
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link');

// Desktop-first: only the desktop project runs the painel (playwright.config.ts, @painel).
test.describe('painel da equipe @painel', () => {
  test('an admin made at the terminal sets up, invites a reviewer who sees only what a reviewer opens, and the audit shows it', async ({
    page,
  }) => {
    test.setTimeout(measuredTimeout(55));
    const stamp = Date.now();
    const adminEmail = `chefe-${stamp}@clube.test`;
    const reviewerEmail = `revisor-${stamp}@clube.test`;

    const added = clubCli('staff', 'add', adminEmail, '--name', 'Carla Chefe', '--roles', 'admin', '--by', 'ti.e2e');
    const [adminLink] = /\S+\/painel\/ativar\?token=[\w-]{43}/.exec(added) ?? [];
    expect(adminLink, added).toBeDefined();

    // The admin's set-up ends signed in, on the painel's home.
    await finishSetUp(page, adminLink!, 'Carla Chefe');
    await expect(page.getByRole('heading', { name: 'Olá, Carla' })).toBeVisible();
    await expect(sections(page)).toHaveText(['Início', 'Regras de pontos', 'Produtos', 'Equipe', 'Auditoria']);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expectNoAxeViolations(page);

    // Equipe: invite a reviewer; the link is shown once, to hand over.
    await sections(page).getByText('Equipe').click();
    await expect(page.getByRole('heading', { name: 'Equipe', level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(adminEmail) })).toContainText('Ativa');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Convidar e gerar link' }).click();
    await expect(page.getByText('Escolha ao menos uma função.')).toBeVisible();
    await page.getByLabel('Nome').fill('Rui Revisor');
    await page.getByLabel('E-mail').fill(reviewerEmail);
    await page.getByRole('checkbox', { name: /Revisão/ }).check();
    await page.getByRole('button', { name: 'Convidar e gerar link' }).click();
    await expect(page.getByRole('heading', { name: 'Convite criado para Rui Revisor' })).toBeVisible();
    const reviewerLink = await page.getByLabel('Link de ativação').inputValue();
    expect(reviewerLink).toMatch(/\/painel\/ativar\?token=[\w-]{43}$/);
    await expect(page.getByRole('row', { name: new RegExp(reviewerEmail) })).toContainText('Aguardando ativação');
    await expectNoAxeViolations(page);

    // The reviewer, in a tab of their own (the staff token lives in the tab's session storage).
    const reviewer = await page.context().newPage();
    const reviewerSecret = await finishSetUp(reviewer, reviewerLink, 'Rui Revisor');
    await expect(reviewer.getByRole('heading', { name: 'Olá, Rui' })).toBeVisible();
    await expect(sections(reviewer)).toHaveText(['Início', 'Notas fiscais', 'Projetos']);
    await expect(reviewer.getByText('notas fiscais e projetos')).toBeVisible();
    await reviewer.goto('/painel/equipe');
    await expect(reviewer.getByText('Suas funções na equipe não abrem esta seção.', { exact: false })).toBeVisible();

    // Sair, then in again with e-mail, password and the app's code (the next one: a code is taken once).
    await reviewer.getByRole('button', { name: 'Sair' }).click();
    await expect(reviewer.getByRole('heading', { name: 'Entrar no painel' })).toBeVisible();
    await expect(reviewer.getByText('Você saiu do painel.')).toBeVisible();
    await expectNoAxeViolations(reviewer);
    await reviewer.getByLabel('E-mail').fill(reviewerEmail);
    await reviewer.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await reviewer.getByLabel('Código do autenticador').fill(codeOf(reviewerSecret, 1));
    await reviewer.getByRole('button', { name: 'Entrar' }).click();
    await expect(reviewer.getByRole('heading', { name: 'Olá, Rui' })).toBeVisible();
    await expect(sections(reviewer)).toHaveText(['Início', 'Notas fiscais', 'Projetos']);

    // The admin redoes the reviewer's access (a lost phone): the reviewer's session ends at their next request.
    await page.getByRole('button', { name: 'Refazer acesso de Rui Revisor' }).click();
    await page.getByRole('button', { name: 'Refazer e gerar link' }).click();
    await expect(page.getByRole('heading', { name: 'Novo link de ativação de Rui Revisor' })).toBeVisible();
    await reviewer.reload();
    await expect(reviewer.getByRole('heading', { name: 'Entrar no painel' })).toBeVisible();
    await expect(reviewer.getByText('Sua sessão terminou. Entre de novo.')).toBeVisible();

    // Auditoria, on a day's worth of lines: the whole trail first, then the invite, by whom and on whom; filtered,
    // and as CSV.
    await fillAuditTrail(page, reviewerEmail, 120);
    await sections(page).getByText('Auditoria').click();
    await expect(page.getByRole('heading', { name: 'Auditoria', level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: /Funções alteradas/ }).first()).toContainText(
      'funções: Revisão, Lojas → funções: Revisão',
    );
    await expect(page.getByRole('button', { name: 'Mostrar mais' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    // At a tablet's width the before → after column keeps its words together; the table scrolls in its frame.
    const change = page.getByRole('cell', { name: /funções: Revisão, Lojas → / }).first();
    expect((await change.boundingBox())!.width).toBeGreaterThanOrEqual(250);
    await page.screenshot({ path: test.info().outputPath('auditoria-1024.png') });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Objeto').fill(reviewerEmail);
    await page.getByLabel('Ação', { exact: true }).selectOption({ label: 'Convite para a equipe' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const invite = page.getByRole('row', { name: /Convite para a equipe/ });
    await expect(invite).toHaveCount(1);
    await expect(invite).toContainText(`Carla Chefe <${adminEmail}>`);
    await expect(invite).toContainText('Administração');
    await expect(invite).toContainText(reviewerEmail);
    await expect(invite).toContainText('funções: Revisão');
    await expectNoAxeViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv).toContain('staff.invite');
    expect(csv).toContain(reviewerEmail);
    expect(csv).not.toContain('staff.reset-totp');
  });

  test('the sign-in refuses a wrong code and a staff page without a session sends to it', async ({ page }) => {
    await page.goto('/painel/auditoria');
    await expect(page.getByRole('heading', { name: 'Entrar no painel' })).toBeVisible();
    await expect(page).toHaveURL(/\/painel\/entrar$/);
    await page.getByLabel('E-mail').fill('admin@exemplo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Código do autenticador').fill('12345');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('O código tem 6 números', { exact: false })).toBeVisible();
    await page.getByLabel('Código do autenticador').fill('000000');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('E-mail, senha ou código do autenticador incorretos.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
