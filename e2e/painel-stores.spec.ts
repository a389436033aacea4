import { readFileSync } from 'node:fs';
import { todayInBrazil } from '../common/format/dates';
import { expect, expectNoAxeViolations, measuredTimeout, test } from './fixtures';
import { lastHandoffPath, newIdentity } from './identities';
import { expectAudited, staffFromTerminal } from './painel-helpers';
import { fillPassword, fillStepOne } from './sign-up-helpers';

const WELCOME = 'Cadastre-se no Clube do Marceneiro';

test.describe('lojas no painel @painel', () => {
  test('a lojas person adds a store, sets its tablet up with the code on screen, and sees the kiosk’s sign-up in its chart and CSV', async ({
    page,
    browser,
  }) => {
    test.setTimeout(measuredTimeout(39.4));
    const lia = await staffFromTerminal(page, 'Lia Lojas', ['lojas']);
    await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: 'Lojas' }).click();
    await expect(page.getByRole('heading', { name: 'Lojas', level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: /Loja Centro Chapas e Ferragens/ })).toContainText('Ativa');
    await expectNoAxeViolations(page);

    // The form says what is wrong under each field, the CNPJ's check digits included.
    const form = page.getByRole('region', { name: 'Cadastrar loja' });
    await form.getByLabel('CNPJ (opcional)').fill('12.345.678/0001-96');
    await form.getByRole('button', { name: 'Cadastrar loja' }).click();
    await expect(form.getByText('Informe o nome da loja (3 a 80 caracteres).')).toBeVisible();
    await expect(form.getByText('Escolha o estado (UF).')).toBeVisible();
    await expect(form.getByText(/CNPJ inválido: confira os 14 caracteres/)).toBeVisible();

    const name = `Casa das Chapas ${Date.now().toString(36)}`;
    await form.getByLabel('Nome da loja').fill(name);
    // The address follows the name until someone types one.
    const slug = name.toLowerCase().replace(/ /g, '-');
    await expect(form.getByLabel('Endereço do link (slug)')).toHaveValue(slug);
    await form.getByLabel('Cidade').fill('Recife');
    await form.getByLabel('Estado (UF)').selectOption('PE');
    await form.getByLabel('CNPJ (opcional)').fill('');
    await form.getByRole('button', { name: 'Cadastrar loja' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Recife/PE');
    await page
      .getByRole('status')
      .getByRole('link', { name: `Abrir ${name}` })
      .click();

    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByLabel('Link de cadastro da loja')).toHaveValue(new RegExp(`/cadastro-promo/${slug}$`));
    await page.getByRole('button', { name: 'Criar código do totem' }).click();
    const shown = page.getByRole('status').filter({ hasText: `Código do totem de ${name}` });
    await expect(shown.getByRole('img', { name: `QR code que configura o totem de ${name}` })).toBeVisible();
    const code = ((await shown.locator('.painel-kiosk__value').textContent()) ?? '').replace(/\s/g, '');
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    await expectNoAxeViolations(page);

    // The store's tablet, at the counter: the code typed off the painel's screen.
    const tablet = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
    await tablet.goto('/totem');
    await expect(tablet.getByText(/cria para a loja no painel do clube/)).toBeVisible();
    await tablet.getByLabel('Código do totem').fill(code);
    await tablet.getByRole('button', { name: 'Ativar totem' }).click();
    await expect(tablet.getByRole('heading', { name: WELCOME })).toBeVisible();
    await expect(tablet.getByText(`${name} — Recife/PE`)).toBeVisible();

    // A customer signs up there and finishes on their phone.
    await tablet.getByRole('button', { name: 'Quero me cadastrar' }).click();
    const who = newIdentity();
    await fillStepOne(tablet, who);
    await tablet.getByRole('button', { name: 'Continuar' }).click();
    await expect(tablet.getByRole('heading', { name: 'Agora é no seu celular' })).toBeVisible();
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await phone.goto(lastHandoffPath(who.phone));
    await fillPassword(phone, who.password);
    await phone.getByRole('button', { name: 'Criar minha senha e entrar' }).click();
    await expect(phone).toHaveURL(/\/completar-cadastro\/dados$/);

    // Back in the painel: the sign-up is the store's, in the count, the chart, its table and the CSV.
    await page.reload();
    await expect(page.getByText('1 cadastro nos últimos 30 dias.')).toBeVisible();
    const report = page.getByRole('region', { name: 'Cadastros por dia' });
    await expect(report.getByText(/^1 cadastro de .*; o dia mais alto teve 1 cadastro\./)).toBeVisible();
    await expect(
      report.getByRole('img', { name: `Cadastros por dia em ${name}: 1 cadastro `, exact: false }),
    ).toBeVisible();
    const today = todayInBrazil().split('-').reverse().join('/');
    await report.getByText('Ver os números').click();
    await expect(report.getByRole('row', { name: today })).toContainText('1');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: 'Baixar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^cadastros-${slug}-\\d{4}-\\d{2}-\\d{2}-a-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(`${today};${name};1\r\n`);
    expect(csv).toContain(`total;${name};1\r\n`);
    await report.getByLabel('Período', { exact: true }).selectOption('7');
    await expect(report.getByText(/^1 cadastro de .*; o dia mais alto teve 1 cadastro\./)).toBeVisible();
    await expectNoAxeViolations(page);

    // Disabled, the store can make no kiosk code, and the list says so.
    await page.getByRole('button', { name: `Desativar ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Desativar loja' }).click();
    await expect(page.getByText('Desativada', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Criar código do totem' })).toBeDisabled();
    await page.getByRole('link', { name: '← Lojas' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Desativada');
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    await tablet.context().close();
    await phone.context().close();
    await expectAudited(browser, lia, ['Loja cadastrada', 'Código de totem criado', 'Loja desativada']);
  });
});
