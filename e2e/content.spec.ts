import { createFreshMember, editor } from './content-fixtures';
import { demo } from './members';
import { expect, expectNoAxeViolations, graphql, loginTokens, signInWithStorage, test } from './fixtures';

const h1 = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });

async function tokenOf(request: import('@playwright/test').APIRequestContext, login: string, password: string) {
  return (await loginTokens(request, login, password)).token;
}

test.describe('club content for members', () => {
  test.beforeEach(async ({ page }) => {
    await signInWithStorage(page, demo.email);
  });

  test('home shows the balance, active campaigns and promotions, shortcuts, WhatsApp and the external links', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(h1(page)).toHaveText(`Olá, ${demo.name}!`);
    await expect(page.getByText('Seu saldo')).toBeVisible();
    const campaigns = page.getByRole('list', { name: 'Campanhas ativas' });
    // The seed's periods are fixed dates, so only "some, and none ended" holds whatever day the tests run.
    await expect(campaigns.getByRole('listitem').first()).toBeVisible();
    await expect(campaigns.getByText('Encerrada')).toHaveCount(0);
    await expect(campaigns.getByText('Em breve')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Promoções ativas' }).getByRole('listitem').first()).toBeVisible();
    // Sending an invoice (the main way to earn) first, then what the tab bar does not hold.
    const hero = page.locator('main').getByRole('region', { name: `Olá, ${demo.name}!` });
    const shortcuts = hero.locator('.shortcuts').getByRole('link');
    await expect(shortcuts).toHaveText(['Enviar nota fiscal', 'Enviar projeto', 'Como ganhar pontos']);
    await expect(shortcuts.nth(0)).toHaveAttribute('href', '/minhas-nfs');
    await expect(shortcuts.nth(1)).toHaveAttribute('href', '/enviar-projeto');
    await expect(shortcuts.nth(2)).toHaveAttribute('href', '/campanha-padrao');
    await expect(page.getByRole('link', { name: 'Conversar no WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+$/,
    );
    for (const name of ['Dicas de projetos e promoções', 'Site de inspiração']) {
      await expect(page.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
  });

  test('from home to a campaign by clicking keeps the real id, and a reload shows it again', async ({ page }) => {
    await page.goto('/');
    // Campaign 103 runs until 31/08/2027, so it is on the home page for the life of this seed.
    await page.getByRole('link', { name: 'Indique um marceneiro' }).click();
    await expect(page).toHaveURL(/\/campanhas\/103$/);
    await expect(h1(page)).toHaveText('Indique um marceneiro');
    await expect(page.getByRole('heading', { name: 'Como ganhar pontos' })).toBeVisible();
    const banner = page.locator('img.content-detail__banner');
    await expect(banner).toHaveAttribute('width', '1200');
    await expect(banner).toHaveAttribute('height', '500');
    await expect(page.getByText('01/09/2026 a 31/08/2027')).toBeVisible();
    // An active campaign ends with what to do next.
    await expect(page.locator('main').getByRole('link', { name: 'Enviar nota fiscal' })).toHaveAttribute(
      'href',
      '/minhas-nfs',
    );
    await page.reload();
    await expect(h1(page)).toHaveText('Indique um marceneiro');
    await page.getByRole('link', { name: 'Todas as campanhas' }).click();
    await expect(h1(page)).toHaveText('Campanhas');
    await expect(page.getByText('Mostrando 5 de 5 campanhas')).toBeVisible();
  });

  test('the standard campaign and the rule book with its previous version', async ({ page }) => {
    await page.goto('/campanha-padrao');
    await expect(h1(page)).toHaveText('Como você ganha pontos no Clube');
    await page.goto('/regulamento');
    await expect(h1(page)).toHaveText('Regulamento do Clube do Marceneiro');
    await expect(page.getByText('Em vigor desde 15 de janeiro de 2026')).toBeVisible();
    await expect(page.getByRole('heading', { name: '12. Disposições gerais' })).toBeVisible();
    await page.getByLabel('Versão do regulamento').selectOption('2025-1');
    await expect(h1(page)).toHaveText('Regulamento do Clube do Marceneiro (2025)');
    await expect(page.getByText('Você está lendo uma versão anterior.')).toBeVisible();
  });

  test('FAQ: subject, then item', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('link', { name: 'Pontos e extrato' }).click();
    await expect(page).toHaveURL(/\/faq\/pontos$/);
    await expect(h1(page)).toHaveText('Pontos e extrato');
    await page.getByRole('link', { name: 'Meus pontos vencem?' }).click();
    await expect(page).toHaveURL(/\/faq\/pontos\/validade$/);
    await expect(h1(page)).toHaveText('Meus pontos vencem?');
    await expect(page.getByText('12 meses')).toBeVisible();
    await page.reload();
    await expect(h1(page)).toHaveText('Meus pontos vencem?');
  });

  test('an unknown id or slug gives a friendly "não encontrado" page', async ({ page }) => {
    await page.goto('/promocoes/nao-existe');
    await expect(h1(page)).toHaveText('Promoção não encontrada');
    await expect(page.locator('[data-param="promotionSlug"]')).toHaveText('nao-existe');
    await page.goto('/campanhas/9999');
    await expect(h1(page)).toHaveText('Campanha não encontrada');
    await page.goto('/faq/pontos/nao-existe');
    await expect(h1(page)).toHaveText('Pergunta não encontrada');
    await page.goto('/faq/nao-existe');
    await expect(h1(page)).toHaveText('Assunto não encontrado');
  });

  test("an ended promotion's survey is closed", async ({ page }) => {
    await page.goto('/promocoes/inverno-aquecido');
    await expect(page.getByText('A pesquisa está encerrada.')).toBeVisible();
    await page.goto('/promocoes/inverno-aquecido/pesquisa');
    await expect(page.getByText('Pesquisa encerrada.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar respostas' })).toHaveCount(0);
  });

  test('drafts are refused to a member without content preview', async ({ page }) => {
    for (const path of ['/rascunho/regulamento', '/rascunho/promocoes', '/rascunho/faq/pontos/validade']) {
      await page.goto(path);
      await expect(h1(page), path).toHaveText('Conteúdo indisponível');
    }
    const token = await tokenOf(page.request, demo.email, demo.password);
    const res = await graphql(page.request, '{ ruleBook(preview: true) { title } }', {}, token);
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

test('promotion list → details → survey answered once, refused the second time', async ({ page }) => {
  const member = await createFreshMember();
  await signInWithStorage(page, member.email);
  await page.goto('/promocoes');
  await page.getByRole('link', { name: 'Clube Premiado 2026/2027' }).click();
  await expect(h1(page)).toHaveText('Clube Premiado 2026/2027');
  await expect(page.getByRole('heading', { name: 'Prêmios' })).toBeVisible();
  await page.getByRole('link', { name: 'Responder à pesquisa' }).click();
  await expect(page).toHaveURL(/\/promocoes\/clube-premiado\/pesquisa$/);
  await expect(h1(page)).toHaveText('Conte como é a sua marcenaria');

  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(page.getByText('Responda esta pergunta.')).toHaveCount(3);

  await page.getByRole('radio', { name: 'De 2 a 5 pessoas' }).check();
  await page.getByRole('checkbox', { name: 'Cozinha' }).check();
  await page.getByRole('checkbox', { name: 'Dormitório' }).check();
  await page
    .getByRole('group', { name: /recomendaria o Clube/ })
    .getByRole('radio', { name: '5' })
    .check();
  await page.getByLabel(/Que prêmio você gostaria/).fill('Uma tupia de bancada');
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(page.getByText('Resposta enviada. Obrigado!')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Você já respondeu esta pesquisa.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar respostas' })).toHaveCount(0);

  const token = await tokenOf(page.request, member.email, member.password);
  const again = await graphql(
    page.request,
    'mutation ($a: [SurveyAnswerInput!]!) { answerPromotionSurvey(promotionSlug: "clube-premiado", answers: $a) { answered } }',
    {
      a: [
        { questionId: 'tamanho-equipe', optionIds: ['so-eu'] },
        { questionId: 'ambientes', optionIds: ['sala'] },
        { questionId: 'satisfacao', scale: 3 },
      ],
    },
    token,
  );
  expect(again.errors?.[0]).toMatchObject({
    message: 'Você já respondeu esta pesquisa. Obrigado!',
    extensions: { code: 'FORBIDDEN' },
  });
});

test('the editor sees every draft, marked as a draft', async ({ page }) => {
  await signInWithStorage(page, editor.email);
  await page.goto('/rascunho/regulamento');
  await expect(h1(page)).toHaveText('Regulamento do Clube do Marceneiro (2027)');
  await expect(page.getByRole('note')).toContainText('Prévia de rascunho');

  await page.goto('/rascunho/promocoes');
  await page.getByRole('link', { name: 'Kit de ferramentas do mês — agora com 20 ganhadores' }).click();
  await expect(page).toHaveURL(/\/rascunho\/promocoes\/kit-ferramentas$/);
  await expect(h1(page)).toHaveText('Kit de ferramentas do mês — agora com 20 ganhadores');
  await expect(page.getByText('Rascunho', { exact: true }).first()).toBeVisible();

  await page.goto('/rascunho/faq');
  await expect(h1(page)).toHaveText('Rascunho das perguntas frequentes');
  await page.getByRole('link', { name: 'Pontos, extrato e validade' }).click();
  await expect(page).toHaveURL(/\/rascunho\/faq\/pontos$/);
  await page.getByRole('link', { name: 'Meus pontos vencem?' }).click();
  await expect(page).toHaveURL(/\/rascunho\/faq\/pontos\/validade$/);
  await expect(page.getByText(/chega também por WhatsApp/)).toBeVisible();

  // The published pages stay as members see them.
  await page.goto('/faq/pontos/validade');
  await expect(page.getByText('12 meses')).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
});

test.describe('accessibility of the content pages (axe-core) @desktop', () => {
  // Each member route is checked with its content in accessibility.spec.ts; these are other items of the same
  // screens (another campaign, survey and FAQ subject), with content the route's sample does not have.
  const memberPages = [
    '/campanhas/101',
    '/promocoes/inverno-aquecido/pesquisa',
    '/faq/notas-fiscais',
    '/faq/notas-fiscais/nota-recusada',
  ];
  for (const path of memberPages) {
    test(`member ${path}`, async ({ memberPage: page }) => {
      await page.goto(path);
      await expect(h1(page)).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }

  for (const path of [
    '/rascunho/regulamento',
    '/rascunho/promocoes',
    '/rascunho/promocoes/kit-ferramentas',
    '/rascunho/faq',
    '/rascunho/faq/pontos',
    '/rascunho/faq/pontos/transferir-pontos',
  ]) {
    test(`editor ${path}`, async ({ editorPage: page }) => {
      await page.goto(path);
      await expect(page.getByRole('note')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('survey form with its errors shown', async ({ page }) => {
    const member = await createFreshMember();
    await signInWithStorage(page, member.email);
    await page.goto('/promocoes/clube-premiado/pesquisa');
    await page.getByRole('button', { name: 'Enviar respostas' }).click();
    await expect(page.getByText('Responda esta pergunta.').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
