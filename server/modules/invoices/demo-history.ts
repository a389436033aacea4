import { Readable } from 'node:stream';
import { sampleNfeXml, type SampleNfeItem } from '../../../common/invoices/nfe-xml';
import { withCheckDigit } from '../../../common/validation/access-key';
import type { AppConfig } from '../../config';
import type { FileStorage } from '../../storage/file-storage';
import type { Db } from '../../db/schema';
import { sentThenReviewed, type DemoEvent } from '../points';
import { SEED_STORES as REGISTERED_STORES } from '../stores';
import type { AuditActor } from '../staff';
import type { FileUpload } from '../../uploads/file-upload';
import { demoNfeTrustStore, demoStoreSigner } from './demo-nfe-pki';
import { signAndAuthorise } from './nfe-trust/sign-nfe';
import { approveInvoice, rejectInvoice } from './actions';
import { submitInvoice } from './service';
import { unlimitedUploads } from './upload-limiter';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Who the audit names for the demo member's past reviews. */
const DEMO_REVIEWER: AuditActor = { kind: 'system', name: 'Dados de demonstração' };

/**
 * A year of club life for the demo member, so a fresh `npm start` shows a real extract: invoices sent through the
 * same code a member uses, at past dates, approved automatically or in review, one refused and one still waiting,
 * a credit that already expired and one about to. Dates are relative to the first start, so they never go stale.
 * The XMLs are signed by the demo's PKI (demo-nfe-pki.ts) and pass the real verification with its root.
 */
type Step =
  | { kind: 'xml'; daysAgo: number; store: number; total: string; items?: readonly SampleNfeItem[] }
  | { kind: 'photo'; daysAgo: number; store: number; review?: { afterDays: number; points?: number; reason?: string } };

const STEPS: readonly Step[] = [
  // Credited 13 months ago: expired a month ago (12-month validity).
  { kind: 'xml', daysAgo: 398, store: 0, total: '420.00' },
  // Credited 50 weeks ago: expires in about two weeks.
  { kind: 'xml', daysAgo: 350, store: 1, total: '980.50' },
  { kind: 'photo', daysAgo: 240, store: 2, review: { afterDays: 3, points: 350 } },
  { kind: 'xml', daysAgo: 150, store: 0, total: '1560.00' },
  // The brand's MDF and edge bands (doubled by the demo campaign) beside a competitor's paint, which earns nothing.
  {
    kind: 'xml',
    daysAgo: 60,
    store: 3,
    total: '2340.90',
    items: [
      {
        description: 'Chapa MDF Branco TX 18 mm',
        quantity: '5.0000',
        unit: 'CH',
        total: '1500.00',
        gtin: '7893216101004',
      },
      {
        description: 'Fita de borda PVC Branco TX 22 mm',
        quantity: '10.0000',
        unit: 'RL',
        total: '340.90',
        gtin: '7893216102056',
      },
      {
        description: 'Tinta acrílica fosca 18 L',
        quantity: '2.0000',
        unit: 'GL',
        total: '500.00',
        gtin: '7891234567895',
      },
    ],
  },
  {
    kind: 'photo',
    daysAgo: 20,
    store: 1,
    review: { afterDays: 2, reason: 'A foto cortou a chave de acesso. Envie a nota inteira, bem iluminada.' },
  },
  { kind: 'photo', daysAgo: 3, store: 0 },
];

