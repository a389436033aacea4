import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { demoDanfePdf } from '../server/modules/invoices/demo-history';
import { expect, expectNoAxeViolations, measuredTimeout, signInWithStorage, test } from './fixtures';
import { expectAudited, keyLine, staffFromTerminal } from './painel-helpers';
import { createInvoiceMember, freshKey, masked, nfeXmlFile, type InvoiceMember } from './invoices-helpers';

/** A real photo the browser draws: the same bytes sent by two members. */
const PHOTO = readFileSync('server/modules/projects/demo/cozinha-1.jpg');
/** Photos of their own (no "same file" signal), for approvals without a flag. */
const PHOTO_B = Buffer.concat([PHOTO, Buffer.from(`quatro olhos ${Date.now()}`)]);
const PHOTO_C = Buffer.concat([PHOTO, Buffer.from(`estorno ${Date.now()}`)]);
/** The brand's white MDF sheet (content/produtos/produtos.csv): 1 point per R$ 1 by the base rule. */
const MDF_GTIN = '7893216101004';
/** A CNPJ of no registered store: its XML waits for a person. */
const UNREGISTERED_CNPJ = '11222333000181';

const KEY_LABEL = 'Chave de acesso (44 números)';
const FILES_LABEL = 'Arquivos da nota (foto, PDF ou XML)';

/** A member sends one invoice from /minhas-nfs, as on their phone; returns its id. */
async function send(page: Page, key: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(KEY_LABEL).fill(key);
  await page.getByLabel(FILES_LABEL).setInputFiles(file);
  await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nota enviada' })).toBeVisible();
  const card = page.locator('article.invoice-card', { hasText: masked(key) });
  return (await card.getAttribute('id'))!.replace('nf-', '');
}

async function memberPage(browser: Browser, member: InvoiceMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithStorage(page, member.email);
  await page.goto('/minhas-nfs');
  await expect(page.getByRole('heading', { name: 'Minhas notas fiscais', level: 1 })).toBeVisible();
  return page;
}

const review = (page: Page, id: string) => page.goto(`/painel/notas/revisar?id=${id}`);

