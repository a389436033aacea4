// Documents of operations.graphql, one typed export each (codegen): a page ships only the documents it imports.
export {
  ContentImageFieldsFragmentDoc as ContentImageFields,
  CampaignCardFieldsFragmentDoc as CampaignCardFields,
  PromotionCardFieldsFragmentDoc as PromotionCardFields,
  QCampaignsDocument as QCampaigns,
  QCampaignDocument as QCampaign,
  QStandardCampaignDocument as QStandardCampaign,
  QPromotionsDocument as QPromotions,
  QPromotionDocument as QPromotion,
  QPromotionSurveyDocument as QPromotionSurvey,
  MAnswerPromotionSurveyDocument as MAnswerPromotionSurvey,
  QRuleBookDocument as QRuleBook,
  QFaqSubjectsDocument as QFaqSubjects,
  QFaqSubjectDocument as QFaqSubject,
  QFaqItemDocument as QFaqItem,
} from '../graphql/generated/graphql';
