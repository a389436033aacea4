// `npm run invoices -- audit-xml`: every stored NF-e XML checked again against today's trust store. It only lists:
// the ledger is append-only and an invoice keeps its points; the club decides what to do with each.
import { parseNfeXml } from '../../../common/invoices/nfe-xml';
import type { Db, InvoiceStatus } from '../../db/schema';
import type { FileStorage } from '../../storage/file-storage';
import type { NfeTrustStore } from './nfe-trust/certificate-chain';
import { verifyNfe } from './nfe-trust/verify-nfe';
import * as repo from './repository';
import { readStored } from './storage';

export interface XmlAuditFinding {
  readonly invoiceId: number;
  readonly accessKey: string;
  readonly status: InvoiceStatus;
  /** The staff reason (verify-nfe.ts), or why the file could not be read. */
  readonly reason: string;
}

export const AUDIT_REASONS = {
  missing: 'arquivo do XML não encontrado',
  unreadable: 'XML ilegível',
} as const;

/** Invoices read from the database at a time: the files are read one by one. */
const PAGE = 100;

export async function auditStoredXml(deps: {
  readonly db: Db;
  readonly storage: FileStorage;
  readonly nfeTrust: NfeTrustStore;
}): Promise<{ checked: number; findings: XmlAuditFinding[] }> {
  const findings: XmlAuditFinding[] = [];
  let checked = 0;
  let after = 0;
  for (;;) {
    const page = await repo.xmlInvoicesAfter(deps.db, after, PAGE);
    for (const invoice of page) {
      checked += 1;
      const reason = await reasonOf(deps, invoice.storage_path);
      if (reason)
        findings.push({ invoiceId: invoice.id, accessKey: invoice.access_key, status: invoice.status, reason });
    }
    if (page.length < PAGE) return { checked, findings };
    after = page.at(-1)!.id;
  }
}

async function reasonOf(
  deps: { readonly storage: FileStorage; readonly nfeTrust: NfeTrustStore },
  storagePath: string,
): Promise<string | null> {
  let text: string;
  try {
    text = (await readStored(deps.storage, storagePath)).toString('utf8');
  } catch {
    return AUDIT_REASONS.missing;
  }
  const parsed = parseNfeXml(text);
  if (!parsed.ok) return AUDIT_REASONS.unreadable;
  const verification = verifyNfe(text, parsed.data, deps.nfeTrust);
  return verification.ok ? null : verification.reason;
}
