import { demo } from './members';
import { expect, expectNoAxeViolations, idleQueryAnswered, measuredTimeout, signInWithStorage, test } from './fixtures';

test.describe('app shell', () => {
  test('mounts in #root, shows the menu and grey placeholders ("Carregando") while the member loads', async ({
    page,
  }) => {
    await signInWithStorage(page, demo.email);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.locator('#root')).toHaveCount(1);
    await expect(page.getByRole('status')).toHaveText('Carregando');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Início' })).toBeVisible();
    await expect(page.locator('.page-skeleton__balance')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
  });

  test('a returning member sees home, balance and campaigns at once while me is still on its way', async ({ page }) => {
    test.setTimeout(measuredTimeout(21.3));
    await signInWithStorage(page, demo.email);
    // A returning member's last visit ended: what home loads at its first idle moment had arrived too.
    const remindersKept = idleQueryAnswered(page, 'QHomeReminders');
    await page.goto('/');
    const greeting = page.getByRole('heading', { name: `Olá, ${demo.name}!` });
    await expect(greeting).toBeVisible();
    await remindersKept;
    await page.waitForLoadState('networkidle');
    const campaigns = page.getByRole('list', { name: 'Campanhas ativas' });
    await expect(campaigns).toBeVisible();
    const firstCampaign = (await campaigns.getByRole('heading').first().textContent()) ?? '';

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route('**/graphql', async (route) => {
      asked.push(route.request().postDataJSON()?.operationName as string);
      await held;
      await route.continue();
    });
    await page.reload();
    await expect(greeting).toBeVisible();
    await expect(campaigns.getByRole('heading', { name: firstCampaign })).toBeVisible();
    await expect(page.getByText('Carregando')).toHaveCount(0);
    // The first paint came from the device; me still went to the network (docs/product.md#72-the-member-query).
    await expect.poll(() => asked).toContain('QMe');
    release();
    await expect(greeting).toBeVisible();
  });

  test('every page change scrolls to the top', async ({ page }) => {
    await signInWithStorage(page, demo.email);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
      window.scrollTo(0, 1500);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.getByRole('link', { name: 'Prêmios', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Prêmios', level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('says when the phone loses its connection and clears the notice when it comes back', async ({
    page,
    context,
  }) => {
    await signInWithStorage(page, demo.email);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
    const notice = page.getByText('Você está sem conexão.');
    await expect(notice).toHaveCount(0);
    await context.setOffline(true);
    await expect(notice).toBeVisible();
    await expect(page.getByRole('heading', { name: `Olá, ${demo.name}!` })).toBeVisible();
    await context.setOffline(false);
    await expect(notice).toHaveCount(0);
  });

  test('on a phone the menu is a bottom tab bar of five, "Mais" holding the rest', async ({ page }) => {
    await signInWithStorage(page, demo.email);
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    const tabs = ['Início', 'Notas', 'Extrato', 'Prêmios'];
    for (const name of tabs) await expect(menu.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
    const more = menu.getByRole('button', { name: 'Mais' });
    await expect(more).toBeInViewport({ ratio: 1 });
    await expect(menu.getByRole('link', { name: 'Início' })).toHaveAttribute('aria-current', 'page');
    // The bar sits at the bottom of the screen, whatever the page's length (measured once the bar is there: a
    // re-render while the session settles can replace it between two reads).
    await expect
      .poll(async () => {
        const box = await more.boundingBox();
        return box ? box.y + box.height : 0;
      })
      .toBeGreaterThan(800);

    await menu.getByRole('link', { name: 'Notas', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Minhas notas fiscais', level: 1 })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Notas', exact: true })).toHaveAttribute('aria-current', 'page');

    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    for (const name of [
      'Promoções',
      'Meus resgates',
      'Campanhas',
      'Projetos',
      'Enviar projeto',
      'Dúvidas',
      'Regulamento',
      'Perfil',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    await expect(menu.getByRole('button', { name: 'Sair' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();

    await more.click();
    await menu.getByRole('link', { name: 'Perfil' }).click();
    await expect(page.getByRole('heading', { name: 'Meu perfil', level: 1 })).toBeVisible();
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(menu.getByRole('link', { name: 'Perfil' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
  });

  test('a wide screen keeps the menu row with every destination', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInWithStorage(page, demo.email);
    await page.goto('/perfil');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Perfil' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Início', 'Campanhas', 'Promoções', 'Notas fiscais', 'Extrato', 'Projetos', 'Dúvidas']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    await expect(menu.getByRole('button', { name: 'Mais' })).toBeHidden();
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test.describe('with the service worker', () => {
    test.use({ serviceWorkers: 'allow' });
    test('registers /service-worker.js on load', async ({ page }) => {
      const registered = page.waitForEvent('console', (m) => m.text().startsWith('Service worker registrado'));
      await page.goto('/login');
      await registered;
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
      expect(scope).toMatch(/\/$/);
    });
  });

  test('logout clears the stored tokens and goes to /login', async ({ page }) => {
    await signInWithStorage(page, demo.email);
    await page.goto('/historico');
    // A person opens the menu once the page is on screen: a tap on the frame painted before its scripts is lost.
    await expect(page.getByRole('heading', { name: 'Extrato de pontos', level: 1 })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('button', { name: 'Mais' }).click();
    await menu.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const keys = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('CD_')));
    expect(keys.filter((k) => k !== 'CD_INITIALIZED')).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('CD_INITIALIZED'))).toBe(JSON.stringify({ value: false }));
  });
});
