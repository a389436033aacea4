import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Redeems a reward from its page, as a member would, and answers the order number the confirmation gives. */
export async function redeem(page: Page, slug: string): Promise<string> {
  await page.goto(`/premios/${slug}`);
  await page.getByRole('button', { name: /^Trocar por [\d.]+ pontos$/ }).click();
  await expect(page.getByRole('heading', { name: 'Confirme o resgate' })).toBeVisible();
  await page.getByRole('button', { name: /^Confirmar troca por/ }).click();
  const done = page.getByRole('status').filter({ hasText: 'Pedido nº' });
  await expect(done).toBeVisible();
  return /Pedido nº (\d+)/.exec((await done.textContent()) ?? '')?.[1] ?? '';
}
