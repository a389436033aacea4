import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, loginAs, type TestApp } from '../../test/helpers';
import { codeOf, enrolStaff, painelGql, type EnrolledStaff } from '../../test/staff';
import { JPEG, newKey, submit } from './test/upload-helpers';

// The painel's keyed lines of a photo or a PDF (docs/earning.md): the preview and the approval go through the same
// earning rules; a free number of points is an admin's, with a reason.

let t: TestApp;
let ana: string;
let rafael: EnrolledStaff;
let sofia: EnrolledStaff;
let carla: EnrolledStaff;

beforeEach(async () => {
  t = await createTestApp();
  ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
  rafael = await enrolStaff(t, { email: 'rafael@clube.test', roles: ['revisor'], name: 'Rafael Revisor' });
  sofia = await enrolStaff(t, { email: 'sofia@clube.test', roles: ['revisor'], name: 'Sofia Revisora' });
  carla = await enrolStaff(t, { email: 'carla@clube.test', roles: ['revisor', 'admin'], name: 'Carla Chefe' });
});
afterEach(() => t.close());

const MDF_18 = '7893216101004';
const FITA_22 = '7893216102056';
/** A valid GTIN outside the catalogue: a competitor's product. */
const COMPETITOR = '7891234567895';

const TAKE = 'mutation ($id: ID!) { staffTakeInvoice(id: $id) { mine } }';
const PREVIEW = `query ($invoiceId: ID!, $items: [StaffKeyedItemInput!]!) {
  staffPreviewKeyedItems(invoiceId: $invoiceId, items: $items) {
    lines { gtin productName line quantity valueCents participates points rules }
    total
  }
}`;
const APPROVE = `mutation ($id: ID!, $points: Int, $items: [StaffKeyedItemInput!], $reason: String, $confirmed: Boolean) {
  staffApproveInvoice(id: $id, points: $points, items: $items, reason: $reason, confirmed: $confirmed) {
    status points approvalRequest { points }
  }
}`;
const CONFIRM = 'mutation ($id: ID!) { staffConfirmInvoiceApproval(id: $id) { status points } }';
const PRODUCTS = 'query ($search: String!) { staffProducts(search: $search) { gtin name line lineName unit } }';

type Preview = {
  staffPreviewKeyedItems: {
    lines: { gtin: string; productName: string | null; participates: boolean; points: number; rules: string[] }[];
    total: number;
  };
};
type Approve = {
  staffApproveInvoice: { status: string; points: number | null; approvalRequest: { points: number } | null };
};

const photo = async () =>
  (await submit(t.app, ana, { accessKey: newKey() }, [{ name: 'nota.jpg', content: JPEG }])).data!.submitInvoice.id;

const take = async (id: string, who: EnrolledStaff) =>
  expect((await painelGql(t.app, TAKE, { id }, who.token)).data).toEqual({ staffTakeInvoice: { mine: true } });

const ledgerOf = (id: string) =>
  t.db
    .selectFrom('points_ledger')
    .select(['kind', 'points'])
    .where('invoice_id', '=', Number(id))
    .orderBy('id')
    .execute();

const approvalAudit = (id: string) =>
  t.db
    .selectFrom('staff_audit')
    .select(['actor_name', 'action', 'after'])
    .where('object_type', '=', 'invoice')
    .where('object_id', '=', id)
    .where('action', 'in', ['invoice.approve', 'invoice.approve-request'])
    .orderBy('id')
    .execute();

