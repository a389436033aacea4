import '../../test/esm-shims';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER } from '../../seed';
import { LocalDiskStorage } from '../../storage/local-disk';
import { createTestApp, fakeClock, gql, loginAs, type FakeClock, type TestApp } from '../../test/helpers';
import { codeOf, enrolStaff, painelGql, type EnrolledStaff } from '../../test/staff';
import { clubModules } from '..';
import { removeDemoMembers } from '../demo';
import { newKey } from '../invoices/test/upload-helpers';
import { appendEntries } from '../points';
import { terminalActor } from '../staff';
import { findUserByCpf } from '../users/repository';
import { NOTE_MESSAGES } from '../../../common/painel/member-notes';
import { PAGE_MESSAGES } from './pages';

const ADD = `mutation ($id: ID!, $body: String!) { staffMemberAddNote(id: $id, body: $body) { id body author createdAt } }`;
const NOTES = `query ($id: ID!, $first: Int, $after: String) {
  staffMemberNotes(id: $id, first: $first, after: $after) { rows { id body author createdAt } nextCursor }
}`;
const INVOICES = `query ($id: ID!, $first: Int, $after: String) {
  staffMemberInvoices(id: $id, first: $first, after: $after) { rows { id status issuer } nextCursor }
}`;
const ORDERS = `query ($id: ID!, $first: Int, $after: String) {
  staffMemberOrders(id: $id, first: $first, after: $after) { rows { id reward status points } nextCursor }
}`;
const COUNTS = `query ($id: ID!) { staffMember(id: $id) { invoiceCount orderCount invoices { id } orders { id } } }`;

interface Note {
  id: string;
  body: string;
  author: string;
  createdAt: string;
}
interface Page<R> {
  rows: R[];
  nextCursor: string | null;
}

let t: TestApp;
let clock: FakeClock;
let carla: EnrolledStaff;
let anaId: number;

beforeEach(async () => {
  clock = fakeClock();
  t = await createTestApp({ now: clock.now });
  carla = await enrolStaff(t, { email: 'carla@clube.test', roles: ['atendimento'], name: 'Carla Atendimento' });
  anaId = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;
});
afterEach(() => t.close());

const addNote = (body: string, token = carla.token, id = String(anaId)) =>
  painelGql<{ staffMemberAddNote: Note }>(t.app, ADD, { id, body }, token);

/** Every page of a list, following nextCursor, and the cursors seen. */
async function allPages<R>(document: string, field: string, first: number, token = carla.token): Promise<R[][]> {
  const pages: R[][] = [];
  let after: string | null = null;
  do {
    const res: { data?: Record<string, Page<R>> | null; errors?: unknown } = await painelGql<Record<string, Page<R>>>(
      t.app,
      document,
      { id: String(anaId), first, after },
      token,
    );
    expect(res.errors).toBeUndefined();
    const page: Page<R> = res.data![field]!;
    pages.push(page.rows);
    after = page.nextCursor;
  } while (after !== null && pages.length < 100);
  return pages;
}

