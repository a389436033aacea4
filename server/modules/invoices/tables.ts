import type { Generated, Selectable } from 'kysely';

/** 0/1 integers: SQLite has no boolean type. */
type Flag = number;

// The invoice and points tables join the shared Database type by interface merging, so this branch never edits
// server/db/schema.ts, which other modules change at the same time.
declare module '../../db/schema' {
  interface Database {
    stores: StoresTable;
    earning_rules: EarningRulesTable;
    invoices: InvoicesTable;
    invoice_files: InvoiceFilesTable;
    invoice_events: InvoiceEventsTable;
    points_ledger: PointsLedgerTable;
    points_balances: PointsBalancesTable;
  }
}

export interface StoresTable {
  id: Generated<number>;
  cnpj: string;
  name: string;
  created_at: Generated<string>;
}

export interface EarningRulesTable {
  id: Generated<number>;
  code: string;
  name: string;
  kind: 'base' | 'multiplier';
  points_per_real: Generated<number>;
  multiplier_percent: Generated<number>;
  /** YYYY-MM-DD, inclusive; null means open. */
  starts_on: string | null;
  ends_on: string | null;
  active: Generated<Flag>;
}

export type InvoiceStatus = 'received' | 'in_review' | 'approved' | 'rejected';

export interface InvoicesTable {
  id: Generated<number>;
  user_id: number;
  access_key: string;
  idempotency_key: string;
  status: InvoiceStatus;
  uf: string;
  /** YYYY-MM from the key. */
  issued_month: string;
  issuer_cnpj: string;
  model: number;
  series: number;
  number: number;
  has_xml: Generated<Flag>;
  issuer_name: string | null;
  issued_at: string | null;
  total_cents: number | null;
  buyer_document: string | null;
  items_json: string | null;
  flag_reason: string | null;
  rejection_reason: string | null;
  points: number | null;
  created_at: string;
  updated_at: string;
}

export interface InvoiceFilesTable {
  id: Generated<number>;
  invoice_id: number;
  kind: string;
  original_name: string;
  size_bytes: number;
  sha256: string;
  /** Relative to DATA_DIR/uploads. */
  storage_path: string;
  created_at: string;
  replaced_at: string | null;
}

export interface InvoiceEventsTable {
  id: Generated<number>;
  invoice_id: number;
  status: InvoiceStatus;
  note: string | null;
  created_at: string;
}

export type PointsEntryKind = 'credit' | 'bonus' | 'expiry' | 'adjustment';

export interface PointsLedgerTable {
  id: Generated<number>;
  user_id: number;
  kind: PointsEntryKind;
  points: number;
  description: string;
  invoice_id: number | null;
  rule_id: number | null;
  expires_at: string | null;
  expired_entry_id: number | null;
  balance_after: number;
  lot_cumulative: number | null;
  created_at: string;
}

export interface PointsBalancesTable {
  user_id: number;
  balance: number;
  lots_total: number;
  updated_at: string;
}

export type InvoiceRow = Selectable<InvoicesTable>;
export type InvoiceFileRow = Selectable<InvoiceFilesTable>;
export type PointsEntryRow = Selectable<PointsLedgerTable>;
