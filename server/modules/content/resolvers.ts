import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { unauthenticated } from '../../errors/api-errors';
import {
  answerSurvey,
  getCampaign,
  getFaqItem,
  getFaqSubject,
  getPromotion,
  getRuleBook,
  getStandardCampaign,
  listCampaigns,
  listFaqSubjects,
  listPromotions,
} from './service';
import { hasAnswered } from './repository';
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

export const contentResolvers: Resolvers = {
  Query: {
    customCampaigns: (_, args, ctx) => listCampaigns(ctx, args),
    customCampaign: (_, args, ctx) => getCampaign(ctx, args.id, preview(args)),
    standardCampaign: (_, args, ctx) => getStandardCampaign(ctx, preview(args)),
    promotions: (_, args, ctx) => listPromotions(ctx, args),
    promotion: (_, args, ctx) => getPromotion(ctx, args.slug, preview(args)),
    ruleBook: (_, args, ctx) => getRuleBook(ctx, args.version, preview(args)),
    faqSubjects: (_, args, ctx) => listFaqSubjects(ctx, preview(args)),
    faqSubject: (_, args, ctx) => getFaqSubject(ctx, args.slug, preview(args)),
    faqItem: (_, args, ctx) => getFaqItem(ctx, args.subjectSlug, args.slug, preview(args)),
  },
  Mutation: {
    answerPromotionSurvey: (_, args, ctx) => answerSurvey(ctx, args.promotionSlug, args.answers),
  },
  Survey: {
    title: (s) => s.definition.title,
    intro: (s) => s.definition.intro ?? null,
    questions: (s) => s.definition.questions.map(questionOf),
    open: (s) => s.open,
    answered: (s, _, ctx) => {
      if (ctx.userId === null) throw unauthenticated();
      // A draft survey is never answered: answers only go to the published promotion.
      return s.isDraft ? false : hasAnswered(ctx.db, s.promotionKey, ctx.userId);
    },
  },
};
