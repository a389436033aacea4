// The invoice's points per item (earning-operations.graphql), loaded when a card with an XML opens.
export { QInvoiceEarningDocument as QInvoiceEarning } from './earning-operations.generated';
