import { z } from 'zod';
import { isUniqueViolation } from '../../db/dialect';
import { forbidden, notFound } from '../../errors/api-errors';
import { parseInput } from '../../errors/parse-input';
import { surveyDefinitionSchema, validateAnswers, type SurveyDefinition } from './survey';
import { assetUrl } from './asset-url';
import { type ContentKind } from '../../db/schema';
import { requireMember } from '../users';
import { nowOf, type ServiceDeps } from '../service-deps';
import * as repo from './repository';
import { hasAnswered, insertSurveyResponse, type VisibleRow } from './repository';
// Periods are calendar days in Brasília time: a promotion that ends on the 30th is open all of that day.
import { todayInBrazil } from '../../../common/format/dates';

type Deps = ServiceDeps<'db' | 'config' | 'userId'>;

/** accountType values that may read drafts (the /rascunho/... pages). */
export const CONTENT_PREVIEW_ACCOUNT_TYPES: readonly string[] = ['editor'];
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
export const CONTENT_UNAVAILABLE_MESSAGE = 'Conteúdo indisponível.';

export type ContentStatus = 'UPCOMING' | 'ACTIVE' | 'ENDED';

export function statusOf(startsOn: string | null, endsOn: string | null, today: string): ContentStatus {
  if (startsOn !== null && startsOn > today) return 'UPCOMING';
  if (endsOn !== null && endsOn < today) return 'ENDED';
  return 'ACTIVE';
}

const requireReaderMember = (deps: Deps) => requireMember(deps.db, deps.userId);

/** Every content read needs a member; drafts also need an account type that grants preview. */
async function requireReader(deps: Deps, preview: boolean) {
  const user = await requireReaderMember(deps);
  if (preview && !CONTENT_PREVIEW_ACCOUNT_TYPES.includes(user.account_type ?? ''))
    throw forbidden(CONTENT_UNAVAILABLE_MESSAGE);
  return user;
}

const banner = (row: VisibleRow) =>
  row.banner_asset_id && row.banner_width && row.banner_height
    ? { url: assetUrl(row.banner_asset_id), width: row.banner_width, height: row.banner_height, alt: row.banner_alt }
    : null;

const dataOf = (row: VisibleRow): Record<string, unknown> => {
  try {
    return JSON.parse(row.data) as Record<string, unknown>;
  } catch {
    return {};
  }
};

const pageArgs = z.object({
  page: z.number().int().min(1, 'A página começa em 1.').max(10000, 'Página inválida.').default(1),
  pageSize: z
    .number()
    .int()
    .min(1, `O tamanho da página deve ficar entre 1 e ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `O tamanho da página deve ficar entre 1 e ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE),
  status: z.enum(['UPCOMING', 'ACTIVE', 'ENDED']).nullish(),
  preview: z.boolean().nullish(),
});
export type PageArgs = z.input<typeof pageArgs>;

const keyArg = z.string().trim().min(1, 'Conteúdo não encontrado.').max(80, 'Conteúdo não encontrado.');

/** Active first, then upcoming, then ended; newest start first inside each group. */
async function listPeriodic(deps: Deps, kind: 'campaign' | 'promotion', rawArgs: PageArgs) {
  const args = parseInput(pageArgs, rawArgs);
  const preview = args.preview ?? false;
  await requireReader(deps, preview);
  const db = deps.db;
  const today = todayInBrazil(deps.config.now());
  const { rows, total } = await repo.periodicPage(db, kind, {
    preview,
    status: args.status,
    today,
    page: args.page,
    pageSize: args.pageSize,
  });
  return { rows, total, page: args.page, pageSize: args.pageSize, today, preview };
}

async function findOne(deps: Deps, kind: ContentKind, key: unknown, preview: boolean, parentKey = '') {
  const k = parseInput(keyArg, key);
  return repo.findVisible(deps.db, kind, preview, parentKey, k);
}

// ---- Campaigns -------------------------------------------------------------------------------------------------

