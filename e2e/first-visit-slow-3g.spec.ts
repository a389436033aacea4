import { demo } from './members';
import { expect, test } from './fixtures';

/** What the page showed, in the order it first showed it (recorded in the page from its first byte). */
declare global {
  interface Window {
    seen?: string[];
  }
}

/**
 * A first visit on a weak signal, as on a phone in a workshop: slow 3G (400 kbit/s, 400 ms) and a CPU four times
 * slower, applied to the browser through the DevTools protocol. What is asserted is what the member sees and in what
 * order; how long each step takes is the bench's (bench/lighthouse.ts), not this test's.
 */
test.describe('first visit on slow 3G with a 4× slower CPU', () => {
  // A first visit as it is: the worker's install is part of what competes with the first tap.
  test.use({ serviceWorkers: 'allow' });
  test.setTimeout(180_000);

  test('"Entrar" works from the first paint, before the scripts, and after the login home\'s frame and tab bar come before its content, with no lone spinner', async ({
    page,
  }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1000) / 8,
      uploadThroughput: (400 * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    await page.addInitScript(() => {
      const seen: string[] = [];
      window.seen = seen;
      const note = (what: string) => {
        if (seen[seen.length - 1] !== what) seen.push(what);
      };
      const look = () => {
        const button = document.querySelector<HTMLButtonElement>('form button[type=submit]');
        const tabs = document.querySelector('nav[aria-label="Menu principal"]');
        const home = Array.from(document.querySelectorAll('h1')).some((h) => h.textContent?.startsWith('Olá'));
        if (home) note('home');
        else if (tabs) note('frame');
        else if (document.querySelector('.page-loading')) note('spinner');
        else if (button?.textContent === 'Entrando…') note('form-sending');
        else if (button) note(button.disabled ? 'form-waiting' : 'form-ready');
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
    });

    await page.goto('/login', { waitUntil: 'commit' });
    const entrar = page.getByRole('button', { name: 'Entrar', exact: true });
    await expect(entrar).toBeEnabled({ timeout: 60_000 });
    await page.getByLabel('CPF, e-mail ou celular').fill(demo.cpf);
    await page.getByLabel('Senha').fill(demo.password);
    const sentBeforeScripts = await page.evaluate(() => !document.querySelector('form[data-ready]'));
    await entrar.click();

    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible({ timeout: 120_000 });
    // The tab bar of a phone.
    await expect(
      page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Mais' }),
    ).toBeVisible();
    const seen = await page.evaluate(() => window.seen ?? []);

    // The tap came while the page's scripts were still on their way, and counted.
    expect(sentBeforeScripts).toBe(true);
    // The form was never shown waiting ("Carregando…"), it said "Entrando…" until home's frame replaced it, and
    // nothing else (no lone spinner) stood between the frame and home.
    expect(seen).toEqual(['form-ready', 'form-sending', 'frame', 'home']);
  });
});
