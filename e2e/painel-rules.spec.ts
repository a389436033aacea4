import { createInvoiceMember, freshKey, masked, nfeXmlFile } from './invoices-helpers';
import { expect, expectNoAxeViolations, signInWithStorage, test } from './fixtures';
import { expectAudited, staffFromTerminal } from './painel-helpers';

/** The São Paulo day of today, AAAA-MM-DD, as the date field takes it. */
const today = () => new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);

test.describe('regras de pontos no painel @painel', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a campanhas person creates a campaign doubling MDF in one state with a small budget after its estimated cost; it gives its bonus in that state only and stops at its budget; a pasted XML is simulated, the campaign ended, the catalogue read', async ({
    page,
    browser,
  }) => {
    test.slow();
    const carla = await staffFromTerminal(page, 'Carla Campanhas', ['campanhas']);
    await page
      .getByRole('navigation', { name: 'Seções do painel' })
      .getByRole('link', { name: 'Regras de pontos' })
      .click();
    await expect(page.getByRole('heading', { name: 'Regras de pontos', level: 1 })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'base-mdf v1' })).toContainText('Em vigor');
    await expectNoAxeViolations(page);

    // A new campaign: MDF in double in Paraná only, with a small budget, its cost read before it is saved.
    const name = `MDF em dobro PR ${Date.now()}`;
    const form = page.getByRole('region', { name: 'Nova campanha' });
    await form.getByLabel('Nome da campanha').fill(name);
    await form.getByLabel('Tipo').selectOption('multiplier');
    await form.getByLabel('Percentual').fill('200');
    await form.getByLabel('Chapas de MDF (mdf)').check();
    await form.getByLabel('Estados (UF, opcional)').fill('PR');
    await form.getByLabel('Primeiro dia').fill(today());
    await form.getByLabel('Orçamento (pontos, opcional)').fill('500');
    await form.getByRole('button', { name: 'Calcular custo estimado' }).click();
    await expect(form.getByRole('status')).toContainText(/Custo estimado: [\d.]+ pontos/);
    await expect(form.getByRole('status')).toContainText(/notas aprovadas de \d{4}-\d{2}-\d{2} a/);
    await form.getByRole('button', { name: 'Criar campanha' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Campanha ${name} criada` })).toBeFocused();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Em dobro (200%)');
    await expect(row).toContainText('Linhas: mdf · Estados: PR');
    await expect(row).toContainText('0 usado de 500');
    await page.screenshot({ path: test.info().outputPath('regras-1280.png'), fullPage: true });

    // The campaign at work, on a member's phone: R$ 300 of MDF bought today at a Paraná store earns 300 and 300 more in
    // double; the same at a São Paulo store earns the base only; a second one in Paraná finds 200 left of the budget,
    // short of its 300, and earns the base only (a budget gives a purchase its whole bonus or nothing).
    const member = await createInvoiceMember();
    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signInWithStorage(phone, member.email);
    await phone.goto('/minhas-nfs');
    await expect(phone.getByRole('heading', { name: 'Minhas notas fiscais', level: 1 })).toBeVisible();
    const mdf = [
      {
        description: 'Chapa MDF Branco TX 18 mm',
        quantity: '1.0000',
        unit: 'CH',
        total: '300.00',
        gtin: '7893216101004',
      },
    ];
    for (const [uf, points, bonus] of [
      ['41', 600, true],
      ['35', 300, false],
      ['41', 300, false],
    ] as const) {
      const key = freshKey(undefined, uf);
      await phone
        .getByLabel('Arquivos da nota (foto, PDF ou XML)')
        .setInputFiles(nfeXmlFile(key, member.cpf, '300.00', mdf, 60_000));
      await phone.getByRole('button', { name: 'Enviar nota fiscal' }).click();
      const card = phone.locator('article.invoice-card', { hasText: masked(key) });
      await expect(card).toBeVisible();
      await expect(
        phone.getByRole('status').filter({ hasText: `Nota enviada e aprovada: ${points} pontos creditados.` }),
      ).toBeVisible();
      await card.locator('summary').click();
      await expect(card.getByText(`${name}: +300 pontos`)).toHaveCount(bonus ? 1 : 0);
    }
    await phone.context().close();
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('300 usado de 500');

    // A pasted XML of a São Paulo store: the MDF earns its base, the other item does not take part.
    const sim = page.getByRole('region', { name: 'Simular uma nota' });
    const xml = nfeXmlFile(freshKey(), '52998224725', '1734.50', [
      {
        description: 'Chapa MDF Branco TX 18 mm',
        quantity: '2.0000',
        unit: 'CH',
        total: '1234.50',
        gtin: '7893216101004',
      },
      { description: 'Tinta acrílica (outra marca)', quantity: '1.0000', unit: 'GL', total: '500.00' },
    ]).buffer.toString('utf8');
    await sim.getByLabel('XML da NF-e').fill(xml);
    await sim.getByRole('button', { name: 'Simular' }).click();
    const items = sim.getByRole('table', { name: 'Itens da nota simulada' });
    await expect(items.getByRole('row').filter({ hasText: 'Chapa MDF Branco TX 18 mm' })).toContainText('base-mdf v1');
    await expect(items.getByRole('row').filter({ hasText: 'Tinta acrílica' })).toContainText('não participa do clube');

    // Encerrar asks first; the campaign then reads as ending today.
    await row.getByRole('button', { name: `Encerrar ${name}` }).click();
    await row
      .getByRole('group', { name: `Encerrar ${name}` })
      .getByRole('button', { name: 'Sim, encerrar' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: `Campanha ${name} encerrada` })).toBeFocused();
    await expect(row.getByRole('button', { name: `Encerrar ${name}` })).toBeHidden();

    // The catalogue, searched.
    await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: 'Produtos' }).click();
    await expect(page.getByRole('heading', { name: 'Produtos da marca', level: 1 })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: '7893216101004' })).toContainText('Chapas de MDF');
    await page.getByLabel('Buscar produto').fill('fita');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('row').filter({ hasText: '7893216101004' })).toHaveCount(0);
    await expect(page.getByLabel('Arquivo CSV do catálogo')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('produtos-1280.png') });
    await expectNoAxeViolations(page);

    await expectAudited(browser, carla, ['Regra de pontos criada', 'Regra de pontos encerrada']);
  });
});
