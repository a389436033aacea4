import '../../test/esm-shims';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { sniffFileKind } from '../../../common/invoices/file-type';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import type { Database } from '../../db/schema';
import { DEMO_MEMBER, seedDemoData } from '../../seed';
import { fakeClock, gql, loginAs, testConfig } from '../../test/helpers';
import { enrolStaff, painelGql } from '../../test/staff';
import { demoDanfePdf } from './demo-history';
import { LocalDiskStorage, uploadsDirOf } from '../../storage/local-disk';

let dataDir: string;
let db: Kysely<Database>;
/** The server's history as `npm start` seeds it: its config and the local disk under DATA_DIR. */
const historyOf = () => {
  const config = testConfig({ dataDir, now: fakeClock().now });
  return { config, storage: new LocalDiskStorage(uploadsDirOf(dataDir)) };
};

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-demo-'));
  db = createDatabase({ file: path.join(dataDir, 'club.sqlite') });
});
afterEach(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const HISTORY = `{
  myInvoices(first: 20) { data { status rejectionReason points hasXml files { name } } }
  pointsSummary { balance expiringIn30 history { month balance } }
  pointsEntries(first: 50) { data { kind points } }
}`;

interface History {
  myInvoices: {
    data: {
      status: string;
      rejectionReason: string | null;
      points: number | null;
      hasXml: boolean;
      files: { name: string }[];
    }[];
  };
  pointsSummary: { balance: number; expiringIn30: number; history: { month: string; balance: number }[] };
  pointsEntries: { data: { kind: string; points: number }[] };
}

describe('the demo member of a fresh start', () => {
  it('has a year of invoices and points: approved, refused, waiting, expired and about to expire', async () => {
    const history = historyOf();
    await migrateToLatest(db);
    await seedDemoData(db, { history });
    const app = buildApp({ db, config: history.config, storage: history.storage, queryCache: false });
    try {
      const { token } = await loginAs(app, DEMO_MEMBER.email, DEMO_MEMBER.password);
      const { data, errors } = await gql<History>(app, HISTORY, {}, { authorization: `Bearer ${token}` });
      expect(errors).toBeUndefined();
      const { myInvoices, pointsSummary, pointsEntries } = data!;

      const statuses = myInvoices.data.map((i) => i.status);
      expect(statuses[0]).toBe('IN_REVIEW');
      expect(statuses.filter((s) => s === 'APPROVED')).toHaveLength(5);
      expect(myInvoices.data.find((i) => i.status === 'REJECTED')?.rejectionReason).toMatch(/chave de acesso/);
      expect(myInvoices.data.filter((i) => i.hasXml)).toHaveLength(4);
      // The XMLs passed the real verification, with the demo root the seed passed: approved by the club itself.
      const automatic = await db
        .selectFrom('invoices')
        .select(['review_reason', 'auto_approved_at'])
        .where('has_xml', '=', 1)
        .where('status', '=', 'approved')
        .execute();
      expect(automatic).toHaveLength(4);
      for (const row of automatic) expect(row).toEqual({ review_reason: null, auto_approved_at: expect.any(String) });

      const kinds = pointsEntries.data.map((e) => e.kind);
      expect(kinds).toContain('EXPIRY');
      // The running campaign doubles the edge bands of the invoice of two months ago; its paint earns nothing.
      expect(pointsEntries.data.filter((e) => e.kind === 'BONUS').map((e) => e.points)).toEqual([340]);
      expect(myInvoices.data.map((i) => i.points)).toContain(1_500 + 340 + 340);
      const sum = pointsEntries.data.reduce((total, e) => total + e.points, 0);
      expect(pointsSummary.balance).toBe(sum);
      expect(pointsSummary.balance).toBeGreaterThan(0);
      expect(pointsSummary.expiringIn30).toBeGreaterThan(0);
      expect(new Set(pointsSummary.history.map((m) => m.balance)).size).toBeGreaterThan(3);
    } finally {
      await app.close();
    }
  });

  it('keeps every invoice file on disk, readable as what its name says', async () => {
    await migrateToLatest(db);
    await seedDemoData(db, { history: historyOf() });
    const files = await db.selectFrom('invoice_files').select(['kind', 'storage_path', 'size_bytes']).execute();
    // The demo member's 7, and the 5 of the painel's review queue.
    expect(files).toHaveLength(12);
    for (const file of files) {
      const bytes = readFileSync(path.join(uploadsDirOf(dataDir), file.storage_path));
      expect(bytes.length).toBe(file.size_bytes);
      expect(sniffFileKind(bytes)).toBe(file.kind);
    }
  });

  it('is seeded once: a second start adds no invoices or points', async () => {
    const history = historyOf();
    await migrateToLatest(db);
    await seedDemoData(db, { history });
    const count = async () =>
      [
        (await db.selectFrom('invoices').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
        (await db.selectFrom('points_ledger').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
      ] as const;
    const before = await count();
    await seedDemoData(db, { history });
    expect(await count()).toEqual(before);
  });
});

describe('the painel’s demo review queue', () => {
  it('waits with a photo, a copied photo, a PDF and a held XML, each with the risk signals a reviewer needs', async () => {
    const history = historyOf();
    await migrateToLatest(db);
    await seedDemoData(db, { history });
    const app = buildApp({ db, config: history.config, storage: history.storage, queryCache: false });
    try {
      const rafael = await enrolStaff(
        { app, db, config: history.config },
        { email: 'r@clube.test', roles: ['revisor'] },
      );
      const queue = await painelGql<{
        staffInvoiceQueue: {
          rows: { id: string; memberName: string; fileKinds: string[]; flagReason: string | null }[];
        };
      }>(app, '{ staffInvoiceQueue(first: 20) { rows { id memberName fileKinds flagReason } } }', {}, rafael.token);
      const rows = queue.data!.staffInvoiceQueue.rows.filter((r) => !r.memberName.startsWith('Ana'));
      expect(rows.map((r) => [r.memberName, r.fileKinds.join()])).toEqual([
        ['Carlos Pereira', 'jpeg'],
        ['Joana Ribeiro', 'jpeg'],
        ['Joana Ribeiro', 'jpeg'],
        ['Carlos Pereira', 'pdf'],
        ['Carlos Pereira', 'xml'],
      ]);
      expect(rows[4]!.flagReason).not.toBeNull();
      const signals = async (id: string) =>
        (
          await painelGql<{ staffInvoice: { signals: { kind: string }[] } }>(
            app,
            'query ($id: ID!) { staffInvoice(id: $id) { signals { kind } } }',
            { id },
            rafael.token,
          )
        ).data!.staffInvoice.signals.map((signal) => signal.kind);
      expect(await signals(rows[0]!.id)).toEqual(['SAME_FILE_OTHER_MEMBER', 'SAME_KEY_OTHER_MEMBER']);
      expect(await signals(rows[1]!.id)).toEqual(['SAME_FILE_OTHER_MEMBER']);
      expect(await signals(rows[2]!.id)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('demoDanfePdf', () => {
  it('writes a PDF whose cross-reference table points at each object', () => {
    const pdf = demoDanfePdf(['DANFE (demonstração)']).toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)/.exec(pdf)?.[1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
  });
});
