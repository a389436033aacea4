import '../../test/esm-shims';
import type { FakeClock, SharedTestApps } from '../../test/helpers';
import { codeOf, enrolStaff, painelGql, type EnrolledStaff } from '../../test/staff';
import { reviewClub } from './test/review-setup';
import { JPEG, newKey, submit } from './test/upload-helpers';

// The club of reviewClub(), one name each, as the tests read them.
let s: SharedTestApps, clock: FakeClock, ana: string, bia: string, rafael: EnrolledStaff, sofia: EnrolledStaff;

beforeEach(async () => {
  ({ s, clock, ana, bia, rafael, sofia } = await reviewClub());
});
afterEach(() => s.close());

const QUEUE = `query ($filter: StaffInvoiceFilter, $sort: StaffInvoiceSort, $first: Int, $after: String) {
  staffInvoiceQueue(filter: $filter, sort: $sort, first: $first, after: $after) {
    rows { id status sameFiles { invoiceId earlier otherMember } decisions { action byName } }
    total
    nextCursor
  }
}`;
const NEXT = `query ($after: ID, $filter: StaffInvoiceFilter, $sort: StaffInvoiceSort, $backwards: Boolean) {
  staffNextInvoice(after: $after, filter: $filter, sort: $sort, backwards: $backwards)
}`;

interface Row {
  id: string;
  status: string;
  sameFiles: { invoiceId: string; earlier: boolean; otherMember: boolean }[];
  decisions: { action: string; byName: string }[];
}
type Queue = { staffInvoiceQueue: { rows: Row[]; total: number; nextCursor: string | null } };

let photoSerial = 0;
/** A photo sent now; each one's bytes differ unless `content` is given. */
async function photo(token: string, { issuer, content }: { issuer?: string; content?: Buffer } = {}) {
  photoSerial += 1;
  const bytes = content ?? Buffer.concat([JPEG, Buffer.from(` foto ${photoSerial}`)]);
  const sent = await submit(s.apps[0]!, token, { accessKey: newKey(issuer) }, [{ name: 'nota.jpg', content: bytes }]);
  clock.advance(60_000);
  return sent.data!.submitInvoice.id;
}

async function queue(variables: Record<string, unknown>, token = rafael.token) {
  const res = await painelGql<Queue>(s.apps[0]!, QUEUE, variables, token);
  expect(res.errors).toBeUndefined();
  return res.data!.staffInvoiceQueue;
}
const ids = async (variables: Record<string, unknown>) => (await queue(variables)).rows.map((r) => r.id);

async function next(variables: Record<string, unknown>, token = rafael.token) {
  const res = await painelGql<{ staffNextInvoice: string | null }>(s.apps[0]!, NEXT, variables, token);
  expect(res.errors).toBeUndefined();
  return res.data!.staffNextInvoice;
}

