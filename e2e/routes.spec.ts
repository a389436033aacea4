import { allRoutes } from '../common/all-routes';
import { buildPath } from '../common/routes';
import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';

const sample = (pattern: string) =>
  buildPath(
    pattern,
    Object.fromEntries([...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1] ?? '', `valor-${m[1]}-42`])),
  );

// The paths of docs/product.md#2-screens-and-routes.
test.describe('every route of the product is served', () => {
  test('each of the 44 paths answers 200 with HTML, and its RSC payload too', async ({ request }) => {
    for (const [, route] of allRoutes) {
      const path = sample(route.pattern);
      const html = await request.get(path);
      expect(html.status(), path).toBe(200);
      expect(html.headers()['content-type'], path).toContain('text/html');
      const rsc = await request.get(`${path === '/' ? '/index' : path}.txt?_rsc=abc`);
      expect(rsc.status(), `${path}.txt`).toBe(200);
    }
  });

  test('unknown paths and /pesquisas answer 404 with a Portuguese page', async ({ page }) => {
    for (const path of ['/pesquisas', '/nao-existe', '/campanhas/1/2/3']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Ir para o início' }).click();
    await expect(page.getByRole('heading', { name: 'Entrar no clube' })).toBeVisible();
  });

  test('static assets are cached for good and the service worker is not', async ({ request, page }) => {
    await page.goto('/login');
    const script = await page.locator('script[src^="/_next/static/"]').first().getAttribute('src');
    const asset = await request.get(script ?? '');
    expect(asset.headers()['cache-control']).toContain('immutable');
    const sw = await request.get('/service-worker.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['cache-control']).toContain('no-cache');
  });

  test('the browser receives every page, script and style of /login over 1 kB compressed', async ({ page }) => {
    const texts: Response[] = [];
    page.on('response', (response) => {
      // Only what came over the network: the collectors make blob: scripts of their own in the page.
      const fromServer = response.url().startsWith('http');
      if (fromServer && ['document', 'script', 'stylesheet'].includes(response.request().resourceType())) {
        texts.push(response);
      }
    });
    // The last scripts /login loads are the device session's, fetched lazily after the person's first action (typing,
    // counted whether it came before the page's scripts or after); its envelope is sent once they ran.
    const envelopeSent = page.waitForResponse((r) => r.url().endsWith('/seguranca/envelope'));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Entrar no clube' })).toBeVisible();
    await page.getByLabel('CPF, e-mail ou celular').fill('123');
    await envelopeSent;
    let compressed = 0;
    for (const response of texts) {
      // Below 1 kB the headers of a compressed answer cost more than they save, so the build leaves those alone.
      if ((await response.body()).length < 1024) continue;
      expect(response.headers()['content-encoding'], response.url()).toBe('br');
      compressed += 1;
    }
    expect(compressed).toBeGreaterThan(3);
  });
});
