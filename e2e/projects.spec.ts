import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInWithStorage, test } from './fixtures';
import { createInvoiceMember } from './invoices-helpers';
import { clubCli } from './club-cli';

/** `npm run projects -- …`, as the reviewer runs it. */
const projectsCli = (...args: string[]) => clubCli('projects', ...args);

/** A phone-sized JPEG of one colour, as a member's gallery would hand it over. */
async function photo(name: string, color: string) {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

const PHOTOS_LABEL = 'Fotos do projeto';

async function openForm(page: Page) {
  const member = await createInvoiceMember();
  await signInWithStorage(page, member.email);
  await page.goto('/enviar-projeto');
  await expect(page.getByRole('heading', { name: 'Enviar projeto', level: 1 })).toBeVisible();
  return member;
}

async function fillDetails(page: Page, title: string) {
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByLabel('Ambiente', { exact: true }).selectOption({ label: 'Cozinha' });
  await page
    .getByLabel('Descrição', { exact: true })
    .fill('Armários inferiores e superiores em MDF, puxadores perfil e corrediças ocultas.');
  await page.getByLabel('Estado onde foi instalado').selectOption({ label: 'São Paulo' });
  await page.getByLabel('Cidade', { exact: true }).selectOption({ label: 'Campinas' });
  await page.getByLabel('Mês de conclusão').selectOption({ label: 'março' });
  await page.getByLabel('Ano de conclusão').selectOption('2026');
}

test.describe('projects', () => {
  test('a member sends a project with three photos (one retried), follows it and sees its points', async ({ page }) => {
    // The whole journey in one test: four uploads, three screens checked by axe, the terminal and the extract.
    test.slow();
    await openForm(page);
    await expectNoAxeViolations(page);

    // The second photo's first upload is lost on the way; only that photo is sent again, with the same key.
    let uploads = 0;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (body.includes('MUploadProjectPhoto') && ++uploads === 2) return route.abort('connectionreset');
      return route.fallback();
    });
    await page
      .getByLabel(PHOTOS_LABEL)
      .setInputFiles([
        await photo('frente.jpg', '#8a5a2b'),
        await photo('gavetas.jpg', '#c8a27a'),
        await photo('detalhe.jpg', '#3b1d08'),
      ]);
    const list = page.getByRole('list', { name: 'Fotos escolhidas' });
    // The lost upload waits on the device and goes up by itself when the club answers again (the other photos'
    // uploads already show it answering).
    await expect(list.getByText('Foto enviada')).toHaveCount(3, { timeout: 20_000 });
    expect(uploads).toBe(4);

    // The last photo becomes the cover.
    await page.getByRole('button', { name: 'Mover foto 3 para antes' }).click();
    await page.getByRole('button', { name: 'Mover foto 2 para antes' }).click();
    await expect(list.getByRole('listitem').first()).toContainText('detalhe.jpg');

    await page.getByRole('button', { name: 'Enviar projeto' }).click();
    await expect(
      page
        .getByLabel('Título', { exact: true })
        .locator('xpath=..')
        .getByText(/Dê um título/),
    ).toBeVisible();
    await expect(page.getByText('Escolha pelo menos um produto do clube usado no projeto.')).toBeVisible();
    await expectNoAxeViolations(page);

    const title = `Cozinha planejada ${Date.now().toString(36)}`;
    await fillDetails(page, title);
    await page.getByLabel('Buscar produto').fill('dobradica');
    await page
      .getByRole('checkbox', { name: /Dobradiça/ })
      .first()
      .check();
    await page.getByLabel('Buscar produto').fill('mdf');
    await page.getByRole('checkbox', { name: /MDF/ }).first().check();
    await page.getByLabel('Autorizo o clube a publicar as fotos').check();
    await page.getByRole('button', { name: 'Enviar projeto' }).click();

    await expect(page).toHaveURL(/\/projetos\/\d+$/);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Projeto enviado! Agora ele está em análise.' }),
    ).toBeVisible();
    await expect(page.getByText('Recebido').first()).toBeVisible();
    await expect(page.getByText('Foto 1 de 3')).toBeVisible();
    await expectNoAxeViolations(page);
    const id = /\/projetos\/(\d+)$/.exec(page.url())?.[1] ?? '';

    await page.goto('/projetos');
    const card = page.getByRole('link', { name: new RegExp(title) });
    await expect(card).toBeVisible();
    await expectNoAxeViolations(page);
    await card.click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Próxima foto' }).click();
    await expect(page.getByText('Foto 2 de 3')).toBeVisible();
    // A swipe is a finger on the track, then the track scrolled sideways; the counter follows the photo in view.
    const track = page.getByRole('list', { name: 'Fotos: use as setas para passar' });
    await track.dispatchEvent('pointerdown');
    await track.evaluate((el) => el.scrollTo({ left: el.clientWidth * 2 }));
    await expect(page.getByText('Foto 3 de 3')).toBeVisible();
    await track.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByText('Foto 2 de 3')).toBeVisible();

    expect(projectsCli('list')).toContain(`#${id}`);
    expect(projectsCli('approve', id)).toMatch(/pontos/);
    await page.goto('/historico');
    await expect(page.getByText(new RegExp(`Projeto aprovado: ${title}`))).toBeVisible();
  });

  test('the form is kept on the device: a reload loses nothing, and sending clears it', async ({ page }) => {
    await openForm(page);
    await page.getByLabel('Título', { exact: true }).fill('Dormitório casal');
    await page.getByLabel('Ambiente', { exact: true }).selectOption({ label: 'Dormitório' });
    await page.getByLabel(PHOTOS_LABEL).setInputFiles([await photo('quarto.jpg', '#aa7744')]);
    const list = page.getByRole('list', { name: 'Fotos escolhidas' });
    await expect(list.getByText('Foto enviada')).toHaveCount(1);

    await page.reload();
    await expect(page.getByLabel('Título', { exact: true })).toHaveValue('Dormitório casal');
    await expect(page.getByLabel('Ambiente', { exact: true })).toHaveValue('BEDROOM');
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await fillDetails(page, 'Dormitório casal');
    await page.getByLabel('Ambiente', { exact: true }).selectOption({ label: 'Dormitório' });
    await page.getByLabel('Buscar produto').fill('corredica');
    await page
      .getByRole('checkbox', { name: /Corrediça/ })
      .first()
      .check();
    await page.getByRole('button', { name: 'Enviar projeto' }).click();
    await expect(page.getByRole('heading', { name: 'Dormitório casal', level: 1 })).toBeVisible();

    await page.goto('/enviar-projeto');
    await expect(page.getByLabel('Título', { exact: true })).toHaveValue('');
    await expect(page.getByRole('list', { name: 'Fotos escolhidas' })).toHaveCount(0);
  });

  test('the form is short on a phone: products after a search, chosen ones as chips, states in pt-BR order', async ({
    page,
  }) => {
    await openForm(page);
    const products = page.getByRole('group', { name: 'Produtos do clube usados (pelo menos um)' });
    await expect(page.getByRole('searchbox', { name: 'Buscar produto' })).toBeVisible();
    await expect(products.getByRole('checkbox')).toHaveCount(0);
    // Photos are picked with the club's own buttons, not the browser's grey one.
    await expect(page.getByText('Escolher fotos', { exact: true })).toBeVisible();
    await expect(page.getByText('Tirar foto com a câmera')).toBeVisible();

    const states = await page.getByLabel('Estado onde foi instalado').locator('option').allTextContents();
    expect(states.slice(states.indexOf('Pará'), states.indexOf('Pará') + 3)).toEqual(['Pará', 'Paraíba', 'Paraná']);
    expect(states.slice(1)).toEqual([...states.slice(1)].sort((a, b) => a.localeCompare(b, 'pt-BR')));

    await page.getByLabel('Buscar produto').fill('mdf');
    await expect(page.getByRole('status').filter({ hasText: /\d+ produtos encontrados/ })).toBeVisible();
    const first = products.getByRole('checkbox').first();
    const name = ((await first.locator('xpath=..').textContent()) ?? '').split(' · ')[0]!.trim();
    await first.check();
    const chip = page
      .getByRole('list', { name: 'Produtos escolhidos' })
      .getByRole('button', { name: `Remover ${name}` });
    await expect(chip).toBeVisible();
    await page.getByLabel('Buscar produto').fill('');
    await expect(products.getByRole('checkbox')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await chip.click();
    await expect(page.getByRole('list', { name: 'Produtos escolhidos' })).toHaveCount(0);

    // The whole form, empty, is a few screens on a phone, not four thousand pixels.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3000);
  });

  test('a new member sees an empty list that leads to the form', async ({ page }) => {
    const member = await createInvoiceMember();
    await signInWithStorage(page, member.email);
    await page.goto('/projetos');
    await page.getByRole('link', { name: 'Enviar meu primeiro projeto' }).click();
    await expect(page.getByRole('heading', { name: 'Enviar projeto', level: 1 })).toBeVisible();
  });

  test('a refused project is corrected and sent again: the same project, back in review', async ({ page }) => {
    await openForm(page);
    await page.getByLabel(PHOTOS_LABEL).setInputFiles([await photo('banheiro.jpg', '#9999aa')]);
    await expect(page.getByRole('list', { name: 'Fotos escolhidas' }).getByText('Foto enviada')).toHaveCount(1);
    await fillDetails(page, 'Gabinete de banheiro');
    await page.getByLabel('Ambiente', { exact: true }).selectOption({ label: 'Banheiro' });
    await page.getByLabel('Buscar produto').fill('puxador');
    await page
      .getByRole('checkbox', { name: /Puxador/ })
      .first()
      .check();
    await page.getByRole('button', { name: 'Enviar projeto' }).click();
    await expect(page.getByRole('heading', { name: 'Gabinete de banheiro', level: 1 })).toBeVisible();
    const id = /\/projetos\/(\d+)$/.exec(page.url())?.[1] ?? '';

    projectsCli('reject', id, '--reason', 'Mande uma foto com as portas abertas.');
    await page.reload();
    await expect(page.getByText('Mande uma foto com as portas abertas.').first()).toBeVisible();
    await page.getByRole('link', { name: 'Corrigir e reenviar' }).click();
    await expect(page.getByRole('heading', { name: 'Corrigir e reenviar projeto', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Título', { exact: true })).toHaveValue('Gabinete de banheiro');
    await expectNoAxeViolations(page);
    await page.getByLabel(PHOTOS_LABEL).setInputFiles([await photo('portas-abertas.jpg', '#778899')]);
    await expect(page.getByRole('list', { name: 'Fotos escolhidas' }).getByText('Foto enviada')).toHaveCount(2);
    await page.getByRole('button', { name: 'Reenviar projeto para análise' }).click();

    await expect(page).toHaveURL(new RegExp(`/projetos/${id}$`));
    await expect(page.getByText('Foto 1 de 2')).toBeVisible();
    await expect(page.locator('.status-badge').first()).toHaveText('Situação: Em análise');
  });
});
