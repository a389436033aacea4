// The form's documents (submit-operations.graphql), imported dynamically: the page's first load has only the list's.
export {
  QInvoiceKeyCheckDocument as QInvoiceKeyCheck,
  MSubmitInvoiceDocument as MSubmitInvoice,
} from './submit-operations.generated';
