// Documents of operations.graphql (codegen writes them beside it): a page ships only the modules it imports.
export {
  InvoiceFieldsFragmentDoc as InvoiceFields,
  QMyInvoicesDocument as QMyInvoices,
  QInvoiceKeyCheckDocument as QInvoiceKeyCheck,
  MSubmitInvoiceDocument as MSubmitInvoice,
  MResendInvoiceDocument as MResendInvoice,
} from './operations.generated';
