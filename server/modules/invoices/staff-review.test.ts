import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createSharedTestApps, fakeClock, gql, loginAs, type FakeClock, type SharedTestApps } from '../../test/helpers';
import { codeOf, enrolStaff, painelGql, type EnrolledStaff } from '../../test/staff';
import { createMember } from '../users/repository';
import { JPEG, newKey, nfeXml, PDF, submit } from './test/upload-helpers';

let s: SharedTestApps;
let clock: FakeClock;
let ana: string;
let bia: string;
let rafael: EnrolledStaff;
let sofia: EnrolledStaff;
const BIA = { name: 'Bia', surName: 'Lima', cpf: '11144477735', email: 'bia@exemplo.com.br', password: 'Senha#forte1' };

beforeEach(async () => {
  clock = fakeClock();
  // Two API processes on one database: the reviewers' requests may land on either.
  s = await createSharedTestApps(2, { now: clock.now });
  const t = { app: s.apps[0]!, db: s.db, config: s.config };
  await createMember(s.db, BIA);
  ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
  bia = (await loginAs(t.app, BIA.email, BIA.password)).token;
  rafael = await enrolStaff(t, { email: 'rafael@clube.test', roles: ['revisor'], name: 'Rafael Revisor' });
  sofia = await enrolStaff(t, { email: 'sofia@clube.test', roles: ['revisor'], name: 'Sofia Revisora' });
});
afterEach(() => s.close());

const QUEUE = `query ($filter: StaffInvoiceFilter, $first: Int, $after: String) {
  staffInvoiceQueue(filter: $filter, first: $first, after: $after) {
    rows { id accessKey status memberName hasXml fileKinds flagReason lease { staffName mine } }
    nextCursor
  }
}`;
const DETAIL = `query ($id: ID!) {
  staffInvoice(id: $id) {
    id status totalCents buyerCpfMasked items { description totalCents }
    files { id kind url }
    member { name cpfMasked approved rejected approvalRate lastInvoices { id } }
    signals { kind message invoiceId }
    suggestedPoints suggestedParts { name points }
    lease { staffName mine }
  }
}`;
const TAKE = 'mutation ($id: ID!) { staffTakeInvoice(id: $id) { staffName expiresAt mine } }';
const APPROVE = 'mutation ($id: ID!, $points: Int) { staffApproveInvoice(id: $id, points: $points) { status points } }';
const APPROVE_ITEMS = `mutation ($id: ID!, $items: [StaffKeyedItemInput!]) {
  staffApproveInvoice(id: $id, items: $items) { status points }
}`;
/** One sheet of the brand's MDF for R$ 120,00: 120 points by the base rule. */
const MDF_120 = [{ gtin: '7893216101004', quantity: '1', valueCents: 120_00 }];
const REJECT =
  'mutation ($id: ID!, $reason: String!) { staffRejectInvoice(id: $id, reason: $reason) { status rejectionReason } }';

type Queue = {
  staffInvoiceQueue: {
    rows: { id: string; fileKinds: string[]; lease: { staffName: string } | null }[];
    nextCursor: string | null;
  };
};
type Detail = {
  staffInvoice: {
    status: string;
    totalCents: number | null;
    buyerCpfMasked: string | null;
    files: { id: string; kind: string; url: string }[];
    member: { cpfMasked: string; approvalRate: number | null };
    signals: { kind: string; message: string; invoiceId: string | null }[];
    suggestedPoints: number | null;
    lease: { staffName: string; mine: boolean } | null;
  };
};
type Take = { staffTakeInvoice: { staffName: string; mine: boolean } };

const photo = async (token: string, content: Buffer = JPEG) =>
  (await submit(s.apps[0]!, token, { accessKey: newKey() }, [{ name: 'nota.jpg', content }])).data!.submitInvoice.id;

