import type { Page } from '@playwright/test';
import { demo } from './members';
import { expect, expectNoAxeViolations, signInWithStorage, test } from './fixtures';
import { clubCli } from './club-cli';

/** `npm run partner -- …`, as the operator answers for the partner. */
const partnerCli = (...args: string[]) => clubCli('partner', ...args);

/** "12.380 pontos" → 12380 (pt-BR thousands dot). */
const points = (text: string | null): number => Number((text ?? '').replace(/\D/g, ''));

/** The balance the page shows in its rules (other specs move Ana's balance too: it is read, never assumed). */
const shownBalance = async (page: Page) => points(await page.getByText(/^Seu saldo: /).textContent());

/** "amanhã, 23/11": the API's next São Paulo day, whichever day the run is. */
const NEXT_TRANSFER = /^Você poderá fazer outra transferência amanhã, \d{2}\/\d{2}\.$/;

/**
 * Simulates and confirms the smallest transfer; answers the transfer's number. The day's one transfer is made: the
 * answer says when the next can be and leads back to Prêmios, with no other simulation offered.
 */
async function transferMinimum(page: Page, balance: number): Promise<string> {
  await page.getByRole('textbox', { name: 'Pontos do clube a transferir' }).fill('1000');
  await page.getByRole('button', { name: 'Simular' }).click();
  await expect(page.getByRole('heading', { name: 'Simulação' })).toBeVisible();
  await expect(page.locator('dt:text-is("Saem do clube") + dd')).toHaveText('1.000 pontos');
  await expect(page.locator('dt:text-is("Entram no Programa Parceiro") + dd')).toHaveText('1.000 pontos');
  await expect(page.locator('dt:text-is("Conversão") + dd')).toHaveText(
    '1 ponto do clube = 1 ponto no Programa Parceiro',
  );
  await expect(page.locator('dt:text-is("Saldo depois") + dd')).toHaveText(
    `${(balance - 1000).toLocaleString('pt-BR')} pontos`,
  );
  await page.getByRole('button', { name: 'Confirmar transferência de 1.000 pontos' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Transferência solicitada' });
  await expect(done).toContainText(/Transferência nº \d+/);
  await expect(done.getByText(NEXT_TRANSFER)).toBeVisible();
  await expect(done.getByRole('link', { name: 'Voltar para Prêmios' })).toHaveAttribute('href', '/premios');
  await expect(done.getByRole('button', { name: 'Fazer outra simulação' })).toHaveCount(0);
  return /Transferência nº (\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '';
}

test.describe('transfer to the points partner', () => {
  test('Ana links her account, a refused transfer gives the points back, a confirmed one is Concluída and in the extract', async ({
    page,
  }) => {
    test.slow();
    await signInWithStorage(page, demo.email);
    await page.goto('/premios');
    await page.getByRole('link', { name: 'Transferir pontos' }).click();
    await expect(
      page.getByRole('heading', { name: 'Transferir pontos para o Programa Parceiro', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText(/^Conversão: /)).toHaveText(
      'Conversão: 1 ponto do clube = 1 ponto no Programa Parceiro',
    );
    await expect(page.getByText(/^Taxa/)).toHaveCount(0);
    await expectNoAxeViolations(page);

    const account = page.getByRole('textbox', { name: 'Número da conta no Programa Parceiro' });
    await account.fill('00000000');
    await page.getByRole('button', { name: 'Vincular conta' }).click();
    await expect(page.getByText('Não encontramos esta conta no programa parceiro. Confira o número.')).toBeVisible();
    await expectNoAxeViolations(page);
    await account.fill('12345678');
    await page.getByRole('button', { name: 'Vincular conta' }).click();
    await expect(page.getByText('Conta vinculada: 12345678')).toBeVisible();

    // Below the minimum: the API's message under the field, nothing simulated.
    await page.getByRole('textbox', { name: 'Pontos do clube a transferir' }).fill('950');
    await page.getByRole('button', { name: 'Simular' }).click();
    await expect(page.getByText('A transferência mínima é de 1.000 pontos.')).toBeVisible();
    await expectNoAxeViolations(page);

    const before = await shownBalance(page);
    const refusedId = await transferMinimum(page, before);
    await expectNoAxeViolations(page);
    const list = page.getByRole('list', { name: 'Transferências, da mais nova à mais antiga' });
    const refused = list.getByRole('article').filter({ hasText: `Transferência nº ${refusedId}` });
    await expect(refused.locator('.status-badge')).toContainText('Solicitada');

    partnerCli('refuse', refusedId, '--reason', 'Conta bloqueada no parceiro', '--by', 'e2e');
    await page.reload();
    await expect(refused.locator('.status-badge')).toContainText('Recusada');
    await expect(refused).toContainText('Motivo: Conta bloqueada no parceiro · 1.000 pontos devolvidos ao seu saldo');

    const again = await shownBalance(page);
    const confirmedId = await transferMinimum(page, again);
    partnerCli('confirm', confirmedId, '--by', 'e2e');
    await page.reload();
    const confirmed = list.getByRole('article').filter({ hasText: `Transferência nº ${confirmedId}` });
    await expect(confirmed.locator('.status-badge')).toContainText('Concluída');
    // Today's transfer is made: instead of a form that could only refuse, when the next one can be and a way on.
    await expect(page.getByText(/Você já fez a transferência de hoje/)).toHaveText(
      /^Você já fez a transferência de hoje\. Você poderá fazer outra transferência amanhã, \d{2}\/\d{2}\.$/,
    );
    await expect(page.getByRole('textbox', { name: 'Pontos do clube a transferir' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Voltar para Prêmios' }).click();
    await expect(page.getByRole('heading', { name: 'Prêmios', level: 1 })).toBeVisible();

    await page.goto('/historico');
    await expect(page.getByRole('heading', { name: 'Extrato de pontos', level: 1 })).toBeVisible();
    const debit = page
      .locator('.entries__item')
      .filter({ hasText: `Transferência nº ${confirmedId} para Programa Parceiro` });
    await expect(debit).toContainText('−1.000');
    const refund = page
      .locator('.entries__item')
      .filter({ hasText: `Estorno da transferência nº ${refusedId} para Programa Parceiro` });
    await expect(refund).toContainText('+1.000');

    await page.goto('/perfil');
    await page.getByText('Programa de pontos parceiro').click();
    await expect(page.getByText(/Conta 12345678 no Programa Parceiro/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Desvincular', exact: true }).click();
    await page.getByRole('button', { name: 'Sim, desvincular' }).click();
    await expect(page.getByText('Nenhuma conta do Programa Parceiro vinculada.')).toBeVisible();
  });

  test('the transfer page and the profile’s partner section pass axe @desktop', async ({ page }) => {
    await signInWithStorage(page, demo.email);
    await page.goto('/premios/transferir');
    await expect(
      page.getByRole('heading', { name: 'Transferir pontos para o Programa Parceiro', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Suas transferências' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/perfil');
    await page.getByText('Programa de pontos parceiro').click();
    await expect(page.getByText(/Programa Parceiro/).last()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
