// The content documents, one module per .graphql file (codegen), re-exported here: a page ships only the module of
// the screen it shows (package.json's sideEffects lets webpack skip this file for the module it names).
export {
  ContentImageFieldsFragmentDoc as ContentImageFields,
  CampaignCardFieldsFragmentDoc as CampaignCardFields,
  PromotionCardFieldsFragmentDoc as PromotionCardFields,
} from './operations.generated';
export {
  QCampaignsDocument as QCampaigns,
  QCampaignDocument as QCampaign,
  QStandardCampaignDocument as QStandardCampaign,
} from './campaign-operations.generated';
export { QPromotionsDocument as QPromotions, QPromotionDocument as QPromotion } from './promotion-operations.generated';
export {
  QPromotionSurveyDocument as QPromotionSurvey,
  MAnswerPromotionSurveyDocument as MAnswerPromotionSurvey,
} from './survey-operations.generated';
export { QRuleBookDocument as QRuleBook } from './rule-book-operations.generated';
export {
  QFaqSubjectsDocument as QFaqSubjects,
  QFaqSubjectDocument as QFaqSubject,
  QFaqItemDocument as QFaqItem,
} from './faq-operations.generated';
