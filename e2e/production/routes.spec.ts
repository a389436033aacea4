import { allRoutes } from '../../common/all-routes';
import { buildPath } from '../../common/routes';
import { expect, graphql, loginTokens, signInWithStorage, test } from '../fixtures';
import { demo } from '../members';
import { instanceOf, stack } from './stack';

test('every page route answers from the export through nginx, and the API routes reach an API process', async ({
  page,
}) => {
  const { token } = await loginTokens(page.request, demo.email);
  const campaigns = await graphql<{ customCampaigns: { data: { id: string; title: string }[] } }>(
    page.request,
    '{ customCampaigns(pageSize: 1) { data { id title } } }',
    {},
    token,
  );
  const campaign = campaigns.data?.customCampaigns.data[0];
  expect(campaign, 'uma campanha semeada').toBeDefined();

  // A real campaign id, and made-up values for the other dynamic segments (their pages say "não encontrado").
  const realValues: Record<string, string> = { campaignId: campaign!.id };
  for (const [, route] of allRoutes) {
    const names = [...route.pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
    const path = buildPath(route.pattern, Object.fromEntries(names.map((n) => [n, realValues[n] ?? `valor-${n}-42`])));
    const html = await page.request.get(path);
    expect(html.status(), path).toBe(200);
    expect(html.headers()['content-type'], path).toContain('text/html');
    // Pages come from nginx's copy of the export: no API process is asked for them.
    expect(instanceOf(html), path).toBeUndefined();
    const rsc = await page.request.get(`${path === '/' ? '/index' : path}.txt?_rsc=abc`);
    expect(rsc.status(), `${path}.txt`).toBe(200);
  }
  const missing = await page.request.get('/nao-existe');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('Página não encontrada');

  const challenge = await page.request.get('/altcha/challenge');
  expect(challenge.status()).toBe(200);
  expect(stack.instances).toContain(instanceOf(challenge));
  expect(await challenge.json()).toHaveProperty('parameters');

  await signInWithStorage(page, demo.email);
  await page.goto(`/campanhas/${campaign!.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(campaign!.title);
});
