import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clubCli } from './club-cli';
import { expect, expectNoAxeViolations, measuredTimeout, signInWithStorage, test } from './fixtures';
import { expectAudited, staffFromTerminal } from './painel-helpers';
import { createInvoiceMember, freshKey, JPEG, masked } from './invoices-helpers';

/**
 * The club's WhatsApp number as a member uses it: the switch in /perfil, a nota's photo sent to the number with its
 * key as the caption (through `npm run whatsapp`, the embedded stand-in for Meta), and the invoice in Minhas notas.
 */
test('a member turns WhatsApp on in /perfil, sends a nota’s photo to the number and finds it in Minhas notas', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(measuredTimeout(40));
  const member = await createInvoiceMember({ whatsapp: false });
  await signInWithStorage(page, member.email);
  await page.goto('/perfil');
  const channel = page.getByRole('switch', { name: /Enviar notas pelo WhatsApp/ });
  await expect(channel).not.toBeChecked();
  await channel.check();
  await expect(page.getByRole('status').filter({ hasText: 'WhatsApp ligado' })).toBeVisible();
  await expect(channel).toBeChecked();

  const key = freshKey();
  const photo = path.join(mkdtempSync(path.join(tmpdir(), 'clube-whatsapp-e2e-')), 'nota.jpg');
  writeFileSync(photo, JPEG);
  // The club gathers a nota's pages for 20 seconds before it answers; the command waits for that answer.
  const sent = clubCli(
    'whatsapp',
    'enviar',
    '--de',
    member.phone,
    '--arquivo',
    photo,
    '--legenda',
    masked(key),
    '--servidor',
    baseURL!,
    '--espera',
    '60',
  );
  expect(sent).toMatch(/clube: Nota \d+ recebida! Ela está em análise/);

  await page.goto('/minhas-nfs');
  const card = page.locator('article.invoice-card', { hasText: masked(key) });
  await expect(card.locator('summary')).toContainText(/Enviada pelo WhatsApp em \d\d\/\d\d\/\d{4}/);
  await expect(card.locator('.status-badge')).toHaveText('Em análise');
  await expectNoAxeViolations(page);
});

test('atendimento answers in the painel a member who asked for a person on WhatsApp @painel', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(measuredTimeout(40));
  const member = await createInvoiceMember();
  const write = (text: string, wait: string) =>
    clubCli('whatsapp', 'enviar', '--de', member.phone, '--texto', text, '--servidor', baseURL!, '--espera', wait);
  expect(write('atendente', '15')).toContain('clube: Certo! Um atendente do Clube vai continuar a conversa por aqui');
  write('Minha nota de ontem chegou?', '0');
  // The club takes a message from its queue within seconds; a person opens the page once it is in.
  await expect
    .poll(() => clubCli('whatsapp', 'conversa', '--com', member.phone))
    .toContain('membro: Minha nota de ontem chegou?');

  const carla = await staffFromTerminal(page, 'Carla Atendimento', ['atendimento']);
  await page.getByRole('navigation').getByRole('link', { name: 'Membros' }).click();
  const search = page.getByLabel('CPF, e-mail, celular ou nome');
  await search.fill(member.cpf);
  await search.press('Enter');
  await page.getByRole('link', { name: `${member.name} Tavares` }).click();
  const whatsapp = page.getByRole('region', { name: 'WhatsApp' });
  const lines = whatsapp.getByRole('list', { name: 'Conversa, a mais recente por último' }).getByRole('listitem');
  await expect(lines.last()).toContainText('Minha nota de ontem chegou?');
  await expect(whatsapp).toContainText('O membro pediu atendimento em');

  const answer = 'Chegou sim! Ela está em análise e sai até amanhã.';
  await whatsapp.getByLabel('Resposta ao membro').fill(answer);
  await whatsapp.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Resposta enviada ao membro pelo WhatsApp.' })).toBeVisible();
  await expect(lines.last()).toContainText(answer);
  await expectNoAxeViolations(page);
  expect(clubCli('whatsapp', 'conversa', '--com', member.phone)).toContain(`clube [local]: ${answer}`);

  await whatsapp.getByRole('button', { name: 'Encerrar atendimento' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Atendimento encerrado' })).toBeVisible();
  await expectAudited(browser, carla, ['WhatsApp: resposta ao membro', 'WhatsApp: atendimento encerrado']);
});
