import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { createDatabase } from '../server/db/database';
import { appendEntries } from '../server/modules/points';
import { findUserByCpf } from '../server/modules/users';
import { dataDir } from './club-cli';
import { expect, expectNoAxeViolations, graphql, loginTokens, signInWithStorage, test } from './fixtures';
import { createInvoiceMember, type InvoiceMember } from './invoices-helpers';
import { expectAudited, staffFromTerminal } from './painel-helpers';
import { redeem } from './rewards-helpers';

/**
 * A fresh member with points (straight in the test server's database, like the invoice specs' members), so the demo
 * member's orders and her one partner transfer a day stay the other specs'.
 */
async function memberWithPoints(points: number): Promise<InvoiceMember> {
  const member = await createInvoiceMember();
  const db = createDatabase({ file: join(dataDir(), 'club.sqlite') });
  try {
    const { id } = (await findUserByCpf(db, member.cpf))!;
    await appendEntries(db, id, [{ userId: id, kind: 'credit', points, description: 'Crédito de teste' }], new Date());
  } finally {
    await db.destroy();
  }
  return member;
}

/** The member's own browser, signed in. */
async function memberDesk(browser: Browser, member: InvoiceMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithStorage(page, member.email);
  return page;
}

/** Links an account and asks for a 1.000-point transfer through the API, as the member's page does. */
async function partnerTransfer(page: Page, member: InvoiceMember): Promise<string> {
  const { token } = await loginTokens(page.request, member.email);
  await graphql(page.request, 'mutation { linkPointsPartner(accountId: "87654321") { linkedAccount } }', {}, token);
  const sent = await graphql<{ transferToPointsPartner: { id: string } }>(
    page.request,
    'mutation ($input: PartnerTransferInput!) { transferToPointsPartner(input: $input) { id } }',
    { input: { points: 1000, idempotencyKey: randomUUID() } },
    token,
  );
  expect(sent.errors).toBeUndefined();
  return sent.data!.transferToPointsPartner.id;
}