describe('the queue as a work list', () => {
  it('puts the oldest arrival first whatever the ids, sorts by a column, and pages with the total', async () => {
    const a = await photo(ana);
    const b = await photo(bia);
    const c = await photo(ana);
    // #c arrived first (an invoice sent offline and synced later keeps when it was sent).
    await s.db
      .updateTable('invoices')
      .set({ created_at: '2026-11-01T12:00:00.000Z' })
      .where('id', '=', Number(c))
      .execute();
    await s.db.updateTable('invoices').set({ total_cents: 9_900 }).where('id', '=', Number(a)).execute();
    await s.db.updateTable('invoices').set({ total_cents: 150_000 }).where('id', '=', Number(b)).execute();

    expect(await ids({})).toEqual([c, a, b]);
    expect(await ids({ sort: 'NEWEST' })).toEqual([b, a, c]);
    expect(await ids({ sort: 'TOTAL_HIGH' })).toEqual([b, a, c]);
    expect(await ids({ sort: 'TOTAL_LOW' })).toEqual([a, b, c]);
    // Ana before Bia; Ana's two by id.
    expect(await ids({ sort: 'MEMBER' })).toEqual([a, c, b]);

    const first = await queue({ first: 2 });
    expect(first).toMatchObject({ rows: [{ id: c }, { id: a }], total: 3 });
    const rest = await queue({ first: 2, after: first.nextCursor });
    expect(rest).toMatchObject({ rows: [{ id: b }], total: 3, nextCursor: null });
    const byTotal = await queue({ first: 1, sort: 'TOTAL_HIGH' });
    expect((await queue({ first: 2, sort: 'TOTAL_HIGH', after: byTotal.nextCursor })).rows.map((r) => r.id)).toEqual([
      a,
      c,
    ]);
    expect(codeOf(await painelGql(s.apps[0]!, QUEUE, { after: 'não é um cursor' }, rafael.token))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('finds a decided invoice by its key, member or store, with who decided it', async () => {
    const key = newKey('11222333000181');
    const sent = await submit(s.apps[0]!, bia, { accessKey: key }, [{ name: 'nota.jpg', content: JPEG }]);
    const decided = sent.data!.submitInvoice.id;
    const waiting = await photo(ana);
    await painelGql(
      s.apps[0]!,
      'mutation ($id: ID!) { staffTakeInvoice(id: $id) { mine } }',
      { id: decided },
      rafael.token,
    );
    const approved = await painelGql(
      s.apps[0]!,
      'mutation ($id: ID!) { staffApproveInvoice(id: $id, items: [{ gtin: "7893216101004", quantity: "1", valueCents: 12000 }]) { status } }',
      { id: decided },
      rafael.token,
    );
    expect(approved.errors).toBeUndefined();

    // The waiting queue no longer shows it; every invoice does, found by key, member or store.
    expect(await ids({ filter: { search: key } })).toEqual([]);
    const found = await queue({ filter: { status: 'all', search: key } });
    expect(found.rows).toEqual([
      expect.objectContaining({
        id: decided,
        status: 'approved',
        decisions: [{ action: 'invoice.approve', byName: 'Rafael Revisor' }],
      }),
    ]);
    expect(await ids({ filter: { status: 'all', search: 'bia lima' } })).toEqual([decided]);
    expect(await ids({ filter: { status: 'approved' } })).toEqual([decided]);

    // The store by part of its name or by its CNPJ as printed; a name no store has finds nothing.
    const store = await s.db
      .selectFrom('stores')
      .select('name')
      .where('cnpj', '=', '11222333000181')
      .executeTakeFirstOrThrow();
    const part = store.name.split(' ').at(-1)!.toUpperCase();
    expect(await ids({ filter: { status: 'all', store: part } })).toEqual([decided]);
    expect(await ids({ filter: { status: 'all', store: '11.222.333/0001-81' } })).toEqual([decided]);
    expect(await ids({ filter: { status: 'all', store: 'Loja que não existe' } })).toEqual([]);
    expect(await ids({ filter: { store: 'Madeireira' } })).toEqual([waiting]);
    expect(codeOf(await painelGql(s.apps[0]!, QUEUE, { filter: { store: 'x'.repeat(101) } }, rafael.token))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('says which of two identical files came first, on both, and counts them as alerts', async () => {
    const shared = Buffer.concat([JPEG, Buffer.from(' mesma foto')]);
    const original = await photo(bia, { content: shared });
    const plain = await photo(ana);
    const copy = await photo(ana, { content: shared });

    const rows = (await queue({})).rows;
    expect(rows.find((r) => r.id === original)?.sameFiles).toEqual([
      { invoiceId: copy, earlier: false, otherMember: true },
    ]);
    expect(rows.find((r) => r.id === copy)?.sameFiles).toEqual([
      { invoiceId: original, earlier: true, otherMember: true },
    ]);
    expect(rows.find((r) => r.id === plain)?.sameFiles).toEqual([]);
    expect(await ids({ filter: { flagged: true } })).toEqual([original, copy]);
    expect(await ids({ filter: { flagged: false } })).toEqual([plain]);
  });
});

describe('next and previous', () => {
  it('walk the filtered list in its order, past what another reviewer holds', async () => {
    const bia1 = await photo(bia);
    await photo(ana);
    const bia2 = await photo(bia);
    const bia3 = await photo(bia);
    const filter = { search: 'Bia' };

    expect(await next({ filter })).toBe(bia1);
    expect(await next({ after: bia1, filter })).toBe(bia2);
    expect(await next({ after: bia2, filter, backwards: true })).toBe(bia1);
    expect(await next({ after: bia1, filter, backwards: true })).toBeNull();
    expect(await next({ after: bia3, filter, sort: 'NEWEST' })).toBe(bia2);

    // Sofia holds #bia2: Rafael's "next" passes over it.
    await painelGql(
      s.apps[0]!,
      'mutation ($id: ID!) { staffTakeInvoice(id: $id) { mine } }',
      { id: bia2 },
      sofia.token,
    );
    expect(await next({ after: bia1, filter })).toBe(bia3);
    expect(await next({ after: bia3, filter })).toBeNull();
  });
});

describe('taking over a held invoice', () => {
  const TAKE = 'mutation ($id: ID!) { staffTakeInvoice(id: $id) { staffName mine } }';
  const TAKE_OVER = 'mutation ($id: ID!) { staffTakeOverInvoice(id: $id) { staffName mine } }';

  it('lets an admin take an invoice another reviewer left open, audited; a reviewer cannot', async () => {
    const t = { app: s.apps[0]!, db: s.db, config: s.config };
    const carla = await enrolStaff(t, { email: 'carla@clube.test', roles: ['revisor', 'admin'], name: 'Carla Chefe' });
    const id = await photo(ana);
    await painelGql(s.apps[0]!, TAKE, { id }, rafael.token);

    expect(codeOf(await painelGql(s.apps[0]!, TAKE_OVER, { id }, sofia.token))).toBe('FORBIDDEN');
    const taken = await painelGql<{ staffTakeOverInvoice: { staffName: string; mine: boolean } }>(
      s.apps[0]!,
      TAKE_OVER,
      { id },
      carla.token,
    );
    expect(taken.data?.staffTakeOverInvoice).toEqual({ staffName: 'Carla Chefe', mine: true });
    const late = await painelGql(
      s.apps[0]!,
      'mutation ($id: ID!) { staffApproveInvoice(id: $id, items: [{ gtin: "7893216101004", quantity: "1", valueCents: 1000 }]) { status } }',
      { id },
      rafael.token,
    );
    expect(late.errors?.[0]?.message).toBe('Carla Chefe está analisando esta nota. Abra outra.');
    const audit = await s.db
      .selectFrom('staff_audit')
      .select(['action', 'before', 'object_id'])
      .where('action', '=', 'invoice.take-over')
      .execute();
    expect(audit).toEqual([
      { action: 'invoice.take-over', before: JSON.stringify({ with: 'Rafael Revisor' }), object_id: id },
    ]);
  });
});

describe('the queue as a CSV', () => {
  const csv = (token?: string, query = '') =>
    s.apps[0]!.inject({
      method: 'GET',
      url: `/painel/notas.csv${query}`,
      headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('gives a reviewer the list with its filters and order as a file, refuses others and a bad filter, and audits it', async () => {
    const first = await photo(ana);
    const second = await photo(bia);
    const stores = await enrolStaff(
      { app: s.apps[0]!, db: s.db, config: s.config },
      { email: 'lojas@clube.test', roles: ['lojas'], name: 'Lia Lojas' },
    );
    expect((await csv()).statusCode).toBe(401);
    expect((await csv(stores.token)).statusCode).toBe(403);
    const badDay = await csv(rafael.token, '?from=ontem');
    expect(badDay.statusCode).toBe(400);
    expect(JSON.parse(badDay.body).errors[0].message).toBe('Data inválida: use AAAA-MM-DD.');

    const res = await csv(rafael.token, '?sort=NEWEST');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="notas-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe(
      '\ufeffnota;enviada em (Brasília);membro;valor (R$);arquivos;alertas;situação;loja;CNPJ do emitente;chave de acesso',
    );
    // Every row of the list, in its order, past the painel's page size.
    const listed: string[] = [];
    let after: string | null = null;
    do {
      const page = await queue({ sort: 'NEWEST', first: 50, after });
      listed.push(...page.rows.map((r) => r.id));
      after = page.nextCursor;
    } while (after);
    expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(listed);
    expect(lines[1]).toMatch(new RegExp(`^${second};\\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2};Bia Lima;;Foto;;Em análise;`));

    // The queue page's own address: its search narrows the file as it narrows the list.
    const mine = await csv(rafael.token, `?search=${encodeURIComponent('bia@exemplo.com.br')}`);
    expect(
      mine.body
        .split('\r\n')
        .filter((line) => /^\d/.test(line))
        .map((line) => line.split(';')[0]),
    ).toEqual([second]);
    expect(listed).toContain(first);

    const exports = await s.db
      .selectFrom('staff_audit')
      .select(['actor_name', 'after'])
      .where('action', '=', 'invoice.export')
      .orderBy('id')
      .execute();
    expect(exports).toHaveLength(2);
    expect(exports[0]!.actor_name).toContain('Rafael');
    expect(JSON.parse(exports[1]!.after!)).toMatchObject({ search: 'bia@exemplo.com.br' });
  });
});
