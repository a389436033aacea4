// Documents of operations.graphql and resend-operations.graphql (codegen writes them beside each): a page ships only
// the modules it imports.
export { InvoiceFieldsFragmentDoc as InvoiceFields, QMyInvoicesDocument as QMyInvoices } from './operations.generated';
export { MResendInvoiceDocument as MResendInvoice } from './resend-operations.generated';