test.describe('prêmios no painel @painel', () => {
  test('a premios person made at the terminal separates and ships a member’s reward with a tracking code the member reads, loads codes, and confirms a partner transfer the member then reads as Concluída', async ({
    page,
    browser,
  }) => {
    test.slow();
    const member = await memberWithPoints(20_000);
    const desk = await memberDesk(browser, member);
    const orderId = await redeem(desk, 'grampos-sargento-4');
    const transferId = await partnerTransfer(desk, member);

    const paula = await staffFromTerminal(page, 'Paula Prêmios', ['premios']);
    await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: 'Prêmios' }).click();
    await expect(page.getByRole('heading', { name: 'Resgates de prêmios', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: `Resgate nº ${orderId}` });
    await expect(row).toContainText('Solicitado');
    await expect(row).toContainText('Curitiba/PR');
    await expect(row).toContainText(/CPF \*\*\*\.\d{3}\.\*\*\*-\d{2}/);
    await expectNoAxeViolations(page);
    // The open orders as a file for the day's packing: this one with its city, and no CPF.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const exported = readFileSync(await (await download).path(), 'utf8');
    expect(exported).toMatch(new RegExp(`\r\n${orderId};[^\r]*;Curitiba;PR;Solicitado;`));
    expect(exported).not.toContain(member.cpf);

    await row.getByRole('link', { name: `Resgate nº ${orderId}` }).click();
    await expect(page.getByRole('heading', { name: `Resgate nº ${orderId}`, level: 1 })).toBeVisible();
    await expect(page.locator('address')).toContainText('Rua XV de Novembro, 10');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Separar' }).click();
    await expect(page.getByRole('status')).toHaveText(`Resgate nº ${orderId} em separação. O membro foi avisado.`);

    // A tracking code the carrier would never print: refused in pt-BR, nothing shipped.
    await page.getByLabel('Código de rastreio').fill('QB 12');
    await page.getByRole('button', { name: 'Marcar como enviado' }).click();
    await expect(page.locator('.alert--error')).toHaveText(
      'Código de rastreio inválido: de 4 a 40 letras, números ou hífens.',
    );
    await expectNoAxeViolations(page);
    await page.getByLabel('Código de rastreio').fill('QB987654321BR');
    await page.getByRole('button', { name: 'Marcar como enviado' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Resgate nº ${orderId} enviado: Correios · QB987654321BR. O membro foi avisado.`,
    );
    const timeline = page.getByRole('region', { name: 'Linha do tempo' });
    await expect(timeline).toContainText('Enviado');
    await expect(timeline).toContainText('Paula Prêmios');
    // After each step, the next order is a click away; the packing slip alone prints, on an A6 label.
    await expect(page.getByRole('button', { name: 'Próximo pedido' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    const slip = page.getByRole('region', { name: 'Etiqueta de envio' });
    await expect(slip).toBeVisible();
    await expect(slip).toContainText('Rua XV de Novembro, 10');
    await expect(slip).toContainText(`Resgate nº ${orderId}`);
    await expect(page.getByRole('heading', { name: `Resgate nº ${orderId}`, level: 1 })).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('etiqueta-a6.png') });
    await page.emulateMedia({ media: 'screen' });
    await expect(slip).toBeHidden();

    // A code typed wrong is corrected after shipping, from the code it was shipped with; the member is told.
    const correction = page.getByRole('form', { name: 'Corrigir o rastreio' });
    await expect(correction.getByLabel('Código de rastreio')).toHaveValue('QB987654321BR');
    await correction.getByLabel('Código de rastreio').fill('QB987654322BR');
    await correction.getByRole('button', { name: 'Salvar o novo código' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Rastreio do resgate nº ${orderId} corrigido: Correios · QB987654322BR. O membro foi avisado.`,
    );
    await expect(timeline).toContainText('Rastreio corrigido: Correios · QB987654322BR');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('rastreio-corrigido.png'), fullPage: true });

    // The member, at their own desk, reads the tracking code.
    await desk.goto('/meus-resgates');
    const order = desk.getByRole('article').filter({ hasText: `Pedido nº ${orderId} ` });
    await expect(order.locator('.status-badge')).toContainText('Enviado');
    await expect(order).toContainText('Correios · código de rastreio QB987654322BR');

    // Codes pasted into a voucher's pool.
    await page.getByRole('link', { name: '← Fila de resgates' }).click();
    await page
      .getByRole('navigation', { name: 'Páginas de prêmios' })
      .getByRole('link', { name: 'Estoque e códigos' })
      .click();
    await expect(page.getByRole('heading', { name: 'Estoque e códigos', level: 1 })).toBeVisible();
    const codes = page.getByRole('form', { name: 'Códigos de vales e cursos' });
    await codes.getByLabel('Prêmio').selectOption('vale-compra-500');
    const stamp = Date.now().toString(36).toUpperCase();
    await codes.getByLabel('Códigos', { exact: true }).fill(`E2E-${stamp}-1\nE2E-${stamp}-2`);
    await codes.getByRole('button', { name: 'Adicionar códigos' }).click();
    await expect(codes.getByRole('status')).toContainText('2 códigos novos');
    await expectNoAxeViolations(page);

    // The partner's answer, given from the painel.
    await page
      .getByRole('navigation', { name: 'Páginas de prêmios' })
      .getByRole('link', { name: 'Transferências ao parceiro' })
      .click();
    await expect(
      page.getByRole('heading', {
        name: 'Transferências ao parceiro',
        level: 1,
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page
      .getByRole('button', {
        name: `Confirmar a transferência nº ${transferId}`,
      })
      .click();
    // The confirmation keeps the partner's reference of the credit: asked for, and refused beside its field if bad.
    await expect(page.getByRole('heading', { name: `Confirmar a transferência nº ${transferId}` })).toBeVisible();
    const reference = page.getByRole('textbox', { name: 'Referência no parceiro' });
    await expect(reference).toBeFocused();
    await page.getByRole('button', { name: 'Confirmar a transferência', exact: true }).click();
    await expect(reference).toHaveAccessibleDescription(/Informe a referência que o parceiro deu ao crédito/);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('confirmar-transferencia.png'), fullPage: true });
    await reference.fill('PTS-2026/0042');
    await page.getByRole('button', { name: 'Confirmar a transferência', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Transferência nº ${transferId} concluída (referência PTS-2026/0042).`,
    );
    await desk.goto('/premios/transferir');
    const transfer = desk.getByRole('article').filter({ hasText: `Transferência nº ${transferId}` });
    await expect(transfer.locator('.status-badge')).toContainText('Concluída');
    await expectAudited(browser, paula, [
      'Resgate em separação',
      'Resgate enviado',
      'Rastreio de resgate corrigido',
      'Códigos de prêmio carregados',
      'Transferência ao parceiro confirmada',
    ]);
  });
});