/** A one-page PDF with the words of a DANFE summary: opens in any browser when the member taps the file. */
export function demoDanfePdf(lines: readonly string[]): Buffer {
  const text = lines
    .map((line, i) => `BT /F1 12 Tf 40 ${780 - i * 20} Td (${line.replace(/[()\\]/g, '')}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** An NF-e key of São Paulo for the month of `issued`, unique per step. */
function demoKey(issued: Date, cnpj: string, step: number): string {
  const yymm = `${String(issued.getUTCFullYear()).slice(2)}${String(issued.getUTCMonth() + 1).padStart(2, '0')}`;
  const number = String(41_000 + step * 137).padStart(9, '0');
  const code = String(73_000_000 + step * 7_919).padStart(8, '0');
  return withCheckDigit(`35${yymm}${cnpj}55001${number}1${code}`);
}

/**
 * An NF-e as the demo store's software and the SEFAZ would hand it over: signed by the store's demo certificate,
 * with the protocol of that signature.
 */
export function demoSignedXml(options: Parameters<typeof sampleNfeXml>[0] & { issuerCnpj: string }): Buffer {
  const xml = sampleNfeXml({ ...options, protocol: false });
  return Buffer.from(
    signAndAuthorise(xml, options.accessKey, demoStoreSigner(options.issuerCnpj), { receivedAt: options.issuedAt }),
  );
}

/** A file as a member's phone sends it, from bytes in memory. */
export const upload = (filename: string, mimetype: string, bytes: Buffer): Promise<FileUpload> =>
  Promise.resolve({ filename, mimetype, createReadStream: () => Readable.from([bytes]) });

/** What the demo history needs from the running server: its clock and settings, and where files go. */
export interface DemoHistoryDeps {
  readonly config: AppConfig;
  readonly storage: FileStorage;
}

/**
 * The demo member's invoices as moments of their year (points/demo-timeline.ts plays them in time order with the
 * other modules' moments): each send, and each review on its own later day.
 */
/** What the member's own paths need to act as the demo member on a past day: that day is their clock. */
export function demoMemberOn(db: Db, { config, storage }: DemoHistoryDeps, member: { id: number }, at: number) {
  return { db, storage, userId: member.id, config: { ...config, now: () => at }, uploadLimiter: unlimitedUploads };
}

export function demoHistoryEvents(
  db: Db,
  { config, storage }: DemoHistoryDeps,
  member: { id: number; cpf: string },
): DemoEvent[] {
  const start = config.now();
  const nfeTrust = demoNfeTrustStore();
  return STEPS.flatMap((step, index): DemoEvent[] => {
    const sentAt = start - step.daysAgo * DAY_MS;
    const issued = new Date(sentAt - 2 * DAY_MS);
    const store = REGISTERED_STORES[step.store] ?? REGISTERED_STORES[0]!;
    const accessKey = demoKey(issued, store.cnpj, index);
    let invoiceId = 0;
    const send = async () => {
      // The member's own send path, with the clock set to the day it happened; the demo root is passed to the real
      // verification here and nowhere else.
      const deps = { ...demoMemberOn(db, { config, storage }, member, sentAt), nfeTrust };
      const files =
        step.kind === 'xml'
          ? [
              upload(
                'nfe.xml',
                'text/xml',
                demoSignedXml({
                  accessKey,
                  issuerCnpj: store.cnpj,
                  issuerName: store.name,
                  buyerCpf: member.cpf,
                  issuedAt: issued.toISOString().replace(/\.\d{3}Z$/, '-00:00'),
                  total: step.total,
                  items: step.items,
                }),
              ),
            ]
          : [upload('danfe.pdf', 'application/pdf', demoDanfePdf(['DANFE - documento de demonstração', store.name]))];
      const invoice = await submitInvoice(deps, {
        accessKey: step.kind === 'photo' ? accessKey : null,
        idempotencyKey: `demo-${index}-${accessKey.slice(-12)}`,
        files,
      });
      invoiceId = Number(invoice.id);
    };
    const review = step.kind === 'photo' ? step.review : undefined;
    return sentThenReviewed(
      sentAt,
      send,
      review && {
        afterDays: review.afterDays,
        // The reviewer acts on a past day: the operator's deps carry that day as their clock.
        decide: (now) =>
          review.reason
            ? rejectInvoice({ db, config: { ...config, now } }, DEMO_REVIEWER, invoiceId, review.reason)
            : approveInvoice({ db, config: { ...config, now } }, DEMO_REVIEWER, invoiceId, review.points),
      },
    );
  });
}
