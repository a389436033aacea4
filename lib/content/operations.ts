import { graphql } from '../graphql/generated';

// Club content (campaigns, promotions, surveys, rule book, FAQ). `preview` asks for drafts; the API refuses it to
// accounts without content preview.

export const ContentImageFields = graphql(`
  fragment ContentImageFields on ContentImage {
    url
    width
    height
    alt
  }
`);

export const CampaignCardFields = graphql(`
  fragment CampaignCardFields on Campaign {
    id
    title
    summary
    periodStart
    periodEnd
    status
    isDraft
    banner {
      ...ContentImageFields
    }
  }
`);

export const PromotionCardFields = graphql(`
  fragment PromotionCardFields on Promotion {
    slug
    title
    summary
    periodStart
    periodEnd
    status
    hasSurvey
    isDraft
    banner {
      ...ContentImageFields
    }
  }
`);

export const QCampaigns = graphql(`
  query QCampaigns($page: Int!, $pageSize: Int!, $status: ContentStatus, $preview: Boolean) {
    customCampaigns(page: $page, pageSize: $pageSize, status: $status, preview: $preview) {
      total
      page
      pageSize
      data {
        ...CampaignCardFields
      }
    }
  }
`);

export const QCampaign = graphql(`
  query QCampaign($id: ID!) {
    customCampaign(id: $id) {
      ...CampaignCardFields
      bodyHtml
      pointsRule
      updatedAt
    }
  }
`);

export const QStandardCampaign = graphql(`
  query QStandardCampaign {
    standardCampaign {
      title
      summary
      bodyHtml
      pointsRule
      isDraft
      updatedAt
      banner {
        ...ContentImageFields
      }
    }
  }
`);

export const QPromotions = graphql(`
  query QPromotions($page: Int!, $pageSize: Int!, $status: ContentStatus, $preview: Boolean) {
    promotions(page: $page, pageSize: $pageSize, status: $status, preview: $preview) {
      total
      page
      pageSize
      data {
        ...PromotionCardFields
      }
    }
  }
`);

export const QPromotion = graphql(`
  query QPromotion($slug: ID!, $preview: Boolean) {
    promotion(slug: $slug, preview: $preview) {
      ...PromotionCardFields
      rulesHtml
      updatedAt
      prizes {
        title
        quantity
      }
      survey {
        title
        open
        answered
      }
    }
  }
`);

export const QPromotionSurvey = graphql(`
  query QPromotionSurvey($slug: ID!) {
    promotion(slug: $slug) {
      slug
      title
      status
      periodEnd
      survey {
        title
        intro
        open
        answered
        questions {
          id
          kind
          label
          required
          options {
            id
            label
          }
          scaleMin
          scaleMax
          scaleMinLabel
          scaleMaxLabel
          maxLength
        }
      }
    }
  }
`);

export const MAnswerPromotionSurvey = graphql(`
  mutation MAnswerPromotionSurvey($promotionSlug: ID!, $answers: [SurveyAnswerInput!]!) {
    answerPromotionSurvey(promotionSlug: $promotionSlug, answers: $answers) {
      open
      answered
    }
  }
`);

export const QRuleBook = graphql(`
  query QRuleBook($version: ID, $preview: Boolean) {
    ruleBook(version: $version, preview: $preview) {
      version
      title
      summary
      effectiveFrom
      bodyHtml
      isDraft
      isCurrent
      updatedAt
      versions {
        version
        title
        effectiveFrom
        current
      }
    }
  }
`);

export const QFaqSubjects = graphql(`
  query QFaqSubjects($preview: Boolean) {
    faqSubjects(preview: $preview) {
      slug
      title
      description
      isDraft
      items {
        slug
        question
        isDraft
      }
    }
  }
`);

export const QFaqSubject = graphql(`
  query QFaqSubject($slug: ID!, $preview: Boolean) {
    faqSubject(slug: $slug, preview: $preview) {
      slug
      title
      description
      isDraft
      items {
        slug
        question
        isDraft
      }
    }
  }
`);

export const QFaqItem = graphql(`
  query QFaqItem($subjectSlug: ID!, $slug: ID!, $preview: Boolean) {
    faqItem(subjectSlug: $subjectSlug, slug: $slug, preview: $preview) {
      slug
      subjectSlug
      subjectTitle
      question
      answerHtml
      isDraft
      updatedAt
    }
  }
`);
