import '../../test/esm-shims';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, gql, loginAs, type TestApp } from '../../test/helpers';
import { importContent } from './importer';
import { DEMO_EDITOR } from '../users';
import { readContentFolder } from './source';

const NOW = Date.parse('2026-11-22T15:00:00.000Z');

let t: TestApp;
let member: Record<string, string>;
let editor: Record<string, string>;

beforeEach(async () => {
  t = await createTestApp({ now: () => NOW });
  member = { authorization: `Bearer ${(await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token}` };
  editor = { authorization: `Bearer ${(await loginAs(t.app, DEMO_EDITOR.email, DEMO_EDITOR.password)).token}` };
});
afterEach(() => t.close());

const CAMPAIGNS = `query ($page: Int, $pageSize: Int, $status: ContentStatus, $preview: Boolean) {
  customCampaigns(page: $page, pageSize: $pageSize, status: $status, preview: $preview) {
    total page pageSize data { id title status isDraft periodStart periodEnd pointsRule banner { url width height alt } }
  }
}`;

type CampaignPage = {
  customCampaigns: {
    total: number;
    page: number;
    pageSize: number;
    data: { id: string; title: string; status: string; isDraft: boolean }[];
  };
};

describe('content lists', () => {
  it('answers customCampaigns as { data, total, page, pageSize }, active first', async () => {
    const res = await gql<CampaignPage>(t.app, CAMPAIGNS, {}, member);
    expect(res.errors).toBeUndefined();
    const page = res.data!.customCampaigns;
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 10 });
    expect(page.data.map((c) => c.status)).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'UPCOMING', 'ENDED']);
    expect(page.data.every((c) => !c.isDraft)).toBe(true);
  });

  it('pages and filters by status', async () => {
    const second = await gql<CampaignPage>(t.app, CAMPAIGNS, { page: 2, pageSize: 2 }, member);
    expect(second.data!.customCampaigns).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.data!.customCampaigns.data).toHaveLength(2);
    const active = await gql<CampaignPage>(t.app, CAMPAIGNS, { status: 'ACTIVE' }, member);
    expect(active.data!.customCampaigns.total).toBe(3);
    const promos = await gql<{ promotions: { total: number; data: { status: string }[] } }>(
      t.app,
      '{ promotions(pageSize: 50) { total data { status } } }',
      {},
      member,
    );
    const counts = promos.data!.promotions.data.reduce<Record<string, number>>(
      (acc, p) => ({ ...acc, [p.status]: (acc[p.status] ?? 0) + 1 }),
      {},
    );
    expect(counts).toEqual({ ACTIVE: 3, UPCOMING: 1, ENDED: 1 });
  });

  it('refuses a page size above 50 and below 1', async () => {
    for (const pageSize of [51, 1000, 0]) {
      const res = await gql(t.app, CAMPAIGNS, { pageSize }, member);
      expect(res.errors?.[0]).toMatchObject({
        message: 'O tamanho da página deve ficar entre 1 e 50.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    const promos = await gql(t.app, '{ promotions(pageSize: 51) { total } }', {}, member);
    expect(promos.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const ok = await gql<CampaignPage>(t.app, CAMPAIGNS, { pageSize: 50 }, member);
    expect(ok.errors).toBeUndefined();
  });

  it('needs a signed-in member', async () => {
    const res = await gql(t.app, CAMPAIGNS);
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('answers NOT_FOUND for an unknown id or slug', async () => {
    for (const query of [
      '{ customCampaign(id: "9999") { id } }',
      '{ promotion(slug: "nao-existe") { slug } }',
      '{ faqSubject(slug: "nao-existe") { slug } }',
      '{ faqItem(subjectSlug: "pontos", slug: "nao-existe") { slug } }',
      '{ faqItem(subjectSlug: "cadastro", slug: "como-ganhar") { slug } }',
      '{ ruleBook(version: "1999-1") { version } }',
    ]) {
      const res = await gql(t.app, query, {}, member);
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });
});

describe('details', () => {
  it('gives a campaign with its banner size and sanitised body', async () => {
    const res = await gql<{
      customCampaign: { title: string; bodyHtml: string; banner: { url: string; width: number; height: number } };
    }>(t.app, '{ customCampaign(id: "101") { title bodyHtml banner { url width height } } }', {}, member);
    expect(res.data!.customCampaign).toMatchObject({
      title: 'Pontos em dobro em ferragens',
      banner: { width: 1200, height: 500 },
    });
    const image = await t.app.inject({ method: 'GET', url: res.data!.customCampaign.banner.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect((await t.app.inject({ method: 'GET', url: '/conteudo/imagens/../../etc/passwd' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/conteudo/imagens/${'0'.repeat(32)}.png` })).statusCode).toBe(
      404,
    );
  });

  it('gives the rule book in force with its versions, and an older version on request', async () => {
    const res = await gql<{
      ruleBook: { version: string; isCurrent: boolean; versions: { version: string; current: boolean }[] };
    }>(t.app, '{ ruleBook { version isCurrent bodyHtml versions { version current } } }', {}, member);
    expect(res.data!.ruleBook).toMatchObject({
      version: '2026-1',
      isCurrent: true,
      versions: [
        { version: '2026-1', current: true },
        { version: '2025-1', current: false },
      ],
    });
    const old = await gql<{ ruleBook: { version: string; isCurrent: boolean } }>(
      t.app,
      '{ ruleBook(version: "2025-1") { version isCurrent } }',
      {},
      member,
    );
    expect(old.data!.ruleBook).toEqual({ version: '2025-1', isCurrent: false });
  });

  it('lists FAQ subjects in order with their items', async () => {
    const res = await gql<{ faqSubjects: { slug: string; items: { slug: string }[] }[] }>(
      t.app,
      '{ faqSubjects { slug items { slug } } }',
      {},
      member,
    );
    expect(res.data!.faqSubjects.map((s) => s.slug)).toEqual([
      'pontos',
      'notas-fiscais',
      'cadastro',
      'promocoes-e-premios',
    ]);
    for (const subject of res.data!.faqSubjects) {
      expect(subject.items.length).toBeGreaterThanOrEqual(3);
      expect(subject.items.length).toBeLessThanOrEqual(6);
    }
    const item = await gql<{ faqItem: { question: string; subjectTitle: string } }>(
      t.app,
      '{ faqItem(subjectSlug: "pontos", slug: "validade") { question subjectTitle answerHtml } }',
      {},
      member,
    );
    expect(item.data!.faqItem).toMatchObject({ question: 'Meus pontos vencem?', subjectTitle: 'Pontos e extrato' });
  });
});

describe('drafts', () => {
  const DRAFT_QUERIES = [
    '{ customCampaigns(preview: true) { total } }',
    '{ customCampaign(id: "101", preview: true) { title } }',
    '{ standardCampaign(preview: true) { title } }',
    '{ promotions(preview: true) { total } }',
    '{ promotion(slug: "kit-ferramentas", preview: true) { title } }',
    '{ ruleBook(preview: true) { title } }',
    '{ faqSubjects(preview: true) { title } }',
    '{ faqSubject(slug: "pontos", preview: true) { title } }',
    '{ faqItem(subjectSlug: "pontos", slug: "validade", preview: true) { question } }',
  ];

  it('refuses every draft query to a member whose account type does not grant preview', async () => {
    for (const query of DRAFT_QUERIES) {
      const res = await gql(t.app, query, {}, member);
      expect(res.errors?.[0]).toMatchObject({ message: 'Conteúdo indisponível.', extensions: { code: 'FORBIDDEN' } });
    }
  });

  it('shows the drafts to the editor, marked as drafts, and never leaks them into published reads', async () => {
    for (const query of DRAFT_QUERIES) expect((await gql(t.app, query, {}, editor)).errors).toBeUndefined();
    const draft = await gql<{ customCampaign: { title: string; isDraft: boolean } }>(
      t.app,
      '{ customCampaign(id: "101", preview: true) { title isDraft } }',
      {},
      editor,
    );
    expect(draft.data!.customCampaign).toEqual({ title: 'Pontos em dobro em ferragens — prorrogada!', isDraft: true });
    const published = await gql<{ customCampaign: { title: string; isDraft: boolean } }>(
      t.app,
      '{ customCampaign(id: "101") { title isDraft } }',
      {},
      editor,
    );
    expect(published.data!.customCampaign).toEqual({ title: 'Pontos em dobro em ferragens', isDraft: false });
    // A draft-only campaign is in the preview list, not in the published one.
    const previewList = await gql<CampaignPage>(t.app, CAMPAIGNS, { preview: true }, editor);
    expect(previewList.data!.customCampaigns.total).toBe(6);
    expect((await gql(t.app, '{ customCampaign(id: "106") { id } }', {}, editor)).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    const rules = await gql<{ ruleBook: { version: string; isDraft: boolean } }>(
      t.app,
      '{ ruleBook(preview: true) { version isDraft } }',
      {},
      editor,
    );
    expect(rules.data!.ruleBook).toEqual({ version: '2027-1', isDraft: true });
    const faq = await gql<{ faqSubject: { title: string; items: { slug: string; isDraft: boolean }[] } }>(
      t.app,
      '{ faqSubject(slug: "pontos", preview: true) { title items { slug isDraft } } }',
      {},
      editor,
    );
    expect(faq.data!.faqSubject.title).toBe('Pontos, extrato e validade');
    expect(faq.data!.faqSubject.items).toContainEqual({ slug: 'transferir-pontos', isDraft: true });
  });
});

const ANSWER = `mutation ($slug: ID!, $answers: [SurveyAnswerInput!]!) {
  answerPromotionSurvey(promotionSlug: $slug, answers: $answers) { answered open }
}`;
const VALID = [
  { questionId: 'tamanho-equipe', optionIds: ['duas-a-cinco'] },
  { questionId: 'ambientes', optionIds: ['cozinha', 'dormitorio'] },
  { questionId: 'satisfacao', scale: 5 },
  { questionId: 'premio-desejado', text: '  Uma tupia de bancada  ' },
];

describe('promotion surveys', () => {
  it('describes the questions and whether the member has answered', async () => {
    const res = await gql<{
      promotion: { survey: { open: boolean; answered: boolean; questions: { kind: string; required: boolean }[] } };
    }>(
      t.app,
      '{ promotion(slug: "clube-premiado") { survey { open answered questions { id kind required options { id } scaleMin scaleMax maxLength } } } }',
      {},
      member,
    );
    expect(res.data!.promotion.survey).toMatchObject({ open: true, answered: false });
    expect(res.data!.promotion.survey.questions.map((q) => q.kind)).toEqual([
      'SINGLE_CHOICE',
      'MULTIPLE_CHOICE',
      'SCALE',
      'TEXT',
    ]);
  });

  it('refuses a missing required answer, with a message under the question', async () => {
    const res = await gql(t.app, ANSWER, { slug: 'clube-premiado', answers: VALID.slice(1) }, member);
    expect(res.errors?.[0]).toMatchObject({
      message: 'Confira as respostas destacadas.',
      extensions: { code: 'BAD_USER_INPUT', fields: { 'tamanho-equipe': 'Responda esta pergunta.' } },
    });
  });

  it('refuses an option that is not in the question, two options on single choice, and a scale out of range', async () => {
    const bad = [
      { questionId: 'tamanho-equipe', optionIds: ['cozinha'] },
      { questionId: 'ambientes', optionIds: ['cozinha', 'garagem'] },
      { questionId: 'satisfacao', scale: 9 },
    ];
    const res = await gql(t.app, ANSWER, { slug: 'clube-premiado', answers: bad }, member);
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: {
        'tamanho-equipe': 'Escolha uma das opções da pergunta.',
        ambientes: 'Escolha uma das opções da pergunta.',
        satisfacao: 'Escolha um valor de 1 a 5.',
      },
    });
    const two = await gql(
      t.app,
      ANSWER,
      { slug: 'clube-premiado', answers: [{ ...VALID[0], optionIds: ['so-eu', 'duas-a-cinco'] }, ...VALID.slice(1)] },
      member,
    );
    expect(two.errors?.[0]?.extensions?.fields).toEqual({ 'tamanho-equipe': 'Escolha só uma opção.' });
    const unknown = await gql(
      t.app,
      ANSWER,
      { slug: 'clube-premiado', answers: [...VALID, { questionId: 'inventada', text: 'x' }] },
      member,
    );
    expect(unknown.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const long = await gql(
      t.app,
      ANSWER,
      {
        slug: 'clube-premiado',
        answers: [...VALID.slice(0, 3), { questionId: 'premio-desejado', text: 'a'.repeat(501) }],
      },
      member,
    );
    expect(long.errors?.[0]?.extensions?.fields).toEqual({ 'premio-desejado': 'Use no máximo 500 caracteres.' });
  });

  it('accepts one answer per member and refuses the second', async () => {
    const first = await gql(t.app, ANSWER, { slug: 'clube-premiado', answers: VALID }, member);
    expect(first.errors).toBeUndefined();
    expect(first.data).toEqual({ answerPromotionSurvey: { answered: true, open: true } });
    const stored = await t.db.selectFrom('survey_responses').select('answers').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.answers)).toContainEqual({ questionId: 'premio-desejado', text: 'Uma tupia de bancada' });
    const second = await gql(t.app, ANSWER, { slug: 'clube-premiado', answers: VALID }, member);
    expect(second.errors?.[0]).toMatchObject({
      message: 'Você já respondeu esta pesquisa. Obrigado!',
      extensions: { code: 'FORBIDDEN' },
    });
    // Another member still may.
    expect((await gql(t.app, ANSWER, { slug: 'clube-premiado', answers: VALID }, editor)).errors).toBeUndefined();
  });

  it('is closed once the promotion has ended', async () => {
    const promo = await gql<{ promotion: { status: string; survey: { open: boolean } } }>(
      t.app,
      '{ promotion(slug: "inverno-aquecido") { status survey { open } } }',
      {},
      member,
    );
    expect(promo.data!.promotion).toEqual({ status: 'ENDED', survey: { open: false } });
    const res = await gql(
      t.app,
      ANSWER,
      {
        slug: 'inverno-aquecido',
        answers: [
          { questionId: 'participou', optionIds: ['sim'] },
          { questionId: 'nota', scale: 4 },
        ],
      },
      member,
    );
    expect(res.errors?.[0]).toMatchObject({
      message: 'A pesquisa desta promoção está encerrada.',
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('answers NOT_FOUND for a promotion without a survey', async () => {
    const res = await gql(t.app, ANSWER, { slug: 'kit-ferramentas', answers: [] }, member);
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('importing content', () => {
  function folderWith(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'conteudo-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return dir;
  }

  const hostile = `---
id: 900
title: Campanha com HTML hostil
start: 2026-11-01
end: 2026-12-31
pointsRule: 1 ponto por real
---
Texto <script>alert('x')</script> normal.

<img src="x" onerror="alert('y')"> <a href="javascript:alert(1)" onclick="alert(2)">clique</a>
<iframe src="https://exemplo.com"></iframe><b style="color:red" onmouseover="alert(3)">negrito</b>
`;

  it('stores rich text with <script> and onerror= harmless, and serves it that way', async () => {
    await importContent(t.db, readContentFolder(folderWith({ 'campanhas/900.md': hostile })));
    const res = await gql<{ customCampaign: { bodyHtml: string } }>(
      t.app,
      '{ customCampaign(id: "900") { bodyHtml } }',
      {},
      member,
    );
    const html = res.data!.customCampaign.bodyHtml;
    expect(html).toContain('normal.');
    expect(html).toContain('<b>negrito</b>');
    for (const bad of ['<script', 'alert', 'onerror', 'onclick', 'onmouseover', 'javascript:', '<iframe', 'style=']) {
      expect(html).not.toContain(bad);
    }
  });

  it('updates in place on a second import, and publishing an item clears its draft', async () => {
    const draft = hostile.replace('Campanha com HTML hostil', 'Rascunho');
    await importContent(
      t.db,
      readContentFolder(folderWith({ 'campanhas/900.md': hostile, 'campanhas/900.rascunho.md': draft })),
    );
    const count = () =>
      t.db.selectFrom('content_entries').where('key', '=', '900').select(['state', 'title']).execute();
    expect(await count()).toHaveLength(2);
    const summary = await importContent(
      t.db,
      readContentFolder(folderWith({ 'campanhas/900.md': hostile.replace('hostil', 'nova') })),
    );
    expect(summary).toMatchObject({ published: 1, drafts: 0, draftsCleared: 1 });
    expect(await count()).toEqual([{ state: 'published', title: 'Campanha com HTML nova' }]);
  });

  it('imports a whole folder as drafts on request', async () => {
    const bundle = readContentFolder(folderWith({ 'campanhas/900.md': hostile }), { asDraft: true });
    expect(bundle.entries.map((e) => e.state)).toEqual(['draft']);
  });

  it('lists every problem of a folder in Portuguese', () => {
    const dir = folderWith({
      'campanhas/sem-cabecalho.md': 'Só texto',
      'promocoes/Maiuscula.md': '---\ntitle: X\nstart: 2026-01-01\nend: 2026-02-01\n---\n',
      'promocoes/datas.md': '---\ntitle: X\nstart: 2026-03-01\nend: 2026-02-01\n---\n',
      'regulamento/2026.md': '---\ntitle: R\neffectiveFrom: 2026-01-01\n---\n![foto](falta.png)',
    });
    expect(() => readContentFolder(dir)).toThrow(/4 problema/);
    try {
      readContentFolder(dir);
    } catch (error) {
      const text = String((error as Error).message);
      expect(text).toContain('falta o cabeçalho');
      expect(text).toContain('não serve como endereço');
      expect(text).toContain('o fim (end) vem antes do início (start)');
      expect(text).toContain('a imagem falta.png não existe');
    }
  });
});