test.describe('revisão de notas no painel @painel', () => {
  test('a reviewer sees the photo, approves it with points the member reads in the extract, and holds it against a second reviewer', async ({
    page,
    browser,
  }) => {
    test.setTimeout(measuredTimeout(66.5));
    const nilo = await createInvoiceMember();
    const other = await createInvoiceMember();
    const niloPage = await memberPage(browser, nilo);
    const photoId = await send(niloPage, freshKey(), { name: 'nota.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
    const otherPage = await memberPage(browser, other);
    const copyId = await send(otherPage, freshKey(), { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
    const pdfId = await send(otherPage, freshKey(), {
      name: 'danfe.pdf',
      mimeType: 'application/pdf',
      buffer: demoDanfePdf(['DANFE - teste do painel']),
    });
    const xmlKey = freshKey(UNREGISTERED_CNPJ);
    const xmlId = await send(otherPage, xmlKey, nfeXmlFile(xmlKey, other.cpf, '312.40'));

    // The queue, oldest first: the reviewer opens the photo from its row. The server runs as in production, where the
    // demo reviewer's secrets are not the README's: the reviewer is made at the terminal, as a club makes its own.
    const rafael = await staffFromTerminal(page, 'Rafael Revisor', ['revisor']);
    await page
      .getByRole('navigation', { name: 'Seções do painel' })
      .getByRole('link', { name: 'Notas fiscais' })
      .click();
    await expect(page.getByRole('heading', { name: 'Notas fiscais', level: 1 })).toBeVisible();
    // A work list: rows short enough that 15 or more fit one 1280×800 screen under the table's head.
    const rows = page.locator('.invoice-queue__table tbody tr');
    await expect(rows.nth(3)).toBeVisible();
    const head = (await page.locator('.invoice-queue__table thead').boundingBox())!;
    const count = await rows.count();
    const last = (await rows.nth(count - 1).boundingBox())!;
    const rowHeight = (last.y + last.height - (head.y + head.height)) / count;
    expect(head.height + 15 * rowHeight).toBeLessThanOrEqual(800);
    await page.screenshot({ path: test.info().outputPath('fila-1280.png') });
    await page.getByLabel('XML').selectOption('nao');
    // The suite's other members keep the queue longer than a page: the reviewer looks this member up.
    await page.getByLabel('Buscar').fill(nilo.email);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const photoRow = page.getByRole('row', { name: new RegExp(`Nota #${photoId}\\b`) });
    await expect(photoRow).toContainText('Foto');
    // Identical files: the original names its copy, linked.
    await expect(photoRow.getByRole('link', { name: `nota #${copyId}` })).toBeVisible();
    await expect(photoRow).toContainText('Original; cópia na');
    await expect(page.getByText('1 nota com estes filtros')).toBeVisible();
    // The same list, with its filters, as a file for a spreadsheet.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^notas-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = readFileSync(await file.path(), 'utf8')
      .split('\r\n')
      .filter(Boolean);
    expect(exported).toHaveLength(2);
    expect(exported[1]).toMatch(new RegExp(`^${photoId};.*;Foto;`));
    await page.getByRole('button', { name: /^Enviada em/ }).click();
    await expect(page.getByRole('columnheader', { name: /^Enviada em/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=NEWEST/);
    await expectNoAxeViolations(page);
    // Back from an invoice finds the list as it was left.
    await page.getByRole('link', { name: `Nota #${photoId}`, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Nota #${photoId}`, level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel('Buscar')).toHaveValue(nilo.email);
    await expect(page.getByText('1 nota com estes filtros')).toBeVisible();
    await page.getByRole('link', { name: `Nota #${photoId}`, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Nota #${photoId}`, level: 1 })).toBeVisible();
    const photo = page.getByRole('img', { name: `Foto da nota #${photoId}` });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(photo).toHaveAttribute('src', /^\/painel\/arquivos\/nota-\d+\?k=\d+&e=\d+&s=/);
    await expect(
      page.getByText(
        `O mesmo arquivo (bytes idênticos) foi enviado depois por outro membro na nota #${copyId}: esta é a original.`,
      ),
    ).toBeVisible();
    await expect(page.getByText(nilo.cpf)).toHaveCount(0);
    await expect(page.getByText(`***.${nilo.cpf.slice(3, 6)}.***-${nilo.cpf.slice(-2)}`)).toBeVisible();
    // The viewer's zoom and rotation, measured on screen with the photo's own shape (the member app's gallery styles
    // once overrode them: the label said 400 % and the picture stayed put, drawn too wide).
    const shape = async () => {
      const box = (await photo.boundingBox())!;
      return { width: box.width, ratio: box.width / box.height };
    };
    const natural = await photo.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight);
    const fitted = await shape();
    expect(fitted.ratio).toBeCloseTo(natural, 2);
    await page.screenshot({ path: test.info().outputPath('foto-100.png') });
    await page.getByRole('button', { name: 'Aproximar' }).click();
    await expect(page.getByText('150%')).toBeVisible();
    const zoomed = await shape();
    expect(zoomed.width / fitted.width).toBeCloseTo(1.5, 2);
    expect(zoomed.ratio).toBeCloseTo(natural, 2);
    await page.getByRole('button', { name: 'Girar para a direita' }).click();
    await expect.poll(async () => (await shape()).ratio).toBeCloseTo(1 / natural, 2);
    await page.screenshot({ path: test.info().outputPath('foto-150-girada.png') });
    await page.getByRole('button', { name: 'Girar para a esquerda' }).click();
    await expect.poll(async () => (await shape()).ratio).toBeCloseTo(natural, 2);
    await page.keyboard.press(']');
    await expect(page.getByText('Atalhos do teclado')).toBeVisible();
    await expectNoAxeViolations(page);

    // A second reviewer reads who has it and cannot act on it.
    const sofia = await page.context().newPage();
    await staffFromTerminal(sofia, 'Sofia Revisora', ['revisor']);
    await review(sofia, photoId);
    await expect(sofia.getByText('Rafael Revisor está analisando esta nota', { exact: false })).toBeVisible();
    await expect(sofia.getByRole('button', { name: 'Aprovar' })).toBeDisabled();
    // Only an admin may take it over.
    await expect(sofia.getByRole('button', { name: 'Assumir esta nota' })).toHaveCount(0);
    await expectNoAxeViolations(sofia);

    // The same photo sent by another member is a flag: "Aprovar" asks first, naming the member, points and flags. A
    // photo has no items to read: the reviewer keys its line of the brand, and the rules give the points.
    await keyLine(page, { gtin: MDF_GTIN, quantity: '1', value: '150,00' });
    await expect(page.getByText('Total: 150 pontos')).toBeVisible();
    await page.getByRole('button', { name: 'Aprovar' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Confirmar a aprovação' });
    await expect(confirmation).toContainText(nilo.name);
    await expect(confirmation).toContainText('150');
    await expect(confirmation).toContainText(
      `O mesmo arquivo (bytes idênticos) foi enviado depois por outro membro na nota #${copyId}`,
    );
    await expectNoAxeViolations(page);
    // Esc goes back without approving; then the keyboard alone confirms it.
    await page.keyboard.press('Escape');
    await expect(confirmation).toBeHidden();
    await page.getByRole('button', { name: 'Aprovar' }).press('Enter');
    await expect(confirmation).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(confirmation.getByRole('button', { name: 'Confirmar a aprovação' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: `Nota #${photoId} aprovada com 150 pontos.` }),
    ).toBeVisible();

    await niloPage.goto('/historico');
    await expect(niloPage.getByRole('heading', { name: 'Extrato de pontos', level: 1 })).toBeVisible();
    await expect(niloPage.locator('.extract-balance__value')).toHaveText('150 pontos');

    // A PDF in the page, by its signed link; an XML as the table of its fields.
    await review(page, pdfId);
    const pdf = page.locator(`iframe[title^="PDF da nota #${pdfId}"]`);
    await expect(pdf).toBeVisible();
    const pdfAnswer = await page.request.get((await pdf.getAttribute('src'))!);
    expect(pdfAnswer.headers()['content-type']).toBe('application/pdf');
    expect(pdfAnswer.headers()['content-disposition']).toMatch(/^inline;/);
    await expectNoAxeViolations(page);

    await review(page, xmlId);
    await expect(page.getByRole('heading', { name: 'Dados do XML' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Itens da nota' })).toBeVisible();
    await expect(page.getByText(`***.${other.cpf.slice(3, 6)}.***-${other.cpf.slice(-2)}`).first()).toBeVisible();
    await expect(page.getByText(/R\$\s312,40/).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await expectAudited(browser, rafael, ['Nota reservada para análise', 'Nota aprovada']);

    // A tablet: the queue's filters fold under "Filtros", with how many are on, and the list shows first.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/painel/notas?status=all&hasXml=nao&search=${encodeURIComponent(nilo.email)}`);
    await expect(page.getByText('Filtros · 3 ativos')).toBeVisible();
    await expect(page.getByLabel('Buscar')).toBeHidden();
    // Decided invoices are found too, with who decided.
    await expect(page.getByRole('row', { name: new RegExp(`Nota #${photoId}\\b`) })).toContainText(
      'Aprovada por Rafael Revisor',
    );
    await page.screenshot({ path: test.info().outputPath('fila-1024.png') });
    await page.getByText('Filtros · 3 ativos').click();
    await expect(page.getByLabel('Buscar')).toHaveValue(nilo.email);
    await expectNoAxeViolations(page);
  });

  test('an approval above the four-eyes threshold waits for another account, which credits it; a reviewer reverses an approval with a reason', async ({
    page,
    browser,
  }) => {
    test.setTimeout(measuredTimeout(40));
    const nina = await createInvoiceMember();
    const ninaPage = await memberPage(browser, nina);
    const bigId = await send(ninaPage, freshKey(), { name: 'nota.jpg', mimeType: 'image/jpeg', buffer: PHOTO_B });
    const smallId = await send(ninaPage, freshKey(), { name: 'nota.jpg', mimeType: 'image/jpeg', buffer: PHOTO_C });

    await staffFromTerminal(page, 'Rafael Revisor', ['revisor']);
    await review(page, bigId);
    await keyLine(page, { gtin: MDF_GTIN, quantity: '40', value: '12.000,00' });
    await expect(page.getByText('Total: 12.000 pontos')).toBeVisible();
    await page.getByRole('button', { name: 'Aprovar' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Confirmar a aprovação' });
    await expect(confirmation).toContainText('nenhum ponto é creditado até outra pessoa da equipe confirmar');
    await confirmation.getByRole('button', { name: 'Pedir a aprovação' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Nota #${bigId}: aprovação pedida com 12.000 pontos.` }),
    ).toBeVisible();
    await expect(page.getByText('Outra pessoa da equipe precisa confirmar: quem pediu não confirma.')).toBeVisible();

    // Another reviewer finds it on the home and credits it.
    const sofia = await page.context().newPage();
    await staffFromTerminal(sofia, 'Sofia Revisora', ['revisor']);
    const waiting = sofia.getByRole('region', { name: 'Aprovações esperando a segunda pessoa' });
    await expect(waiting).toContainText('pedida por Rafael Revisor');
    await expectNoAxeViolations(sofia);
    await waiting.getByRole('link', { name: `Nota #${bigId}` }).click();
    await sofia.getByRole('button', { name: 'Confirmar a aprovação de 12.000 pontos' }).click();
    await expect(
      sofia
        .getByRole('status')
        .filter({ hasText: `Nota #${bigId} aprovada com 12.000 pontos, pedidos por Rafael Revisor.` }),
    ).toBeVisible();
    await sofia.goto('/painel');
    await expect(sofia.getByRole('region', { name: 'Créditos grandes dos últimos 7 dias' })).toContainText(
      `Nota #${bigId}`,
    );

    // A small approval reversed: a debit, the invoice refused, the member told.
    await review(page, smallId);
    await keyLine(page, { gtin: MDF_GTIN, quantity: '1', value: '40,00' });
    await expect(page.getByText('Total: 40 pontos')).toBeVisible();
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Nota #${smallId} aprovada com 40 pontos.` }),
    ).toBeVisible();
    await page.getByLabel('Motivo do estorno (o membro lerá)').fill('Compra devolvida à loja');
    await page.getByRole('button', { name: 'Estornar a aprovação' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Aprovação da nota #${smallId} estornada` })).toBeVisible();
    await expectNoAxeViolations(page);
    await ninaPage.goto('/historico');
    await expect(ninaPage.locator('.extract-balance__value')).toHaveText('12.000 pontos');
  });
});