describe('the review queue', () => {
  it('lists invoices waiting for a person oldest first, a page at a time, with its filters', async () => {
    const first = await photo(ana);
    clock.advance(60_000);
    // Other bytes than the first photo's: identical files are an alert of their own.
    const second = await photo(bia, Buffer.concat([JPEG, Buffer.from(' outra foto')]));
    clock.advance(60_000);
    // An XML of another buyer: held for a person, flagged.
    const key = newKey();
    const flagged = await submit(s.apps[0]!, ana, { accessKey: key }, [
      { name: 'nota.xml', content: nfeXml(key, BIA.cpf, new Date(clock.now()).toISOString()) },
    ]);
    const third = flagged.data!.submitInvoice.id;

    const page = await painelGql<Queue>(s.apps[0]!, QUEUE, { first: 2 }, rafael.token);
    expect(page.data?.staffInvoiceQueue.rows.map((r) => r.id)).toEqual([first, second]);
    const rest = await painelGql<Queue>(
      s.apps[1]!,
      QUEUE,
      { first: 2, after: page.data?.staffInvoiceQueue.nextCursor },
      rafael.token,
    );
    expect(rest.data?.staffInvoiceQueue).toMatchObject({ rows: [{ id: third, fileKinds: ['xml'] }], nextCursor: null });

    const ids = async (filter: Record<string, unknown>) =>
      (await painelGql<Queue>(s.apps[0]!, QUEUE, { filter }, rafael.token)).data?.staffInvoiceQueue.rows.map(
        (r) => r.id,
      );
    expect(await ids({ flagged: true })).toEqual([third]);
    expect(await ids({ hasXml: false })).toEqual([first, second]);
    expect(await ids({ search: 'Bia Lima' })).toEqual([second]);
    expect(await ids({ search: key.slice(0, 34) })).toEqual([third]);
    expect(await ids({ from: '2026-11-22', to: '2026-11-22' })).toEqual([first, second, third]);
    expect(await ids({ from: '2026-11-23' })).toEqual([]);
    expect(codeOf(await painelGql(s.apps[0]!, QUEUE, { filter: { from: '22/11/2026' } }, rafael.token))).toBe(
      'BAD_USER_INPUT',
    );
  });
});

