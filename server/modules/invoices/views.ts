// What the API answers about an invoice: its fields, files (with signed links) and history.
import type { AppConfig } from '../../config';
import type { Db, InvoiceRow, InvoiceStatus } from '../../db/schema';
import { signedFileUrl } from './file-links';
import { currentFilesOf, eventsOf, sefazCancelledAmong, storeNamesByCnpj } from './repository';

export interface InvoiceView {
  id: string;
  accessKey: string;
  status: 'RECEIVED' | 'IN_REVIEW' | 'APPROVED' | 'REJECTED';
  uf: string;
  issuedMonth: string;
  issuerCnpj: string;
  model: number;
  series: number;
  number: number;
  hasXml: boolean;
  issuerName: string | null;
  issuedAt: string | null;
  totalCents: number | null;
  items: { description: string; quantity: string; unit: string; totalCents: number }[];
  flagReason: string | null;
  rejectionReason: string | null;
  /** Refused and open to new files: not once the SEFAZ said the NF-e was cancelled. */
  resendable: boolean;
  points: number | null;
  sentViaWhatsapp: boolean;
  createdAt: string;
  updatedAt: string;
  files: { id: string; name: string; kind: string; sizeBytes: number; url: string }[];
  events: { status: InvoiceView['status']; note: string | null; at: string }[];
}

/** Prefix of the event note that records a re-send attempt's idempotency key. */
export const RESEND_NOTE = 'reenvio:';

const statusEnum = (status: InvoiceStatus) => status.toUpperCase() as InvoiceView['status'];

export async function toViews(db: Db, config: AppConfig, invoices: InvoiceRow[]): Promise<InvoiceView[]> {
  if (invoices.length === 0) return [];
  const ids = invoices.map((i) => i.id);
  const cnpjs = [...new Set(invoices.map((i) => i.issuer_cnpj))];
  const [files, events, storeNames, cancelled] = await Promise.all([
    currentFilesOf(db, ids),
    eventsOf(db, ids),
    storeNamesByCnpj(db, cnpjs),
    sefazCancelledAmong(
      db,
      invoices.filter((i) => i.status === 'rejected').map((i) => i.id),
    ),
  ]);
  const now = config.now();
  return invoices.map((inv) => ({
    id: String(inv.id),
    accessKey: inv.access_key,
    status: statusEnum(inv.status),
    uf: inv.uf,
    issuedMonth: inv.issued_month,
    issuerCnpj: inv.issuer_cnpj,
    model: inv.model,
    series: inv.series,
    number: inv.number,
    hasXml: inv.has_xml === 1,
    // A partner store's name is the one the member knows, and it is there for a photo as much as for an XML; the
    // XML's issuer name covers the stores that are not partners.
    issuerName: storeNames.get(inv.issuer_cnpj) ?? inv.issuer_name,
    issuedAt: inv.issued_at,
    totalCents: inv.total_cents,
    items: inv.items_json ? (JSON.parse(inv.items_json) as InvoiceView['items']) : [],
    flagReason: inv.flag_reason,
    rejectionReason: inv.rejection_reason,
    resendable: inv.status === 'rejected' && !cancelled.has(inv.id),
    points: inv.points,
    sentViaWhatsapp: inv.channel === 'whatsapp',
    createdAt: inv.created_at,
    updatedAt: inv.updated_at,
    files: files
      .filter((f) => f.invoice_id === inv.id)
      .map((f) => ({
        id: String(f.id),
        name: f.original_name,
        kind: f.kind,
        sizeBytes: f.size_bytes,
        url: signedFileUrl(config.jwtSecret, f.id, inv.user_id, now),
      })),
    events: events
      .filter((e) => e.invoice_id === inv.id)
      .map((e) => ({
        status: statusEnum(e.status),
        note: e.note?.startsWith(RESEND_NOTE) ? 'Reenviada com arquivo corrigido.' : e.note,
        at: e.created_at,
      })),
  }));
}

export async function toView(db: Db, config: AppConfig, invoice: InvoiceRow): Promise<InvoiceView> {
  const [view] = await toViews(db, config, [invoice]);
  if (!view) throw new Error('invoice view missing');
  return view;
}
