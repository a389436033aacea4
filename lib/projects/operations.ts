import { graphql } from '../graphql/generated';

export const ProjectPhotoFields = graphql(`
  fragment ProjectPhotoFields on ProjectPhoto {
    id
    position
    alt
    url
    width
    height
    thumbnailUrl
    thumbnailWidth
    thumbnailHeight
  }
`);

export const ProjectCardFields = graphql(`
  fragment ProjectCardFields on Project {
    id
    title
    environment
    status
    points
    createdAt
    cover {
      ...ProjectPhotoFields
    }
  }
`);

export const ProjectFields = graphql(`
  fragment ProjectFields on Project {
    ...ProjectCardFields
    description
    uf
    city
    finishedMonth
    rejectionReason
    publishConsent
    published
    campaignSlug
    campaignTitle
    updatedAt
    products {
      id
      name
      category
    }
    invoices {
      id
      number
      issuerName
      issuedMonth
    }
    photos {
      ...ProjectPhotoFields
    }
    events {
      status
      note
      at
    }
  }
`);

export const QProjects = graphql(`
  query QProjects($pageSize: Int, $after: String) {
    projects(pageSize: $pageSize, after: $after) {
      data {
        ...ProjectCardFields
      }
      total
      hasMore
      nextCursor
    }
  }
`);

export const QProject = graphql(`
  query QProject($id: ID!) {
    project(id: $id) {
      ...ProjectFields
    }
  }
`);

export const QProductCatalog = graphql(`
  query QProductCatalog($search: String) {
    productCatalog(search: $search) {
      id
      name
      category
    }
  }
`);

/** The form's choices: states, the member's invoices (approved ones can be linked), campaigns and promotions running now. */
export const QProjectLinkOptions = graphql(`
  query QProjectLinkOptions {
    states {
      id
      uf
      name
    }
    myInvoices(first: 20) {
      data {
        id
        status
        number
        issuerName
        issuedMonth
      }
    }
    customCampaigns(pageSize: 20, status: ACTIVE) {
      data {
        id
        title
      }
    }
    promotions(pageSize: 20, status: ACTIVE) {
      data {
        slug
        title
      }
    }
  }
`);

export const MUploadProjectPhoto = graphql(`
  mutation MUploadProjectPhoto($file: Upload!, $idempotencyKey: String!) {
    uploadProjectPhoto(file: $file, idempotencyKey: $idempotencyKey) {
      id
      width
      height
      thumbnailUrl
      thumbnailWidth
      thumbnailHeight
    }
  }
`);

export const MSubmitProject = graphql(`
  mutation MSubmitProject($input: ProjectInput!, $photoIds: [ID!]!, $idempotencyKey: String!) {
    submitProject(input: $input, photoIds: $photoIds, idempotencyKey: $idempotencyKey) {
      ...ProjectFields
    }
  }
`);

export const MResendProject = graphql(`
  mutation MResendProject($id: ID!, $input: ProjectInput!, $photoIds: [ID!]!, $idempotencyKey: String!) {
    resendProject(id: $id, input: $input, photoIds: $photoIds, idempotencyKey: $idempotencyKey) {
      ...ProjectFields
    }
  }
`);
