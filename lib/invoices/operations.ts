import { graphql } from '../graphql/generated';

export const InvoiceFields = graphql(`
  fragment InvoiceFields on Invoice {
    id
    accessKey
    status
    uf
    issuedMonth
    issuerCnpj
    model
    series
    number
    hasXml
    issuerName
    issuedAt
    totalCents
    flagReason
    rejectionReason
    points
    createdAt
    updatedAt
    files {
      id
      name
      kind
      sizeBytes
      url
    }
    events {
      status
      note
      at
    }
  }
`);

export const QMyInvoices = graphql(`
  query QMyInvoices($first: Int, $after: String) {
    myInvoices(first: $first, after: $after) {
      data {
        ...InvoiceFields
      }
      hasMore
      nextCursor
    }
  }
`);

export const QInvoiceKeyCheck = graphql(`
  query QInvoiceKeyCheck($accessKey: String!) {
    invoiceKeyCheck(accessKey: $accessKey) {
      available
      message
    }
  }
`);

export const MSubmitInvoice = graphql(`
  mutation MSubmitInvoice($input: SubmitInvoiceInput!) {
    submitInvoice(input: $input) {
      ...InvoiceFields
    }
  }
`);

export const MResendInvoice = graphql(`
  mutation MResendInvoice($id: ID!, $idempotencyKey: String!, $files: [Upload!]!) {
    resendInvoice(id: $id, idempotencyKey: $idempotencyKey, files: $files) {
      ...InvoiceFields
    }
  }
`);
