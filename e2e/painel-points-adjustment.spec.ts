import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, passHumanCheck, test } from './fixtures';
import { createInvoiceMember, type InvoiceMember } from './invoices-helpers';
import { expectAudited, staffFromTerminal } from './painel-helpers';

const PASSWORD = 'Serragem#2026';
const REASON = 'Compensação pela nota fiscal perdida no envio';

/** The member on their phone (390×844), signed in through the form. */
async function memberOnPhone(browser: Browser, member: InvoiceMember): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await page.goto('/login');
  await page.getByLabel('CPF, e-mail ou celular').fill(member.email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await passHumanCheck(page);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: `Olá, ${member.name}!` })).toBeVisible();
  return page;
}

test.describe('ajuste manual de pontos no painel @painel', () => {
  test('an admin credits +150 points with a reason on the member page; the member reads "+150" and the reason in the extract', async ({
    page,
    browser,
  }) => {
    // A staff set-up, a member sign-in through the human check and an audit check at another desk.
    test.slow();
    await page.setViewportSize({ width: 1280, height: 800 });
    const member = await createInvoiceMember();
    // The member page is support's (atendimento); the adjustment on it is the admin's.
    const admin = await staffFromTerminal(page, 'Alice Admin', ['admin', 'atendimento']);

    await page.getByRole('navigation').getByRole('link', { name: 'Membros' }).click();
    const search = page.getByLabel('CPF, e-mail, celular ou nome');
    await search.fill(member.cpf);
    await search.press('Enter');
    await page.getByRole('link', { name: `${member.name} Tavares` }).click();
    await expect(page.getByRole('heading', { name: `${member.name} Tavares Conta ativa`, level: 1 })).toBeVisible();

    const section = page.getByRole('region', { name: 'Ajuste de pontos' });
    await expect(section.getByRole('heading', { name: 'Ajuste de pontos', level: 2 })).toBeVisible();

    // Nothing typed: the messages stand next to the fields, and nothing is asked of the API.
    await section.getByRole('button', { name: 'Revisar ajuste' }).click();
    await expect(section.getByLabel('Pontos (use − para debitar)')).toBeFocused();
    await expect(section.getByText(/^Informe os pontos: um número inteiro diferente de zero/)).toBeVisible();

    // From the keyboard: the points, the reason, then the confirmation that names the member and the points.
    await section.getByLabel('Pontos (use − para debitar)').fill('150');
    await section.getByLabel('Motivo (o membro lê no extrato)').fill(REASON);
    await section.getByLabel('Motivo (o membro lê no extrato)').press('Tab');
    await page.keyboard.press('Enter');
    await expect(section.getByText(`Creditar +150 pontos para ${member.name} Tavares?`)).toBeVisible();
    await expect(section.getByText(`O membro lerá no extrato: “Ajuste: ${REASON}”`, { exact: false })).toBeVisible();
    await section.getByRole('button', { name: 'Aplicar ajuste' }).click();
    await expect(section.getByRole('status')).toHaveText('Ajuste de +150 pontos aplicado. Saldo: 150 pontos.');
    const table = section.getByRole('table', { name: 'Ajustes de pontos feitos à mão, o mais recente primeiro' });
    await expect(table.getByRole('row', { name: new RegExp(REASON) })).toContainText('Aplicado');
    await expect(table.getByRole('button', { name: 'Estornar o ajuste de +150 pontos' })).toBeVisible();
    await page
      .getByRole('region', { name: 'Ajuste de pontos' })
      .screenshot({ path: test.info().outputPath('ajuste-1280.png') });
    await expectNoAxeViolations(page);

    // The same page at 1024×768: the section still fits.
    await page.setViewportSize({ width: 1024, height: 768 });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(1024);

    // The member, on their phone, reads the adjustment and its reason in the extract.
    const phone = await memberOnPhone(browser, member);
    await phone.goto('/historico');
    await expect(phone.getByRole('heading', { name: 'Extrato de pontos', level: 1 })).toBeVisible();
    await expect(phone.getByText('+150')).toBeVisible();
    await expect(phone.getByText(`Ajuste: ${REASON}`)).toBeVisible();
    await phone.context().close();

    await expectAudited(browser, admin, ['Ajuste de pontos aplicado']);
  });
});
