// Documents of operations.graphql, one typed export each (codegen): a page ships only the documents it imports.
export {
  InvoiceFieldsFragmentDoc as InvoiceFields,
  QMyInvoicesDocument as QMyInvoices,
  QInvoiceKeyCheckDocument as QInvoiceKeyCheck,
  MSubmitInvoiceDocument as MSubmitInvoice,
  MResendInvoiceDocument as MResendInvoice,
} from '../graphql/generated/graphql';
