import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, measuredTimeout, signInWithStorage, test } from './fixtures';
import { createInvoiceMember, type InvoiceMember } from './invoices-helpers';
import { expectAudited, staffFromTerminal } from './painel-helpers';

/** Real photos of a finished job, as a member's gallery hands them over. */
const demoPhoto = (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: readFileSync(`server/modules/projects/demo/${name}`),
});

const masked = (cpf: string) => `***.${cpf.slice(3, 6)}.***-${cpf.slice(-2)}`;

/** The member's own browser, signed in. */
async function memberDesk(browser: Browser, member: InvoiceMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInWithStorage(page, member.email);
  return page;
}

/** The member sends a project from /enviar-projeto, as on their phone; its id. */
async function sendProject(page: Page, title: string, photos: string[], consent: boolean): Promise<string> {
  await page.goto('/enviar-projeto');
  await expect(page.getByRole('heading', { name: 'Enviar projeto', level: 1 })).toBeVisible();
  await page.getByLabel('Fotos do projeto').setInputFiles(photos.map(demoPhoto));
  await expect(page.getByRole('list', { name: 'Fotos escolhidas' }).getByText('Foto enviada')).toHaveCount(
    photos.length,
  );
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByLabel('Ambiente', { exact: true }).selectOption({ label: 'Cozinha' });
  await page
    .getByLabel('Descrição', { exact: true })
    .fill('Armários em MDF freijó, puxadores perfil e corrediças ocultas.');
  await page.getByLabel('Estado onde foi instalado').selectOption({ label: 'São Paulo' });
  await page.getByLabel('Cidade', { exact: true }).selectOption({ label: 'Campinas' });
  await page.getByLabel('Mês de conclusão').selectOption({ label: 'março' });
  await page.getByLabel('Ano de conclusão').selectOption('2026');
  await page.getByLabel('Buscar produto').fill('mdf');
  await page.getByRole('checkbox', { name: /MDF/ }).first().check();
  if (consent) await page.getByLabel('Autorizo o clube a publicar as fotos').check();
  await page.getByRole('button', { name: 'Enviar projeto' }).click();
  await expect(page).toHaveURL(/\/projetos\/\d+$/);
  return /\/projetos\/(\d+)$/.exec(page.url())![1]!;
}

test.describe('revisão de projetos no painel @painel', () => {
  test('a reviewer sees every photo, refuses a project with a reason the member reads, and approves another with points for the extract', async ({
    page,
    browser,
  }) => {
    test.setTimeout(measuredTimeout(63.2));
    const tag = Date.now().toString(36);
    const member = await createInvoiceMember();
    const memberPage = await memberDesk(browser, member);
    const refusedTitle = `Cozinha em freijó ${tag}`;
    const refusedId = await sendProject(memberPage, refusedTitle, ['cozinha-1.jpg', 'cozinha-2.jpg'], true);
    const approvedTitle = `Home office ${tag}`;
    const approvedId = await sendProject(memberPage, approvedTitle, ['escritorio-1.jpg'], false);

    // The queue: the reviewer made at the terminal finds the member's projects, the CPF masked.
    const reviewer = await staffFromTerminal(page, 'Rafael Revisor', ['revisor']);
    await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('link', { name: 'Projetos' }).click();
    await expect(page.getByRole('heading', { name: 'Projetos', level: 1 })).toBeVisible();
    await page.getByLabel('Buscar').fill(tag);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    const refusedRow = page.getByRole('row', { name: new RegExp(refusedTitle) });
    await expect(refusedRow).toContainText('2 fotos');
    await expect(refusedRow).toContainText('Autoriza publicar');
    await expect(refusedRow).toContainText(`CPF ${masked(member.cpf)}`);
    await expect(page.getByRole('row', { name: new RegExp(approvedTitle) })).toContainText('Não autoriza');
    await expect(page.getByText(member.cpf)).toHaveCount(0);
    await expectNoAxeViolations(page);

    // One project: its photos at full size by signed links, one after the other with the keyboard.
    await page.getByRole('link', { name: refusedTitle, exact: true }).click();
    await expect(page.getByRole('heading', { name: refusedTitle, level: 1 })).toBeVisible();
    const first = page.getByRole('img', { name: `Foto 1 de 2 do projeto “${refusedTitle}”` });
    await expect(first).toHaveAttribute('src', /^\/painel\/arquivos\/foto-\d+\?k=\d+&e=\d+&s=/);
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Foto 2 de 2')).toBeVisible();
    const second = page.getByRole('img', { name: `Foto 2 de 2 do projeto “${refusedTitle}”` });
    await expect.poll(() => second.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText('Armários em MDF freijó, puxadores perfil e corrediças ocultas.')).toBeVisible();
    await expect(page.getByText(masked(member.cpf))).toBeVisible();
    await expect(page.getByRole('link', { name: approvedTitle })).toBeVisible();
    await expect(page.getByText('O botão Publicar aparece depois da aprovação', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Pontos')).toHaveValue('500');
    await expectNoAxeViolations(page);

    // Refused with a template and a word of the reviewer's own.
    const template = 'As fotos estão escuras ou desfocadas. Envie fotos nítidas, com boa luz.';
    await page.getByLabel('Motivo da recusa').selectOption(template);
    await page.getByLabel('Mais detalhes ao membro (opcional)').fill('Mostre também o interior dos armários.');
    await page.getByRole('button', { name: 'Recusar' }).click();
    const reason = `${template} Mostre também o interior dos armários.`;
    await expect(page.getByRole('status').filter({ hasText: `Projeto #${refusedId} recusado.` })).toContainText(reason);

    // The member reads it on their project's page.
    await memberPage.goto(`/projetos/${refusedId}`);
    await expect(memberPage.getByRole('heading', { name: refusedTitle, level: 1 })).toBeVisible();
    await expect(memberPage.locator('p.alert', { hasText: 'Motivo da recusa:' })).toContainText(reason);

    // The other project, without consent: approved with points of the reviewer's choice, and no Publicar.
    await page.getByRole('link', { name: approvedTitle }).click();
    await expect(page.getByRole('heading', { name: approvedTitle, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aprovar' })).toBeEnabled();
    await page.getByLabel('Pontos').fill('');
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByText('Informe os pontos: um número inteiro de 0 a 10.000.000.')).toBeVisible();
    await page.getByLabel('Pontos').fill('650');
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: `Projeto #${approvedId} aprovado com 650 pontos.` }),
    ).toBeVisible();
    await expect(
      page.getByText('Não há botão Publicar: O membro não autorizou a publicação das fotos deste projeto.', {
        exact: false,
      }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publicar as fotos' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await memberPage.goto('/historico');
    await expect(memberPage.getByRole('heading', { name: 'Extrato de pontos', level: 1 })).toBeVisible();
    await expect(memberPage.locator('.extract-balance__value')).toHaveText('650 pontos');
    await expect(memberPage.getByText(`Projeto aprovado: ${approvedTitle}`)).toBeVisible();
    await expectAudited(browser, reviewer, ['Projeto aberto para análise', 'Projeto recusado', 'Projeto aprovado']);
  });
});
