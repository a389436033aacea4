import type { ApiContext } from '../../graphql/context';
import { unauthenticated } from '../../graphql/errors';
import {
  answerSurvey,
  getCampaign,
  getFaqItem,
  getFaqSubject,
  getPromotion,
  getRuleBook,
  getStandardCampaign,
  hasAnswered,
  listCampaigns,
  listFaqSubjects,
  listPromotions,
  type PageArgs,
  type SurveyParent,
} from './service';
import { scaleBounds, type SurveyQuestion } from './survey';

type Preview = { preview?: boolean | null };
const preview = (args: Preview): boolean => args.preview === true;

const KIND = { single: 'SINGLE_CHOICE', multiple: 'MULTIPLE_CHOICE', scale: 'SCALE', text: 'TEXT' } as const;

function questionOf(q: SurveyQuestion) {
  const scale = q.kind === 'scale' ? scaleBounds(q) : null;
  return {
    id: q.id,
    kind: KIND[q.kind],
    label: q.label,
    required: q.required,
    options: q.options,
    scaleMin: scale?.min ?? null,
    scaleMax: scale?.max ?? null,
    scaleMinLabel: q.minLabel ?? null,
    scaleMaxLabel: q.maxLabel ?? null,
    maxLength: q.kind === 'text' ? (q.maxLength ?? 1000) : null,
  };
}

export const contentResolvers = {
  Query: {
    customCampaigns: (_: unknown, args: PageArgs, ctx: ApiContext) => listCampaigns(ctx, args),
    customCampaign: (_: unknown, args: { id: string } & Preview, ctx: ApiContext) =>
      getCampaign(ctx, args.id, preview(args)),
    standardCampaign: (_: unknown, args: Preview, ctx: ApiContext) => getStandardCampaign(ctx, preview(args)),
    promotions: (_: unknown, args: PageArgs, ctx: ApiContext) => listPromotions(ctx, args),
    promotion: (_: unknown, args: { slug: string } & Preview, ctx: ApiContext) =>
      getPromotion(ctx, args.slug, preview(args)),
    ruleBook: (_: unknown, args: { version?: string | null } & Preview, ctx: ApiContext) =>
      getRuleBook(ctx, args.version, preview(args)),
    faqSubjects: (_: unknown, args: Preview, ctx: ApiContext) => listFaqSubjects(ctx, preview(args)),
    faqSubject: (_: unknown, args: { slug: string } & Preview, ctx: ApiContext) =>
      getFaqSubject(ctx, args.slug, preview(args)),
    faqItem: (_: unknown, args: { subjectSlug: string; slug: string } & Preview, ctx: ApiContext) =>
      getFaqItem(ctx, args.subjectSlug, args.slug, preview(args)),
  },
  Mutation: {
    answerPromotionSurvey: (_: unknown, args: { promotionSlug: string; answers: unknown }, ctx: ApiContext) =>
      answerSurvey(ctx, args.promotionSlug, args.answers),
  },
  Survey: {
    title: (s: SurveyParent) => s.definition.title,
    intro: (s: SurveyParent) => s.definition.intro ?? null,
    questions: (s: SurveyParent) => s.definition.questions.map(questionOf),
    open: (s: SurveyParent) => s.open,
    answered: (s: SurveyParent, _: unknown, ctx: ApiContext) => {
      if (ctx.userId === null) throw unauthenticated();
      // A draft survey is never answered: answers only go to the published promotion.
      return s.isDraft ? false : hasAnswered(ctx.db, s.promotionKey, ctx.userId);
    },
  },
};
