import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clubCli } from './club-cli';
import { expect, expectNoAxeViolations, measuredTimeout, signInWithStorage, test } from './fixtures';
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