function campaignOf(row: VisibleRow, today: string) {
  return {
    id: row.key,
    title: row.title,
    summary: row.summary,
    bodyHtml: row.body_html,
    banner: banner(row),
    periodStart: row.starts_on,
    periodEnd: row.ends_on,
    status: statusOf(row.starts_on, row.ends_on, today),
    pointsRule: String(dataOf(row)['pointsRule'] ?? ''),
    isDraft: row.state === 'draft',
    updatedAt: row.updated_at,
  };
}

export async function listCampaigns(deps: Deps, args: PageArgs) {
  const { rows, today, ...page } = await listPeriodic(deps, 'campaign', args);
  return { data: rows.map((r) => campaignOf(r, today)), total: page.total, page: page.page, pageSize: page.pageSize };
}

export async function getCampaign(deps: Deps, id: unknown, preview: boolean) {
  await requireReader(deps, preview);
  const row = await findOne(deps, 'campaign', id, preview);
  if (!row) throw notFound('Campanha não encontrada.');
  return campaignOf(row, todayInBrazil(deps.config.now()));
}

export async function getStandardCampaign(deps: Deps, preview: boolean) {
  await requireReader(deps, preview);
  const row = await findOne(deps, 'standard-campaign', 'padrao', preview);
  if (!row) throw notFound('A campanha padrão ainda não foi publicada.');
  const {
    id: _id,
    periodStart: _s,
    periodEnd: _e,
    status: _st,
    ...rest
  } = campaignOf(row, todayInBrazil(deps.config.now()));
  return rest;
}

// ---- Promotions ------------------------------------------------------------------------------------------------

export interface SurveyParent {
  readonly promotionKey: string;
  readonly definition: SurveyDefinition;
  readonly open: boolean;
  readonly status: ContentStatus;
  readonly isDraft: boolean;
}

function promotionOf(row: VisibleRow, today: string) {
  const data = dataOf(row);
  const status = statusOf(row.starts_on, row.ends_on, today);
  const parsedSurvey = data['survey'] ? surveyDefinitionSchema.safeParse(data['survey']) : null;
  const definition = parsedSurvey?.success ? parsedSurvey.data : null;
  const isDraft = row.state === 'draft';
  const prizes = Array.isArray(data['prizes']) ? (data['prizes'] as { title: string; quantity?: number }[]) : [];
  return {
    slug: row.key,
    title: row.title,
    summary: row.summary,
    rulesHtml: row.body_html,
    banner: banner(row),
    periodStart: row.starts_on,
    periodEnd: row.ends_on,
    status,
    prizes: prizes.map((p) => ({ title: p.title, quantity: p.quantity ?? null })),
    hasSurvey: definition !== null,
    survey: definition
      ? ({
          promotionKey: row.key,
          definition,
          open: status === 'ACTIVE' && !isDraft,
          status,
          isDraft,
        } satisfies SurveyParent)
      : null,
    isDraft,
    updatedAt: row.updated_at,
  };
}

export async function listPromotions(deps: Deps, args: PageArgs) {
  const { rows, today, ...page } = await listPeriodic(deps, 'promotion', args);
  return { data: rows.map((r) => promotionOf(r, today)), total: page.total, page: page.page, pageSize: page.pageSize };
}

export async function getPromotion(deps: Deps, slug: unknown, preview: boolean) {
  await requireReader(deps, preview);
  const row = await findOne(deps, 'promotion', slug, preview);
  if (!row) throw notFound('Promoção não encontrada.');
  return promotionOf(row, todayInBrazil(deps.config.now()));
}

const ALREADY_ANSWERED = 'Você já respondeu esta pesquisa. Obrigado!';

export async function answerSurvey(deps: Deps, promotionSlug: unknown, answers: unknown) {
  const user = await requireReaderMember(deps);
  const promotion = await getPromotion(deps, promotionSlug, false);
  if (!promotion.survey) throw notFound('Esta promoção não tem pesquisa.');
  if (promotion.status === 'ENDED') throw forbidden('A pesquisa desta promoção está encerrada.');
  if (promotion.status === 'UPCOMING') throw forbidden('A pesquisa desta promoção ainda não começou.');
  if (await hasAnswered(deps.db, promotion.slug, user.id)) throw forbidden(ALREADY_ANSWERED);
  const stored = validateAnswers(promotion.survey.definition, answers);
  try {
    await insertSurveyResponse(deps.db, {
      promotion_key: promotion.slug,
      user_id: user.id,
      answers: JSON.stringify(stored),
      created_at: nowOf(deps).toISOString(),
    });
  } catch (error) {
    // Two submissions racing: the unique constraint lets only one through.
    if (isUniqueViolation(error)) throw forbidden(ALREADY_ANSWERED);
    throw error;
  }
  return promotion.survey;
}

