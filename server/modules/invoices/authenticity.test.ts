import '../../test/esm-shims';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type FakeClock, type TestApp } from '../../test/helpers';
import { enrolStaff, painelGql } from '../../test/staff';
import { demoSignedXml } from './demo-history';
import { signedNfeXml } from './test/nfe-test-pki';
import { newKey, nfeXml, submit, unsignedNfeXml, type SubmittedInvoice } from './test/upload-helpers';

/**
 * The issue's attack and its neighbours through the member's own send path: an XML is approved by itself only with
 * both proofs of authenticity and inside the ceilings; anything else waits "Em análise" with a reason only staff
 * read. Runs on SQLite and on PostgreSQL.
 */

let t: TestApp;
let clock: FakeClock;
let ana: string;
const ISSUED = '2026-11-20T10:00:00-03:00';

beforeEach(async () => {
  clock = fakeClock();
  t = await createTestApp({ now: () => clock.now() });
  ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
});
afterEach(() => t.close());

const send = async (content: Buffer, token = ana): Promise<SubmittedInvoice> => {
  const res = await submit(t.app, token, {}, [{ name: 'nfe.xml', content }]);
  expect(res.errors).toBeUndefined();
  return res.data!.submitInvoice;
};

const reviewReason = async (id: string) =>
  (await t.db.selectFrom('invoices').select('review_reason').where('id', '=', Number(id)).executeTakeFirstOrThrow())
    .review_reason;

const balance = async () =>
  (
    await gql<{ me: { pointsBalance: number } }>(
      t.app,
      '{ me { pointsBalance } }',
      {},
      { authorization: `Bearer ${ana}` },
    )
  ).data!.me.pointsBalance;

/** What the member could ever read of an invoice: nothing of the staff's reason. */
const memberText = (invoice: SubmittedInvoice) =>
  JSON.stringify([invoice.flagReason, invoice.rejectionReason, invoice.events.map((e) => e.note)]);