describe('internal notes on a member', () => {
  it('are written by atendimento and admin, listed newest first with who and when, and audited in the same transaction', async () => {
    const first = await addNote('  Ligou pedindo 2ª via do código.\nExplicado o caminho no app.  ');
    expect(first.errors).toBeUndefined();
    expect(first.data?.staffMemberAddNote).toEqual({
      id: expect.any(String),
      body: 'Ligou pedindo 2ª via do código.\nExplicado o caminho no app.',
      author: 'Carla Atendimento',
      createdAt: new Date(clock.now()).toISOString(),
    });
    clock.advance(60_000);
    const admin = await enrolStaff(t, { email: 'ana.admin@clube.test', roles: ['admin'], name: 'Ana Admin' });
    expect((await addNote('Correção: era o código do prêmio de novembro.', admin.token)).errors).toBeUndefined();

    const list = await painelGql<{ staffMemberNotes: Page<Note> }>(t.app, NOTES, { id: String(anaId) }, carla.token);
    expect(list.data?.staffMemberNotes.rows.map((n) => [n.author, n.body.slice(0, 10)])).toEqual([
      ['Ana Admin', 'Correção: '],
      ['Carla Atendimento', 'Ligou pedi'],
    ]);
    expect(list.data?.staffMemberNotes.nextCursor).toBeNull();

    const lines = await t.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'member.note')
      .orderBy('id')
      .execute();
    expect(lines.map((l) => [l.actor_name, l.role, l.object_type, l.object_id, l.object_label])).toEqual([
      ['Carla Atendimento <carla@clube.test>', 'atendimento', 'member', String(anaId), 'Ana Souza'],
      ['Ana Admin <ana.admin@clube.test>', 'admin', 'member', String(anaId), 'Ana Souza'],
    ]);
    expect(JSON.parse(lines[0]!.after!)).toEqual({
      note: 'Ligou pedindo 2ª via do código.\nExplicado o caminho no app.',
    });
    // Each note and its audit line carry the same instant: one transaction, one clock reading.
    expect(lines[0]!.created_at).toBe(first.data?.staffMemberAddNote.createdAt);
  });

  it('leaves no note when its audit line cannot be written (one transaction)', async () => {
    // A staff_audit that refuses this action stands for any failure of the audit write.
    const { sql } = await import('kysely');
    await sql`CREATE TRIGGER refuse_note_audit BEFORE INSERT ON staff_audit
      WHEN NEW.action = 'member.note' BEGIN SELECT RAISE(ABORT, 'audit down'); END`
      .execute(t.db)
      .catch(async () => {
        // PostgreSQL: the same refusal as a function and a trigger.
        await sql`CREATE FUNCTION refuse_note_audit() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN IF NEW.action = 'member.note' THEN RAISE EXCEPTION 'audit down'; END IF; RETURN NEW; END $$`.execute(
          t.db,
        );
        await sql`CREATE TRIGGER refuse_note_audit BEFORE INSERT ON staff_audit
          FOR EACH ROW EXECUTE FUNCTION refuse_note_audit()`.execute(t.db);
      });
    const res = await addNote('Esta nota não pode ficar sem a auditoria.');
    expect(res.errors).toBeDefined();
    expect(await t.db.selectFrom('member_notes').selectAll().execute()).toEqual([]);
  });

  it('checks the text in Portuguese before writing anything', async () => {
    for (const [body, message] of [
      ['   ', NOTE_MESSAGES.empty],
      ['ok', NOTE_MESSAGES.length],
      ['x'.repeat(1001), NOTE_MESSAGES.length],
    ] as const) {
      const res = await addNote(body);
      expect(codeOf(res)).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { fields: { body: message } } });
    }
    // Control characters are refused before any resolver runs, for every text the painel sends.
    expect(codeOf(await addNote('Texto com \u0000 no meio'))).toBe('INVALID_CHARACTERS');
    expect((await addNote('x'.repeat(1000))).errors).toBeUndefined();
    expect((await addNote('abc')).errors).toBeUndefined();
    expect(codeOf(await addNote('Membro que não existe', carla.token, '999999'))).toBe('NOT_FOUND');
    expect(await t.db.selectFrom('member_notes').select('body').execute()).toHaveLength(2);
    expect(
      await t.db.selectFrom('staff_audit').select('id').where('action', '=', 'member.note').execute(),
    ).toHaveLength(2);
  });

  it('refuses a revisor, a member and no one signed in, to write or to read', async () => {
    await addNote('Nota que ninguém de fora lê.');
    const reviewer = await enrolStaff(t, { email: 'rafael@clube.test', roles: ['revisor'] });
    expect(codeOf(await addNote('Tentativa do revisor', reviewer.token))).toBe('FORBIDDEN');
    expect(codeOf(await painelGql(t.app, NOTES, { id: String(anaId) }, reviewer.token))).toBe('FORBIDDEN');
    const { token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    expect(codeOf(await addNote('Tentativa do membro', token))).toBe('UNAUTHENTICATED');
    expect(codeOf(await painelGql(t.app, NOTES, { id: String(anaId) }))).toBe('UNAUTHENTICATED');
    expect(await t.db.selectFrom('member_notes').select('body').execute()).toEqual([
      { body: 'Nota que ninguém de fora lê.' },
    ]);
  });

  it("never reach the member's own API, their data export included", async () => {
    await addNote('Suspeita de notas de outra pessoa: conferir com a loja.');
    const { token } = await loginAs(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const bearer = { authorization: `Bearer ${token}` };
    const mine = await gql<{ myData: string }>(t.app, '{ myData }', {}, bearer);
    expect(mine.errors).toBeUndefined();
    expect(mine.data?.myData).not.toContain('Suspeita de notas');
    expect(mine.data?.myData).not.toContain('member_notes');
    // The member's schema has no such field at all.
    const asked = await gql(t.app, '{ staffMemberNotes(id: "1") { rows { body } } }', {}, bearer);
    expect(asked.errors?.[0]?.message).toMatch(/Cannot query field "staffMemberNotes"/);
  });

  it('are append-only: the database refuses to change or delete one', async () => {
    expect((await addNote('Nota que fica como foi escrita.')).errors).toBeUndefined();
    // Read by its message, as staff.test.ts reads staff_audit's: better-sqlite3's errors are not this file's Error.
    const refusal = (run: Promise<unknown>) =>
      run.then(
        () => 'accepted',
        (error: { message?: string }) => error.message ?? String(error),
      );
    expect(await refusal(t.db.updateTable('member_notes').set({ body: 'mudada' }).execute())).toMatch(
      /member_notes is append-only/,
    );
    expect(await refusal(t.db.deleteFrom('member_notes').execute())).toMatch(/member_notes is append-only/);
    expect(await t.db.selectFrom('member_notes').select('body').execute()).toEqual([
      { body: 'Nota que fica como foi escrita.' },
    ]);
  });

  it('go with the member when the member is removed with their data', async () => {
    await addNote('Pediu para apagar a conta de demonstração.');
    const dir = mkdtempSync(path.join(tmpdir(), 'notes-removal-'));
    try {
      const storage = new LocalDiskStorage(dir);
      const removed = await removeDemoMembers(
        { db: t.db, config: t.config, storage },
        terminalActor('ti'),
        clubModules,
      );
      expect(removed.map((r) => r.email)).toContain(DEMO_MEMBER.email);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(await t.db.selectFrom('member_notes').selectAll().where('member_id', '=', anaId).execute()).toEqual([]);
  });

  it('page newest first, every note once across the pages, with a bounded page size', async () => {
    for (let i = 1; i <= 7; i++) {
      clock.advance(1000);
      expect((await addNote(`Nota número ${i}`)).errors).toBeUndefined();
    }
    const pages = await allPages<Note>(NOTES, 'staffMemberNotes', 3);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat().map((n) => n.body)).toEqual([7, 6, 5, 4, 3, 2, 1].map((i) => `Nota número ${i}`));
    for (const first of [0, 51, -1]) {
      const res = await painelGql(t.app, NOTES, { id: String(anaId), first }, carla.token);
      expect(res.errors?.[0]).toMatchObject({ message: PAGE_MESSAGES.size, extensions: { code: 'BAD_USER_INPUT' } });
    }
    const bad = await painelGql(t.app, NOTES, { id: String(anaId), after: 'x' }, carla.token);
    expect(bad.errors?.[0]).toMatchObject({ message: PAGE_MESSAGES.cursor, extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe("the member's invoices and reward orders, a page at a time", () => {
  /** Invoices and orders written straight to the tables, as the upload and the redemption leave them. */
  async function history(invoices: number, orders: number) {
    const at = (i: number) => new Date(Date.parse('2026-01-01T12:00:00.000Z') + i * 3_600_000).toISOString();
    for (let i = 0; i < invoices; i++) {
      const key = newKey();
      await t.db
        .insertInto('invoices')
        .values({
          user_id: anaId,
          access_key: key,
          idempotency_key: randomUUID(),
          status: 'received',
          uf: 'SP',
          issued_month: '2026-01',
          issuer_cnpj: key.slice(6, 20),
          model: 55,
          series: 1,
          number: Number(key.slice(25, 34)),
          created_at: at(i),
          updated_at: at(i),
        })
        .execute();
    }
    const now = at(0);
    const reward = await t.db
      .insertInto('rewards')
      .values({
        slug: 'caneca-teste',
        name: 'Caneca de teste',
        category: 'acessorios',
        type: 'produto',
        points: 100,
        stock: 100,
        per_member_limit: null,
        active_from: null,
        active_to: null,
        delivery: 'Correios',
        description: 'Uma caneca.',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendEntries(
      t.db,
      anaId,
      [{ userId: anaId, kind: 'credit', points: 5000, description: 'Crédito' }],
      new Date(now),
    );
    for (let i = 0; i < orders; i++) {
      const [debit] = await appendEntries(
        t.db,
        anaId,
        [{ userId: anaId, kind: 'redemption', points: -(100 + i), description: 'Resgate: Caneca de teste' }],
        new Date(at(i)),
      );
      await t.db
        .insertInto('reward_orders')
        .values({
          user_id: anaId,
          reward_id: reward.id,
          idempotency_key: randomUUID(),
          status: 'requested',
          points: 100 + i,
          address: null,
          carrier: null,
          tracking_code: null,
          cancel_reason: null,
          debit_entry_id: debit!.id,
          refund_entry_id: null,
          review_reason: null,
          created_at: at(i),
          updated_at: at(i),
        })
        .execute();
    }
  }

  it('return every row once, newest first, with the totals on the page', async () => {
    await history(23, 12);
    const counts = await painelGql<{
      staffMember: { invoiceCount: number; orderCount: number; invoices: unknown[]; orders: unknown[] };
    }>(t.app, COUNTS, { id: String(anaId) }, carla.token);
    expect(counts.errors).toBeUndefined();
    const shown = counts.data!.staffMember;
    expect([shown.invoiceCount, shown.orderCount, shown.invoices.length, shown.orders.length]).toEqual([
      23, 12, 10, 10,
    ]);

    const invoicePages = await allPages<{ id: string }>(INVOICES, 'staffMemberInvoices', 10);
    expect(invoicePages.map((p) => p.length)).toEqual([10, 10, 3]);
    const invoiceIds = invoicePages.flat().map((r) => Number(r.id));
    expect(new Set(invoiceIds).size).toBe(23);
    expect(invoiceIds).toEqual([...invoiceIds].sort((a, b) => b - a));

    const orderPages = await allPages<{ id: string; points: number }>(ORDERS, 'staffMemberOrders', 5);
    expect(orderPages.map((p) => p.length)).toEqual([5, 5, 2]);
    expect(orderPages.flat().map((r) => r.points)).toEqual([...Array(12).keys()].map((i) => 111 - i));
  });

  it('check the page size and the cursor, and refuse staff without atendimento', async () => {
    for (const document of [INVOICES, ORDERS]) {
      for (const first of [0, 51]) {
        const res = await painelGql(t.app, document, { id: String(anaId), first }, carla.token);
        expect(res.errors?.[0]).toMatchObject({ message: PAGE_MESSAGES.size, extensions: { code: 'BAD_USER_INPUT' } });
      }
      const bad = await painelGql(t.app, document, { id: String(anaId), after: 'bm90LWEtY3Vyc29y' }, carla.token);
      expect(codeOf(bad)).toBe('BAD_USER_INPUT');
      expect(codeOf(await painelGql(t.app, document, { id: '999999' }, carla.token))).toBe('NOT_FOUND');
      const reviewer = await enrolStaff(t, { email: `rev-${document.length}@clube.test`, roles: ['revisor'] });
      expect(codeOf(await painelGql(t.app, document, { id: String(anaId) }, reviewer.token))).toBe('FORBIDDEN');
    }
  });
});
