import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, sharedUse } from './chromium';
import { demo } from './members';
import { expect, expectNoAxeViolations, measuredTimeout, signInWithStorage, test } from './fixtures';
import { serviceWorkerInControl } from './service-worker';

/**
 * Whether Chromium has written these localStorage keys to the profile's disk: it commits them seconds after the page
 * sets them, and a browser closed sooner (a phone killing the app) starts the next time without them.
 */
function localStorageOnDisk(userDataDir: string, keys: string[]): boolean {
  const folder = join(userDataDir, 'Default', 'Local Storage', 'leveldb');
  if (!existsSync(folder)) return false;
  const bytes = Buffer.concat(readdirSync(folder).map((name) => readFileSync(join(folder, name))));
  return keys.every((key) => bytes.includes(key, 0, 'latin1'));
}

const UPDATED_AT = /Sem conexão: mostrando o que este aparelho guardou\. Atualizado às \d\d:\d\d/;

test.describe('without signal', () => {
  test.use({ serviceWorkers: 'allow' });
  test('after one visit every tab, a reload of each, a project and /perfil open offline, with the last balance and extract', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(measuredTimeout(34.8));
    await signInWithStorage(page, demo.email);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
    const balance = (await page.locator('.points-balance__value').textContent()) ?? '';
    expect(balance).toMatch(/pontos/);
    await serviceWorkerInControl(page);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Extrato', exact: true }).click();
    await expect(page.getByText('Saldo atual')).toBeVisible();

    await context.setOffline(true);
    const tabs: [string, string, boolean][] = [
      ['Notas', 'Minhas notas fiscais', false],
      ['Prêmios', 'Prêmios', false],
      ['Extrato', 'Extrato de pontos', false],
      ['Projetos', 'Meus projetos', true],
      ['Perfil', 'Meu perfil', true],
      ['Início', `Olá, ${demo.name}!`, false],
    ];
    for (const [tab, heading, underMore] of tabs) {
      if (underMore) await menu.getByRole('button', { name: 'Mais' }).click();
      await menu.getByRole('link', { name: tab, exact: true }).click();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Início' })).toBeVisible();
      await expect(page.getByText('Você está sem conexão.')).toBeVisible();
    }
    // Home, reloaded without signal: the shell, the tab bar and the last balance with its time.
    await expect(page.locator('.points-balance__value')).toHaveText(balance);
    await expect(page.getByText(UPDATED_AT)).toBeVisible();

    await page.goto('/historico');
    await expect(page.locator('.extract-balance__value')).toHaveText(balance);
    await expect(page.getByText(UPDATED_AT).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('historico-offline.png'), fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: testInfo.outputPath('historico-offline-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });

    // A dynamic route is answered by its exported placeholder page.
    await page.goto('/projetos/12345');
    await expect(menu.getByRole('link', { name: 'Início' })).toBeVisible();
    await expect(page.getByText('Você está sem conexão.')).toBeVisible();

    await page.goto('/perfil');
    await expect(page.getByRole('heading', { name: 'Meu perfil', level: 1 })).toBeVisible();
    await expect(page.getByText('Sem conexão: seu perfil precisa do clube')).toBeVisible();

    await context.setOffline(false);
    await page.goto('/historico');
    await expect(page.getByText('Você está sem conexão.')).toHaveCount(0);
    await expect(page.getByText(UPDATED_AT)).toHaveCount(0);
  });

  test('a cold open after the browser restarts without signal shows the app with the last balance', async ({
    page,
  }, testInfo) => {
    test.setTimeout(measuredTimeout(27.9));
    const userDataDir = mkdtempSync(join(tmpdir(), 'clube-offline-'));
    const options = {
      ...sharedUse,
      serviceWorkers: 'allow' as const,
      ...chromiumLaunchOptions,
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    };
    try {
      const online = await chromium.launchPersistentContext(userDataDir, options);
      const first = online.pages()[0] ?? (await online.newPage());
      await signInWithStorage(first, demo.email, undefined, page.request);
      await first.goto('/');
      await expect(first.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
      const balance = (await first.locator('.points-balance__value').textContent()) ?? '';
      await serviceWorkerInControl(first);
      // A member who used the app for a while: the session is on the disk when the browser closes.
      await expect
        .poll(() => localStorageOnDisk(userDataDir, ['CD_REFRESH_TOKEN', 'CD_INITIALIZED', 'CD_MEMBER_SNAPSHOT.me']), {
          timeout: 30_000,
        })
        .toBe(true);
      await online.close();

      const offline = await chromium.launchPersistentContext(userDataDir, { ...options, offline: true });
      try {
        const cold = offline.pages()[0] ?? (await offline.newPage());
        await cold.goto('/');
        await expect(cold.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
        const menu = cold.getByRole('navigation', { name: 'Menu principal' });
        await expect(menu.getByRole('link', { name: 'Extrato', exact: true })).toBeVisible();
        await cold.screenshot({ path: testInfo.outputPath('cold-open-offline.png') });
        await expect(cold.locator('.points-balance__value')).toHaveText(balance);
        await expect(cold.getByText(UPDATED_AT)).toBeVisible();
      } finally {
        await offline.close();
      }
    } finally {
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});