// ---- Rule book -------------------------------------------------------------------------------------------------

export async function getRuleBook(deps: Deps, version: unknown, preview: boolean) {
  await requireReader(deps, preview);
  const db = deps.db;
  const today = todayInBrazil(deps.config.now());
  const published = await repo.publishedRuleBooks(db);
  // The version in force: the newest that has started; before any has started, the oldest one.
  const current = published.find((r) => (r.starts_on ?? '') <= today) ?? published[published.length - 1];
  let row: VisibleRow | undefined;
  if (version !== undefined && version !== null) {
    const wanted = parseInput(keyArg, version);
    row = preview ? await findOne(deps, 'rule-book', wanted, true) : published.find((r) => r.key === wanted);
    if (!row) throw notFound('Versão do regulamento não encontrada.');
  } else if (preview) {
    row = (await repo.newestRuleBookDraft(db)) ?? current;
  } else {
    row = current;
  }
  if (!row) throw notFound('O regulamento ainda não foi publicado.');
  return {
    version: row.key,
    title: row.title,
    summary: row.summary,
    effectiveFrom: row.starts_on ?? '',
    bodyHtml: row.body_html,
    isDraft: row.state === 'draft',
    isCurrent: row.state === 'published' && row.key === current?.key,
    updatedAt: row.updated_at,
    versions: published.map((r) => ({
      version: r.key,
      title: r.title,
      effectiveFrom: r.starts_on ?? '',
      current: r.key === current?.key,
    })),
  };
}

// ---- FAQ -------------------------------------------------------------------------------------------------------

async function faqItemsOf(deps: Deps, subjectKey: string, preview: boolean) {
  const rows = await repo.faqItemsOf(deps.db, subjectKey, preview);
  return rows.map((r) => faqItemOf(r, subjectKey, ''));
}

function faqItemOf(row: VisibleRow, subjectSlug: string, subjectTitle: string) {
  return {
    slug: row.key,
    subjectSlug,
    subjectTitle,
    question: row.title,
    answerHtml: row.body_html,
    isDraft: row.state === 'draft',
    updatedAt: row.updated_at,
  };
}

async function faqSubjectOf(deps: Deps, row: VisibleRow, preview: boolean) {
  const items = await faqItemsOf(deps, row.key, preview);
  return {
    slug: row.key,
    title: row.title,
    description: String(dataOf(row)['description'] ?? '') || row.summary,
    isDraft: row.state === 'draft',
    items: items.map((i) => ({ ...i, subjectTitle: row.title })),
  };
}

export async function listFaqSubjects(deps: Deps, preview: boolean) {
  await requireReader(deps, preview);
  const rows = await repo.faqSubjects(deps.db, preview);
  return Promise.all(rows.map((r) => faqSubjectOf(deps, r, preview)));
}

export async function getFaqSubject(deps: Deps, slug: unknown, preview: boolean) {
  await requireReader(deps, preview);
  const row = await findOne(deps, 'faq-subject', slug, preview);
  if (!row) throw notFound('Assunto não encontrado.');
  return faqSubjectOf(deps, row, preview);
}

export async function getFaqItem(deps: Deps, subjectSlug: unknown, slug: unknown, preview: boolean) {
  await requireReader(deps, preview);
  const subject = await findOne(deps, 'faq-subject', subjectSlug, preview);
  if (!subject) throw notFound('Pergunta não encontrada.');
  const row = await findOne(deps, 'faq-item', slug, preview, subject.key);
  if (!row) throw notFound('Pergunta não encontrada.');
  return faqItemOf(row, subject.key, subject.title);
}