describe('keyed lines of a photo', () => {
  it('previews each line’s product and points by the rules, and the approval credits exactly that', async () => {
    const id = await photo();
    const items = [
      { gtin: MDF_18, quantity: '2', valueCents: 1_234_50 },
      { gtin: FITA_22, quantity: '3', valueCents: 89_90 },
      { gtin: COMPETITOR, quantity: '1', valueCents: 5_000_00 },
    ];
    const preview = await painelGql<Preview>(t.app, PREVIEW, { invoiceId: id, items }, rafael.token);
    expect(preview.errors).toBeUndefined();
    const { lines, total } = preview.data!.staffPreviewKeyedItems;
    expect(lines.map((l) => [l.gtin, l.participates, l.points])).toEqual([
      [MDF_18, true, 1_234],
      [FITA_22, true, 89],
      [COMPETITOR, false, 0],
    ]);
    expect(lines[0]).toMatchObject({ productName: 'Chapa MDF Branco TX 18 mm 2750x1850', line: 'Chapas de MDF' });
    expect(lines[0]!.rules.length).toBeGreaterThan(0);
    expect(lines[2]).toMatchObject({ productName: null, rules: [] });
    expect(total).toBe(lines.reduce((sum, l) => sum + l.points, 0));

    await take(id, rafael);
    const approved = await painelGql<Approve>(t.app, APPROVE, { id, items }, rafael.token);
    expect(approved.data?.staffApproveInvoice).toMatchObject({ status: 'approved', points: total });
    const credited = await ledgerOf(id);
    expect(credited.reduce((sum, e) => sum + e.points, 0)).toBe(total);
    // The breakdown names each line: the competitor's earned nothing.
    const rows = await t.db
      .selectFrom('invoice_earnings')
      .select(['item_index'])
      .where('invoice_id', '=', Number(id))
      .execute();
    expect(new Set(rows.map((r) => r.item_index))).toEqual(new Set([0, 1]));
    expect(await approvalAudit(id)).toMatchObject([
      { action: 'invoice.approve', after: JSON.stringify({ status: 'approved', points: total, keyedItems: 3 }) },
    ]);
  });

  it('gives a competitor’s line nothing, refuses lines and points together and a bad line', async () => {
    const id = await photo();
    const competitor = await painelGql<Preview>(
      t.app,
      PREVIEW,
      { invoiceId: id, items: [{ gtin: COMPETITOR, quantity: '1', valueCents: 1_000_00 }] },
      rafael.token,
    );
    expect(competitor.data?.staffPreviewKeyedItems).toMatchObject({ total: 0, lines: [{ participates: false }] });
    await take(id, rafael);
    const both = await painelGql(
      t.app,
      APPROVE,
      { id, points: 10, items: [{ gtin: MDF_18, quantity: '1', valueCents: 100 }] },
      rafael.token,
    );
    expect(both.errors?.[0]?.message).toBe('Informe os itens ou os pontos, não os dois.');
    const badGtin = await painelGql(
      t.app,
      PREVIEW,
      { invoiceId: id, items: [{ gtin: '7893216101005', quantity: '1', valueCents: 100 }] },
      rafael.token,
    );
    expect(codeOf(badGtin)).toBe('BAD_USER_INPUT');
    // The painel's requests carry at most 100 items in a list (the action itself takes an NF-e's 990).
    const tooMany = Array.from({ length: 101 }, () => ({ gtin: MDF_18, quantity: '1', valueCents: 100 }));
    expect(codeOf(await painelGql(t.app, PREVIEW, { invoiceId: id, items: tooMany }, rafael.token))).toBe(
      'LIST_TOO_LONG',
    );
    const noLines = await painelGql(t.app, PREVIEW, { invoiceId: id, items: [] }, rafael.token);
    expect(codeOf(noLines)).toBe('BAD_USER_INPUT');
    const onlyCompetitor = await painelGql<Approve>(
      t.app,
      APPROVE,
      { id, items: [{ gtin: COMPETITOR, quantity: '1', valueCents: 1_000_00 }] },
      rafael.token,
    );
    expect(onlyCompetitor.data?.staffApproveInvoice).toMatchObject({ status: 'approved', points: 0 });
    expect(await ledgerOf(id)).toEqual([]);
  });
});

describe('a free number of points on an invoice without XML', () => {
  it('is refused to a reviewer, who is told to key the lines', async () => {
    const id = await photo();
    await take(id, rafael);
    const refused = await painelGql(t.app, APPROVE, { id, points: 120, reason: 'Conferi a foto.' }, rafael.token);
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.message).toMatch(/^Esta nota não tem XML: digite os itens da marca/);
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('is an admin’s, with a reason the audit line keeps', async () => {
    const id = await photo();
    await take(id, carla);
    const noReason = await painelGql(t.app, APPROVE, { id, points: 120 }, carla.token);
    expect(noReason.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { reason: 'Informe o motivo dos pontos definidos à mão (3 a 500 caracteres): ele fica na auditoria.' },
    });
    expect(codeOf(await painelGql(t.app, APPROVE, { id, points: 120, reason: ' x ' }, carla.token))).toBe(
      'BAD_USER_INPUT',
    );
    const approved = await painelGql<Approve>(
      t.app,
      APPROVE,
      { id, points: 120, reason: '  Nota de serviço: sem GTIN legível. ' },
      carla.token,
    );
    expect(approved.data?.staffApproveInvoice).toMatchObject({ status: 'approved', points: 120 });
    expect(await ledgerOf(id)).toEqual([{ kind: 'credit', points: 120 }]);
    expect(await approvalAudit(id)).toMatchObject([
      {
        actor_name: 'Carla Chefe <carla@clube.test>',
        after: JSON.stringify({ status: 'approved', points: 120, reason: 'Nota de serviço: sem GTIN legível.' }),
      },
    ]);
  });
});

