// The invoice and points tables are declared with every other table in server/db/schema.ts.
export type {
  EarningRulesTable,
  InvoiceFileRow,
  InvoiceRow,
  InvoiceStatus,
  PointsEntryKind,
  PointsEntryRow,
} from '../../db/schema';