describe('the automatic review of an XML', () => {
  it('approves a note signed by its issuer and authorised by the SEFAZ, within the ceilings', async () => {
    const key = newKey();
    const invoice = await send(nfeXml(key, DEMO_MEMBER.cpf, ISSUED, '250.90'));
    expect(invoice).toMatchObject({ accessKey: key, status: 'APPROVED', points: 250 });
    expect(await reviewReason(invoice.id)).toBeNull();
    expect(await balance()).toBe(250);
  });

  it('holds the issue’s hand-typed R$ 250.000,00 note "Em análise", the reason for staff only', async () => {
    const invoice = await send(unsignedNfeXml(newKey(), DEMO_MEMBER.cpf, ISSUED, '250000.00'));
    expect(invoice).toMatchObject({ status: 'IN_REVIEW', points: null, flagReason: null, rejectionReason: null });
    expect(memberText(invoice)).not.toMatch(/assinatura|limite|SEFAZ|certificado/i);
    expect(await reviewReason(invoice.id)).toBe('XML sem assinatura; acima do limite de aprovação automática');
    expect(await balance()).toBe(0);

    const staff = await enrolStaff(t, { email: 'revisor@clube.test', roles: ['revisor'] });
    const detail = await painelGql<{ staffInvoice: { signals: { kind: string; message: string }[] } }>(
      t.app,
      'query ($id: ID!) { staffInvoice(id: $id) { signals { kind message } } }',
      { id: invoice.id },
      staff.token,
    );
    expect(detail.data?.staffInvoice.signals).toEqual([
      { kind: 'ISSUER_SIGNATURE', message: 'Prova 1, assinatura do emitente: XML sem assinatura.' },
      { kind: 'AUTO_APPROVAL_LIMIT', message: 'Aprovação automática: acima do limite de aprovação automática.' },
    ]);
    const queue = await painelGql<{ staffInvoiceQueue: { rows: { id: string; reviewReason: string | null }[] } }>(
      t.app,
      '{ staffInvoiceQueue { rows { id reviewReason } } }',
      {},
      staff.token,
    );
    expect(queue.data?.staffInvoiceQueue.rows).toEqual([
      { id: invoice.id, reviewReason: 'XML sem assinatura; acima do limite de aprovação automática' },
    ]);
  });

  it('holds a note signed with the demo store’s public key: no running server trusts the demo root', async () => {
    const key = newKey();
    const xml = demoSignedXml({
      accessKey: key,
      issuerCnpj: key.slice(6, 20),
      buyerCpf: DEMO_MEMBER.cpf,
      issuedAt: ISSUED,
      total: '250.00',
    });
    const invoice = await send(xml);
    expect(invoice.status).toBe('IN_REVIEW');
    expect(await reviewReason(invoice.id)).toBe('certificado fora da ICP-Brasil');
  });

  it('holds a signed note whose value was changed afterwards', async () => {
    const key = newKey();
    const altered = nfeXml(key, DEMO_MEMBER.cpf, ISSUED, '250.00')
      .toString()
      .replace(/250\.00/g, '2500.00');
    const invoice = await send(Buffer.from(altered));
    expect(invoice).toMatchObject({ status: 'IN_REVIEW', totalCents: 250_000 });
    expect(await reviewReason(invoice.id)).toBe('assinatura não confere');
  });

  it('holds a signed note whose SEFAZ protocol is of another signature', async () => {
    const xml = signedNfeXml({
      accessKey: newKey(),
      buyerCpf: DEMO_MEMBER.cpf,
      issuedAt: ISSUED,
      total: '250.00',
      protocol: { digVal: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' },
    });
    const invoice = await send(Buffer.from(xml));
    expect(invoice.status).toBe('IN_REVIEW');
    expect(await reviewReason(invoice.id)).toBe('protocolo de outra nota');
  });
});

describe('the ceilings of automatic approval', () => {
  it('hold an authentic note above AUTO_APPROVAL_MAX_POINTS', async () => {
    const invoice = await send(nfeXml(newKey(), DEMO_MEMBER.cpf, ISSUED, '5001.00'));
    expect(invoice).toMatchObject({ status: 'IN_REVIEW', points: null });
    expect(memberText(invoice)).not.toContain('limite');
    expect(await reviewReason(invoice.id)).toBe('acima do limite de aprovação automática');
    // The ceiling itself is still approved by itself.
    expect((await send(nfeXml(newKey(), DEMO_MEMBER.cpf, ISSUED, '5000.00'))).status).toBe('APPROVED');
  });

  it('hold the note that would take a member past the month’s automatic points, until the next month', async () => {
    await t.close();
    t = await createTestApp({ now: () => clock.now(), autoApprovalMaxPointsMonth: 600 });
    ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
    const store = (cnpj: string) => newKey(cnpj);
    expect((await send(nfeXml(store('58716523000119'), DEMO_MEMBER.cpf, ISSUED, '300.00'))).status).toBe('APPROVED');
    expect((await send(nfeXml(store('11222333000181'), DEMO_MEMBER.cpf, ISSUED, '300.00'))).status).toBe('APPROVED');
    const third = await send(nfeXml(store('45997418000153'), DEMO_MEMBER.cpf, ISSUED, '1.00'));
    expect(third.status).toBe('IN_REVIEW');
    expect(await reviewReason(third.id)).toBe('acima do limite de aprovação automática');
    // December 1st, 00:30 in São Paulo: a new month of automatic approvals.
    clock.advance(Date.parse('2026-12-01T03:30:00Z') - clock.now());
    ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
    const december = await send(nfeXml(store('45997418000153'), DEMO_MEMBER.cpf, '2026-11-30T10:00:00-03:00', '1.00'));
    expect(december.status).toBe('APPROVED');
  });

  it('hold a fourth note of one store for purchases of one day, not another store’s', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await send(nfeXml(newKey(), DEMO_MEMBER.cpf, ISSUED, '10.00'))).status).toBe('APPROVED');
    }
    const fourth = await send(nfeXml(newKey(), DEMO_MEMBER.cpf, '2026-11-20T18:00:00-03:00', '10.00'));
    expect(fourth.status).toBe('IN_REVIEW');
    expect(await reviewReason(fourth.id)).toBe('quarta nota da mesma loja no mesmo dia');
    const otherStore = await send(nfeXml(newKey('11222333000181'), DEMO_MEMBER.cpf, ISSUED, '10.00'));
    expect(otherStore.status).toBe('APPROVED');
    const nextDay = await send(nfeXml(newKey(), DEMO_MEMBER.cpf, '2026-11-21T09:00:00-03:00', '10.00'));
    expect(nextDay.status).toBe('APPROVED');
  });
});
