import { expect, expectNoAxeViolations, loginTokens, measuredTimeout, signInWithStorage, test } from './fixtures';
import { createInvoiceMember, freshKey, JPEG, masked, nfeXmlFile, reviewCli, sendPhotoByApi } from './invoices-helpers';
import type { Page } from '@playwright/test';

const KEY_LABEL = 'Chave de acesso (44 números)';
const FILES_LABEL = 'Arquivos da nota (foto, PDF ou XML)';

async function openInvoices(page: Page) {
  const member = await createInvoiceMember();
  await signInWithStorage(page, member.email);
  await page.goto('/minhas-nfs');
  await expect(page.getByRole('heading', { name: 'Minhas notas fiscais', level: 1 })).toBeVisible();
  return member;
}

async function sendPhoto(page: Page, key: string) {
  await page.getByLabel(KEY_LABEL).fill(key);
  await page.getByLabel(FILES_LABEL).setInputFiles({ name: 'nota.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nota enviada!' })).toBeVisible();
}

const invoiceIdOf = async (page: Page, key: string) => {
  const card = page.locator('article.invoice-card', { hasText: masked(key) });
  return (await card.getAttribute('id'))!.replace('nf-', '');
};

test.describe('invoices and points', () => {
  test('a photo with a typed key goes "Em análise", is approved in the terminal, and the points show in the extract', async ({
    page,
  }) => {
    test.setTimeout(measuredTimeout(21.2));
    await openInvoices(page);
    const key = freshKey();
    await page.getByLabel(KEY_LABEL).pressSequentially(key.slice(0, 10));
    await expect(page.getByLabel(KEY_LABEL)).toHaveValue(masked(key.slice(0, 10)));
    await page.getByLabel(KEY_LABEL).fill(key);
    await expect(page.getByLabel(KEY_LABEL)).toHaveValue(masked(key));
    // The whole key is in view on the phone, its 11 groups wrapped onto two lines, to compare with the paper.
    const shown = await page.getByLabel(KEY_LABEL).evaluate((field) => {
      const lineHeight = parseFloat(getComputedStyle(field).lineHeight);
      return {
        hidden: field.scrollHeight > field.clientHeight || field.scrollWidth > field.clientWidth,
        lines: Math.round((field.scrollHeight - parseFloat(getComputedStyle(field).paddingTop) * 2) / lineHeight),
      };
    });
    expect(shown).toEqual({ hidden: false, lines: 2 });
    const details = page.getByRole('definition');
    await expect(page.getByText('CNPJ do emitente')).toBeVisible();
    await expect(details.filter({ hasText: '58.716.523/0001-19' })).toBeVisible();
    await expect(details.filter({ hasText: '11/2026' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Envie a nota pelo WhatsApp do clube' })).toBeVisible();

    await sendPhoto(page, key);
    const card = page.locator('article.invoice-card', { hasText: masked(key) });
    // A compact row: the partner store's name (known by its CNPJ even for a photo), the date and the status.
    const row = card.locator('summary');
    await expect(row).toContainText('Madeireira Paulista');
    await expect(card.locator('.status-badge')).toHaveText('Em análise');
    await expect(card.getByRole('heading', { name: /nº/ })).toBeHidden();
    await row.click();
    await expect(card.getByRole('link', { name: 'Abrir nota.jpg' })).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Andamento' })).toBeVisible();

    const id = await invoiceIdOf(page, key);
    expect(reviewCli('list')).toContain(`#${id}`);
    expect(reviewCli('approve', id, '--points', '150')).toContain('150 pontos creditados');
    await page.reload();
    await expect(card.locator('.status-badge')).toHaveText('Aprovada');
    await expect(card.getByText('+150 pontos')).toBeVisible();
    await expect(card.locator('details')).not.toHaveAttribute('open');

    await page.goto('/historico');
    await expect(page.getByRole('heading', { name: 'Extrato de pontos', level: 1 })).toBeVisible();
    await expect(page.locator('.extract-balance__value')).toHaveText('150 pontos');
    await expect(page.getByText(/NF-e nº \d+ aprovada/)).toBeVisible();
    await expect(page.getByText('+150')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver nota' })).toHaveAttribute('href', `/minhas-nfs#nf-${id}`);
    // The extract's link opens that invoice's row.
    await page.getByRole('link', { name: 'Ver nota' }).click();
    await expect(card.getByRole('link', { name: 'Abrir nota.jpg' })).toBeVisible();

    await page.goto('/');
    await expect(page.locator('.points-balance__value')).toHaveText('150 pontos');
  });

  test('an NF-e XML fills the key by itself and is approved automatically', async ({ page }) => {
    const member = await openInvoices(page);
    const key = freshKey();
    await page.getByLabel(FILES_LABEL).setInputFiles(nfeXmlFile(key, member.cpf, '180.00'));
    await expect(page.getByLabel(KEY_LABEL)).toHaveValue(masked(key));
    await expect(page.getByText('Preenchida pelo XML da nota.')).toBeVisible();
    await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Nota enviada e aprovada: 180 pontos creditados.' }),
    ).toBeVisible();
    await expect(page.locator('article.invoice-card', { hasText: masked(key) }).locator('.status-badge')).toHaveText(
      'Aprovada',
    );
  });

  test('bad keys and bad files are refused in pt-BR and nothing is lost from the form', async ({ page }) => {
    await openInvoices(page);
    const key = freshKey();
    const wrong = key.slice(0, 43) + String((Number(key[43]) + 1) % 10);
    await page.getByLabel(KEY_LABEL).fill(wrong);
    await expect(
      page.getByText('Chave de acesso inválida: o dígito verificador não confere. Confira os números.'),
    ).toBeVisible();
    await expect(page.getByLabel(KEY_LABEL)).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel(KEY_LABEL).fill(key);
    const files = page.getByLabel(FILES_LABEL);
    await files.setInputFiles({ name: 'boa.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await files.setInputFiles({
      name: 'grande.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.concat([JPEG, Buffer.alloc(11 * 1024 * 1024)]),
    });
    await expect(
      page.getByText('O arquivo "grande.jpg" tem mais de 10 MB. Envie uma foto menor ou um PDF mais leve.'),
    ).toBeVisible();
    await files.setInputFiles({
      name: 'nota.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<!DOCTYPE html><html><body>oi</body></html>'),
    });
    await expect(
      page.getByText(
        'O arquivo "nota.pdf" não é uma foto (JPEG, PNG ou HEIC), um PDF ou o XML da NF-e. Escolha outro arquivo.',
      ),
    ).toBeVisible();
    await files.setInputFiles(
      Array.from({ length: 5 }, (_, i) => ({ name: `f${i}.jpg`, mimeType: 'image/jpeg', buffer: JPEG })),
    );
    await expect(page.getByText('Envie no máximo 5 arquivos por nota fiscal.')).toBeVisible();
    const chosen = page.getByRole('list', { name: 'Arquivos escolhidos' }).getByRole('listitem');
    await expect(chosen).toHaveCount(5);
    await expect(chosen.first()).toContainText('boa.jpg');
    await expect(page.getByLabel(KEY_LABEL)).toHaveValue(masked(key));

    await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Nota enviada!' })).toBeVisible();

    // The same key again is refused at once, saying when it was sent.
    await page.getByLabel(KEY_LABEL).fill(key);
    await expect(page.getByText(/Você já enviou esta nota fiscal em \d{2}\/\d{2}\/\d{4}\./)).toBeVisible();
    await page.getByLabel(FILES_LABEL).setInputFiles({ name: 'outra.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
    await expect(page.getByText(/Você já enviou esta nota fiscal em/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Arquivos escolhidos' })).toContainText('outra.jpg');
  });

  test('a refused invoice shows its reason and can be sent again with a corrected file', async ({ page }) => {
    await openInvoices(page);
    const key = freshKey();
    await sendPhoto(page, key);
    const id = await invoiceIdOf(page, key);
    reviewCli('reject', id, '--reason', 'Foto ilegível: envie uma foto mais nítida.');
    await page.reload();
    const card = page.locator(`#nf-${id}`);
    await expect(card.locator('.status-badge')).toHaveText('Recusada');
    await expect(card.getByText('Motivo da recusa:')).toBeVisible();
    await expect(card.getByText('Foto ilegível: envie uma foto mais nítida.').first()).toBeVisible();
    await card
      .getByLabel('Arquivo corrigido', { exact: true })
      .setInputFiles({ name: 'nitida.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF') });
    await card.getByRole('button', { name: 'Reenviar nota' }).click();
    await expect(card.locator('.status-badge')).toHaveText('Em análise');
    await expect(card.getByRole('link', { name: 'Abrir nitida.pdf' })).toBeVisible();
    await expect(card.getByText('Reenviada com arquivo corrigido.')).toBeVisible();
  });

  test('the list shows the newest ten and "Ver notas mais antigas" brings the rest, oldest last', async ({ page }) => {
    const member = await createInvoiceMember();
    const { token } = await loginTokens(page.request, member.email);
    const keys: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const key = freshKey();
      keys.push(key);
      // Sent through the API as the app would, to keep the test about the list rather than the form.
      await sendPhotoByApi(page.request, { token }, JPEG, key);
    }
    await signInWithStorage(page, member.email);
    await page.goto('/minhas-nfs');
    const cards = page.locator('article.invoice-card');
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText(masked(keys[11]!));
    await page.getByRole('button', { name: 'Ver notas mais antigas' }).click();
    await expect(cards).toHaveCount(12);
    await expect(cards.last()).toContainText(masked(keys[0]!));
    await expect(page.getByRole('button', { name: 'Ver notas mais antigas' })).toHaveCount(0);
  });

  test('both screens pass axe with content on them @desktop', async ({ page }) => {
    test.setTimeout(measuredTimeout(25.0));
    const member = await openInvoices(page);
    const approvedKey = freshKey();
    await page.getByLabel(FILES_LABEL).setInputFiles(nfeXmlFile(approvedKey, member.cpf));
    await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Nota enviada e aprovada' })).toBeVisible();
    const key = freshKey();
    await sendPhoto(page, key);
    reviewCli('reject', await invoiceIdOf(page, key), '--reason', 'Nota de outra loja.');
    await page.reload();
    await expect(page.getByText('Motivo da recusa:')).toBeVisible();
    await page.getByLabel(KEY_LABEL).fill(freshKey());
    await expect(page.getByText('CNPJ do emitente')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/historico');
    await expect(page.locator('.extract-balance__value')).toHaveText('180 pontos');
    await expect(page.getByText('+180')).toBeVisible();
    // Each credit says when it expires, 12 months after it landed.
    await expect(page.getByText(/vence em \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