describe('four eyes with keyed lines', () => {
  it('keeps the request’s lines, and the second person credits exactly them by the rules', async () => {
    const id = await photo();
    // R$ 25.000,00 of MDF: 25.000 points, above REVIEW_FOUR_EYES_POINTS (10.000 by default).
    const items = [
      { gtin: MDF_18, quantity: '40', valueCents: 24_000_00 },
      { gtin: COMPETITOR, quantity: '1', valueCents: 1_000_00 },
      { gtin: FITA_22, quantity: '10', valueCents: 1_000_00 },
    ];
    const preview = await painelGql<Preview>(t.app, PREVIEW, { invoiceId: id, items }, rafael.token);
    const total = preview.data!.staffPreviewKeyedItems.total;
    expect(total).toBe(25_000);
    await take(id, rafael);
    expect(codeOf(await painelGql(t.app, APPROVE, { id, items }, rafael.token))).toBe('BAD_USER_INPUT');
    const asked = await painelGql<Approve>(t.app, APPROVE, { id, items, confirmed: true }, rafael.token);
    expect(asked.data?.staffApproveInvoice).toEqual({
      status: 'in_review',
      points: null,
      approvalRequest: { points: total },
    });
    expect(await ledgerOf(id)).toEqual([]);
    await painelGql(t.app, 'mutation ($id: ID!) { staffReleaseInvoice(id: $id) }', { id }, rafael.token);

    await take(id, sofia);
    expect((await painelGql(t.app, CONFIRM, { id }, sofia.token)).data).toEqual({
      staffConfirmInvoiceApproval: { status: 'approved', points: total },
    });
    // Credited by the rules, line by line (a free number of points would leave no breakdown).
    const rows = await t.db
      .selectFrom('invoice_earnings')
      .select(['item_index', 'points'])
      .where('invoice_id', '=', Number(id))
      .orderBy('item_index')
      .execute();
    expect(rows.map((r) => r.item_index)).toEqual([0, 2]);
    expect(rows.reduce((sum, r) => sum + r.points, 0)).toBe(total);
    expect(await approvalAudit(id)).toMatchObject([
      {
        action: 'invoice.approve-request',
        after: JSON.stringify({ status: 'in_review', requestedPoints: total, keyedItems: 3 }),
      },
      {
        actor_name: 'Sofia Revisora <sofia@clube.test>',
        after: JSON.stringify({ status: 'approved', points: total, requestedBy: 'Rafael Revisor', keyedItems: 3 }),
      },
    ]);
  });
});

describe('the catalogue for a reviewer', () => {
  it('finds products by words of the name, accents and case ignored, or by the GTIN’s digits', async () => {
    const byName = await painelGql<{ staffProducts: { gtin: string; name: string; lineName: string }[] }>(
      t.app,
      PRODUCTS,
      { search: 'mdf freijo' },
      rafael.token,
    );
    expect(byName.data?.staffProducts).toEqual([
      expect.objectContaining({
        gtin: '7893216101356',
        name: 'Chapa MDF Freijó 18 mm 2750x1850',
        lineName: 'Chapas de MDF',
      }),
      expect.objectContaining({ gtin: '7893216102544', lineName: 'Painéis ripados' }),
    ]);
    const byGtin = await painelGql<{ staffProducts: { gtin: string }[] }>(
      t.app,
      PRODUCTS,
      { search: '7893216102056' },
      rafael.token,
    );
    expect(byGtin.data?.staffProducts.map((p) => p.gtin)).toEqual([FITA_22]);
    expect((await painelGql(t.app, PRODUCTS, { search: '  ' }, rafael.token)).data).toEqual({ staffProducts: [] });
  });
});