describe('one invoice', () => {
  it('shows its files by short-lived signed links, the member with a masked CPF, and the same bytes sent by another member', async () => {
    const shared = Buffer.concat([JPEG, Buffer.from(' mesma foto')]);
    const original = await photo(bia, shared);
    const copy = await photo(ana, shared);
    const detail = await painelGql<Detail>(s.apps[0]!, DETAIL, { id: copy }, rafael.token);
    const invoice = detail.data!.staffInvoice;
    expect(invoice.member.cpfMasked).toBe('***.982.***-25');
    expect(JSON.stringify(detail.data)).not.toContain(DEMO_MEMBER.cpf);
    expect(invoice.signals).toEqual([
      {
        kind: 'SAME_FILE_OTHER_MEMBER',
        message: `O mesmo arquivo (bytes idênticos) já tinha sido enviado antes por outro membro na nota #${original}: esta é a cópia.`,
        invoiceId: original,
      },
    ]);
    expect(invoice.suggestedPoints).toBeNull();

    const url = invoice.files[0]!.url;
    expect(url).toMatch(/^\/painel\/arquivos\/nota-\d+\?k=\d+&e=\d+&s=/);
    const file = await s.apps[1]!.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toMatch(/^inline; /);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(shared)).toBe(true);
    // A tampered link, or one a few minutes old, opens nothing.
    expect((await s.apps[0]!.inject({ method: 'GET', url: url.replace(/s=./, 's=x') })).statusCode).toBe(404);
    clock.advance(5 * 60_000 + 1);
    expect((await s.apps[0]!.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('opens a file only while its reviewer is active and still a reviewer, and audits each opening', async () => {
    const id = await photo(ana);
    const detail = await painelGql<Detail>(s.apps[0]!, DETAIL, { id }, rafael.token);
    const url = detail.data!.staffInvoice.files[0]!.url;
    expect((await s.apps[1]!.inject({ method: 'GET', url })).statusCode).toBe(200);
    const opened = await s.db
      .selectFrom('staff_audit')
      .select(['actor_staff_id', 'role', 'object_id', 'object_label'])
      .where('action', '=', 'arquivo.abrir')
      .execute();
    expect(opened).toEqual([
      {
        actor_staff_id: rafael.id,
        role: 'revisor',
        object_id: `nota-${detail.data!.staffInvoice.files[0]!.id}`,
        object_label: expect.stringMatching(/^nota-\d+-\d+\.jpg$/),
      },
    ]);

    // Disabled: the link he already has opens nothing, though it is signed and within its five minutes.
    await s.db
      .updateTable('staff_accounts')
      .set({ disabled_at: new Date(clock.now()).toISOString() })
      .where('id', '=', rafael.id)
      .execute();
    expect((await s.apps[0]!.inject({ method: 'GET', url })).statusCode).toBe(404);
    // Active again, but no longer a reviewer: still nothing.
    await s.db.updateTable('staff_accounts').set({ disabled_at: null }).where('id', '=', rafael.id).execute();
    await s.db.deleteFrom('staff_roles').where('staff_id', '=', rafael.id).execute();
    await s.db.insertInto('staff_roles').values({ staff_id: rafael.id, role: 'atendimento' }).execute();
    expect((await s.apps[0]!.inject({ method: 'GET', url })).statusCode).toBe(404);
    const openings = await s.db.selectFrom('staff_audit').select('id').where('action', '=', 'arquivo.abrir').execute();
    expect(openings).toHaveLength(1);
  });

  it('tells the reviewer when other members tried the same access key, counted once per member', async () => {
    const key = newKey();
    const sent = (await submit(s.apps[0]!, ana, { accessKey: key }, [{ name: 'nota.jpg', content: JPEG }])).data!
      .submitInvoice.id;
    clock.advance(60_000);
    // Bia types it (the page checks it as she types), then sends it twice: refused every time.
    const check = await gql<{ invoiceKeyCheck: { available: boolean } }>(
      s.apps[1]!,
      'query ($k: String!) { invoiceKeyCheck(accessKey: $k) { available } }',
      { k: key },
      { authorization: `Bearer ${bia}` },
    );
    expect(check.data?.invoiceKeyCheck.available).toBe(false);
    for (let i = 0; i < 2; i += 1) {
      const refused = await submit(s.apps[0]!, bia, { accessKey: key }, [{ name: 'nota.jpg', content: JPEG }]);
      expect(refused.errors?.[0]?.message).toBe(
        'Esta nota fiscal já está cadastrada no clube e não pode ser enviada de novo.',
      );
    }
    // Ana's own retry is no signal.
    await submit(s.apps[0]!, ana, { accessKey: key }, [{ name: 'nota.jpg', content: JPEG }]);

    const detail = await painelGql<Detail>(s.apps[0]!, DETAIL, { id: sent }, rafael.token);
    expect(detail.data!.staffInvoice.signals).toEqual([
      {
        kind: 'SAME_KEY_OTHER_MEMBER',
        message: 'A mesma chave foi tentada por outro membro (3 vezes, a última em 22/11/2026, 09:01).',
        invoiceId: null,
      },
    ]);
  });

  it('serves a PDF inline, framable by the painel only', async () => {
    const id = (await submit(s.apps[0]!, ana, { accessKey: newKey() }, [{ name: 'nota.pdf', content: PDF }])).data!
      .submitInvoice.id;
    const detail = await painelGql<Detail>(s.apps[0]!, DETAIL, { id }, rafael.token);
    const file = await s.apps[0]!.inject({ method: 'GET', url: detail.data!.staffInvoice.files[0]!.url });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(file.headers['content-security-policy']).not.toContain('sandbox');
  });
});

describe('the review lease', () => {
  it('gives an invoice to one of two reviewers taking it at the same instant; the other sees who has it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await photo(ana);
      const [a, b] = await Promise.all([
        painelGql<Take>(s.apps[0]!, TAKE, { id }, rafael.token),
        painelGql<Take>(s.apps[1]!, TAKE, { id }, sofia.token),
      ]);
      const wins = [a, b].filter((r) => r.data?.staffTakeInvoice.mine);
      expect(wins).toHaveLength(1);
      const winner = a.data!.staffTakeInvoice.mine ? 'Rafael Revisor' : 'Sofia Revisora';
      expect(a.data!.staffTakeInvoice.staffName).toBe(winner);
      expect(b.data!.staffTakeInvoice.staffName).toBe(winner);
    }
  });

  it('lets the holder renew it, refuses the other reviewer’s approval, and frees it when it expires', async () => {
    const id = await photo(ana);
    expect((await painelGql<Take>(s.apps[0]!, TAKE, { id }, rafael.token)).data?.staffTakeInvoice.mine).toBe(true);
    expect((await painelGql<Take>(s.apps[1]!, TAKE, { id }, sofia.token)).data?.staffTakeInvoice).toMatchObject({
      staffName: 'Rafael Revisor',
      mine: false,
    });
    const refused = await painelGql(s.apps[1]!, APPROVE, { id, points: 10 }, sofia.token);
    expect(refused.errors?.[0]?.message).toBe('Rafael Revisor está analisando esta nota. Abra outra.');
    const queue = await painelGql<Queue>(s.apps[0]!, QUEUE, {}, sofia.token);
    expect(queue.data?.staffInvoiceQueue.rows[0]?.lease?.staffName).toBe('Rafael Revisor');
    const next = await painelGql<{ staffNextInvoice: string | null }>(
      s.apps[0]!,
      '{ staffNextInvoice }',
      {},
      sofia.token,
    );
    expect(next.data?.staffNextInvoice).toBeNull();

    clock.advance(4 * 60_000);
    expect((await painelGql<Take>(s.apps[0]!, TAKE, { id }, rafael.token)).data?.staffTakeInvoice.mine).toBe(true);
    // Each new hold is audited once; a renewal or a refused take adds nothing.
    const takes = await s.db
      .selectFrom('staff_audit')
      .select('actor_staff_id')
      .where('action', '=', 'invoice.take')
      .execute();
    expect(takes).toEqual([{ actor_staff_id: rafael.id }]);
    clock.advance(4 * 60_000);
    expect((await painelGql<Take>(s.apps[1]!, TAKE, { id }, sofia.token)).data?.staffTakeInvoice.mine).toBe(false);
    clock.advance(60_001 + 60_000);
    expect((await painelGql<Take>(s.apps[1]!, TAKE, { id }, sofia.token)).data?.staffTakeInvoice.mine).toBe(true);
    const late = await painelGql(s.apps[0]!, REJECT, { id, reason: 'Foto ilegível.' }, rafael.token);
    expect(late.errors?.[0]?.message).toBe('Sofia Revisora está analisando esta nota. Abra outra.');
  });
});

describe('approve and reject', () => {
  const audit = () =>
    s.db.selectFrom('staff_audit').selectAll().where('action', 'like', 'invoice.%').orderBy('id').execute();

  it('approves with the keyed lines, credits them, frees the lease and writes the audit line', async () => {
    const id = await photo(ana);
    expect(codeOf(await painelGql(s.apps[0]!, APPROVE_ITEMS, { id, items: MDF_120 }, rafael.token))).toBe(
      'BAD_USER_INPUT',
    );
    await painelGql(s.apps[0]!, TAKE, { id }, rafael.token);
    expect(codeOf(await painelGql(s.apps[0]!, APPROVE, { id, points: -1 }, rafael.token))).toBe('BAD_USER_INPUT');
    const approved = await painelGql(s.apps[0]!, APPROVE_ITEMS, { id, items: MDF_120 }, rafael.token);
    expect(approved.data).toEqual({ staffApproveInvoice: { status: 'approved', points: 120 } });
    const ledger = await s.db
      .selectFrom('points_ledger')
      .select(['points', 'invoice_id'])
      .where('invoice_id', '=', Number(id))
      .execute();
    expect(ledger).toEqual([{ points: 120, invoice_id: Number(id) }]);
    expect(await s.db.selectFrom('review_leases').selectAll().execute()).toEqual([]);
    expect(await audit()).toMatchObject([
      { actor_staff_id: rafael.id, role: 'revisor', action: 'invoice.take', object_id: id },
      {
        actor_kind: 'staff',
        actor_staff_id: rafael.id,
        actor_name: 'Rafael Revisor <rafael@clube.test>',
        role: 'revisor',
        action: 'invoice.approve',
        object_type: 'invoice',
        object_id: id,
        before: JSON.stringify({ status: 'in_review' }),
        after: JSON.stringify({ status: 'approved', points: 120, keyedItems: 1 }),
        ip: '127.0.0.1',
      },
    ]);
    expect((await painelGql(s.apps[0]!, TAKE, { id }, rafael.token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('rejects with the reason the member reads, audited', async () => {
    const id = await photo(ana);
    await painelGql(s.apps[0]!, TAKE, { id }, sofia.token);
    const rejected = await painelGql(
      s.apps[0]!,
      REJECT,
      { id, reason: '  Foto cortada: envie a nota inteira. ' },
      sofia.token,
    );
    expect(rejected.data).toEqual({
      staffRejectInvoice: { status: 'rejected', rejectionReason: 'Foto cortada: envie a nota inteira.' },
    });
    expect(await audit()).toMatchObject([
      { actor_staff_id: sofia.id, action: 'invoice.take', object_id: id },
      {
        actor_staff_id: sofia.id,
        role: 'revisor',
        action: 'invoice.reject',
        object_id: id,
        after: JSON.stringify({ status: 'rejected', reason: 'Foto cortada: envie a nota inteira.' }),
      },
    ]);
    const detail = await painelGql<Detail>(s.apps[0]!, DETAIL, { id }, sofia.token);
    expect(detail.data?.staffInvoice.member.approvalRate).toBe(0);
  });
});
