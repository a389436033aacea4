import { expect, expectNoAxeViolations, signInWithStorage, test } from './fixtures';
import { createInvoiceMember, freshKey, masked, nfeXmlFile } from './invoices-helpers';

test.describe('points for the brand’s products only', () => {
  test('a signed XML with two lines of the brand and one of a competitor earns only for the brand’s lines', async ({
    page,
  }, testInfo) => {
    const member = await createInvoiceMember();
    await signInWithStorage(page, member.email);
    await page.goto('/minhas-nfs');
    await expect(page.getByRole('heading', { name: 'Minhas notas fiscais', level: 1 })).toBeVisible();
    const key = freshKey();
    await page.getByLabel('Arquivos da nota (foto, PDF ou XML)').setInputFiles(
      nfeXmlFile(key, member.cpf, '6295.49', [
        {
          description: 'Chapa MDF Branco TX 18 mm',
          quantity: '2.0000',
          unit: 'UN',
          total: '1234.50',
          gtin: '7893216101004',
        },
        {
          description: 'Fita de borda PVC Branco TX 22 mm',
          quantity: '3.0000',
          unit: 'RL',
          total: '60.99',
          gtin: '7893216102056',
        },
        { description: 'Tinta acrílica 18 L', quantity: '1.0000', unit: 'GL', total: '5000.00', gtin: 'SEM GTIN' },
      ]),
    );
    await page.getByRole('button', { name: 'Enviar nota fiscal' }).click();
    // 1.234 of the MDF and 60 of the edge bands (the fita campaign of the demo doubles them: +60); the paint, nothing.
    await expect(
      page.getByRole('status').filter({ hasText: /Nota enviada e aprovada: 1\.354 pontos creditados\./ }),
    ).toBeVisible();
    const card = page.locator('article.invoice-card', { hasText: masked(key) });
    await card.locator('summary').click();
    await expect(card.getByText('Chapa MDF Branco TX 18 mm · 2 un · R$ 1.234,50 · 1.234 pontos')).toBeVisible();
    await expect(card.getByText('Fita de borda PVC Branco TX 22 mm · 3 rl · R$ 60,99 · 120 pontos')).toBeVisible();
    await expect(card.getByText('Tinta acrílica 18 L · 1 gl · R$ 5.000,00 · não participa do clube')).toBeVisible();
    await expect(card.getByText('Fitas de borda em dobro: +60 pontos')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('nota-itens-e-pontos.png'), fullPage: true });
  });

  test('"Como ganhar pontos" lists the lines’ rates and the running campaign, from the extract', async ({
    memberPage: page,
  }, testInfo) => {
    await page.goto('/historico');
    await page.getByRole('link', { name: 'Como ganhar pontos' }).click();
    await expect(page.getByRole('heading', { name: 'Como ganhar pontos', level: 1 })).toBeVisible();
    await expect(page.getByText('Chapas de MDF: 1 ponto a cada R$ 1')).toBeVisible();
    await expect(
      page.getByText(
        /Fitas de borda em dobro: pontos em dobro em Fitas de borda, para compras até \d{2}\/\d{2}\/\d{4}\./,
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath('como-ganhar-pontos.png'), fullPage: true });
  });
});
