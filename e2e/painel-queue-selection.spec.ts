import { expect, expectNoAxeViolations, measuredTimeout, signInWithStorage, test } from './fixtures';
import { createInvoiceMember, JPEG, sendPhotoByApi } from './invoices-helpers';
import { expectAudited, newDesk, staffFromTerminal } from './painel-helpers';

test.describe('a seleção da fila de notas @painel', () => {
  test('a lead refuses the copies of a page with one reason and gives the rest to a reviewer, who finds them as hers', async ({
    page,
    browser,
  }) => {
    test.setTimeout(measuredTimeout(34));
    const nilo = await createInvoiceMember();
    const other = await createInvoiceMember();
    const photo = Buffer.concat([JPEG, Buffer.from(` seleção ${Date.now()}`)]);
    const original = await sendPhotoByApi(page.request, nilo, photo);
    const own = await sendPhotoByApi(page.request, nilo, Buffer.concat([photo, Buffer.from(' outra')]));
    const copies = [await sendPhotoByApi(page.request, other, photo), await sendPhotoByApi(page.request, other, photo)];

    const sofiaDesk = await newDesk(browser);
    await staffFromTerminal(sofiaDesk, 'Sofia Revisora', ['revisor']);
    const lia = await staffFromTerminal(page, 'Lia Líder', ['revisor']);

    // The copies, found by their member: one button picks every copy of the page, one reason refuses them.
    await page.goto(`/painel/notas?search=${encodeURIComponent(other.email)}`);
    await expect(page.getByText('2 notas com estes filtros')).toBeVisible();
    await page.getByRole('button', { name: 'Selecionar as cópias desta página (2)' }).click();
    for (const id of copies) await expect(page.getByLabel(`Selecionar a nota #${id}`)).toBeChecked();
    const selection = page.getByRole('region', { name: '2 notas selecionadas' });
    await expect(selection.getByLabel('Motivo da recusa das cópias')).toHaveValue(/já tinha sido enviada antes/);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath('selecao-1280.png') });
    await selection.getByRole('button', { name: 'Recusar as cópias' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 notas recusadas.' })).toBeVisible();
    await expect(page.getByText('Nenhuma nota com estes filtros.')).toBeVisible();

    // The original and the member's other invoice: not copies, so refusing them is refused one by one; they are
    // given to Sofia instead.
    await page.goto(`/painel/notas?search=${encodeURIComponent(nilo.email)}`);
    await expect(page.getByText('2 notas com estes filtros')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Selecionar as cópias/ })).toHaveCount(0);
    await page.getByLabel(`Selecionar a nota #${original}`).check();
    await page.getByLabel(`Selecionar a nota #${own}`).check();
    const two = page.getByRole('region', { name: '2 notas selecionadas' });
    await two.getByRole('button', { name: 'Recusar as cópias' }).click();
    const left = 'Não é cópia de uma nota enviada antes: abra-a para decidir.';
    await expect(page.getByRole('status').filter({ hasText: 'Nenhuma nota mudou.' })).toHaveText(
      `Nenhuma nota mudou. Nota #${original}: ${left} Nota #${own}: ${left}`,
    );
    await page.getByLabel(`Selecionar a nota #${original}`).check();
    await page.getByLabel(`Selecionar a nota #${own}`).check();
    await two.getByLabel('Atribuir a').selectOption({ label: 'Sofia Revisora' });
    await two.getByRole('button', { name: 'Atribuir' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 notas atribuídas a Sofia Revisora.' })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Nota #${original}\\b`) })).toContainText(
      'livre · para Sofia Revisora',
    );

    // A tablet's width: the selection's decisions fold under the list's head and stay usable.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByLabel(`Selecionar a nota #${own}`).check();
    await expect(page.getByRole('region', { name: '1 nota selecionada' }).getByLabel('Atribuir a')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('selecao-1024.png') });
    await expectNoAxeViolations(page);

    // Sofia's own list.
    await sofiaDesk.goto('/painel/notas?assigned=me');
    await expect(sofiaDesk.getByText('2 notas com estes filtros')).toBeVisible();
    await expect(sofiaDesk.getByRole('row', { name: new RegExp(`Nota #${own}\\b`) })).toContainText('para você');

    // The member reads why each copy was refused.
    const member = await newDesk(browser);
    await signInWithStorage(member, other.email);
    await member.goto('/minhas-nfs');
    await expect(member.getByText(/já tinha sido enviada antes/).first()).toBeVisible();

    await expectAudited(browser, lia, ['Nota atribuída a um revisor', 'Nota recusada']);
  });
});
