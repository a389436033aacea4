import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, measuredTimeout, signInWithStorage, test } from './fixtures';
import { createInvoiceMember, freshKey, masked } from './invoices-helpers';
import { keyLine, staffFromTerminal } from './painel-helpers';

/** A photo of its own bytes: no "same file" alert, so a small approval needs no confirmation. */
const PHOTO = Buffer.concat([
  readFileSync('server/modules/projects/demo/cozinha-1.jpg'),
  Buffer.from(`itens digitados ${Date.now()}`),
]);

/** Two sheets of the brand's MDF (content/produtos/produtos.csv): the base rule gives 1 point per R$ 1 of MDF. */
const MDF_BRANCO = { gtin: '7893216101004', name: 'Chapa MDF Branco TX 18 mm 2750x1850' };
const MDF_CRU = { gtin: '7893216101219', name: 'Chapa MDF Cru 18 mm 2750x1850' };

/** The member sends a photo of their invoice from /minhas-nfs on their phone; returns its id. */
async function sendPhoto(page: Page, key: string): Promise<string> {
  await page.getByLabel('Chave de acesso (44 números)').fill(key);
  await page
    .getByLabel('Arquivos da nota (foto, PDF ou XML)')
    .setInputFiles({ name: 'nota.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
  await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nota enviada' })).toBeVisible();
  const card = page.locator('article.invoice-card', { hasText: masked(key) });
  return (await card.getAttribute('id'))!.replace('nf-', '');
}

test.describe('itens da marca digitados no painel @painel', () => {
  test('a reviewer keys two catalogue lines of a photo, sees their points, approves, and the member’s extract shows them', async ({
    page,
    browser,
  }) => {
    test.setTimeout(measuredTimeout(40));
    const member = await createInvoiceMember();
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signInWithStorage(phone, member.email);
    await phone.goto('/minhas-nfs');
    await expect(phone.getByRole('heading', { name: 'Minhas notas fiscais', level: 1 })).toBeVisible();
    const id = await sendPhoto(phone, freshKey());

    // The painel at 1280×800: the reviewer opens the photo; it has no XML, so the decision asks for its lines.
    await page.setViewportSize({ width: 1280, height: 800 });
    await staffFromTerminal(page, 'Rafael Revisor', ['revisor']);
    await page.goto(`/painel/notas/revisar?id=${id}`);
    await expect(page.getByRole('heading', { name: `Nota #${id}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('img', { name: `Foto da nota #${id}` })).toBeVisible();
    const editor = page.getByRole('region', { name: 'Itens da marca' });
    await expect(editor).toBeVisible();
    await expect(editor.getByText('Nenhum item digitado ainda.')).toBeVisible();
    // A revisor has no "Definir pontos manualmente": that is an admin's, with a reason.
    await expect(page.getByRole('button', { name: 'Definir pontos manualmente' })).toHaveCount(0);

    // The a key approves nothing without a line: the page says why and takes the reviewer to the product.
    await page.getByRole('heading', { name: `Nota #${id}`, level: 1 }).click();
    await page.keyboard.press('a');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Adicione pelo menos um item da marca antes de aprovar' }),
    ).toBeVisible();
    await expect(page.getByLabel('Produto (nome ou GTIN)')).toBeFocused();

    // A value without its comma is refused beside the field.
    await page.getByLabel('Produto (nome ou GTIN)').fill(MDF_BRANCO.gtin);
    // The typed (or scanned) GTIN names its product under the field.
    await expect(page.getByLabel('Produto (nome ou GTIN)')).toHaveAccessibleDescription(
      `${MDF_BRANCO.name} · Chapas de MDF`,
    );
    await page.getByLabel('Quantidade').fill('2');
    await page.getByLabel('Valor pago (R$)').fill('1234.5');
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    await expect(page.getByLabel('Valor pago (R$)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/com vírgula nos centavos/)).toBeVisible();

    await keyLine(page, { gtin: MDF_BRANCO.gtin, quantity: '2', value: '1.234,50' });
    await keyLine(page, { gtin: MDF_CRU.gtin, quantity: '1', value: '500,00' });
    const lines = page.getByRole('list', { name: 'Itens digitados' }).getByRole('listitem');
    await expect(lines.filter({ hasText: MDF_BRANCO.name })).toContainText('1.234 pontos');
    await expect(lines.filter({ hasText: MDF_CRU.name })).toContainText('500 pontos');
    // The base rule sums the line's cents and rounds once: R$ 1.734,50 of MDF give 1.734 points.
    await expect(editor.getByText('Total: 1.734 pontos')).toBeVisible();
    await expect(page.getByText('Aprova com 1.734 pontos dos itens da marca.')).toBeVisible();
    // The two panes hold the editor: nothing wider than the screen, the photo beside it.
    const fitsWidth = (width: number) =>
      expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await fitsWidth(1280);
    await expect(page.getByRole('img', { name: `Foto da nota #${id}` })).toBeInViewport();
    await page.getByRole('button', { name: 'Aprovar' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Aprovar' })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('itens-1280.png') });
    await expectNoAxeViolations(page);

    // The same desk fits a 1024×768 screen: the editor and the approval in the side column.
    await page.setViewportSize({ width: 1024, height: 768 });
    await fitsWidth(1024);
    await page.getByRole('button', { name: 'Aprovar' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: 'Aprovar' })).toBeInViewport();
    await page.screenshot({ path: test.info().outputPath('itens-1024.png') });

    await page.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Nota #${id} aprovada com 1.734 pontos.` })).toBeVisible();

    // The member's extract, on the phone, shows those points.
    await phone.goto('/historico');
    await expect(phone.getByRole('heading', { name: 'Extrato de pontos', level: 1 })).toBeVisible();
    await expect(phone.locator('.extract-balance__value')).toHaveText('1.734 pontos');
    await expect(phone.getByText('+1.734')).toBeVisible();
    await expectNoAxeViolations(phone);
  });
});
