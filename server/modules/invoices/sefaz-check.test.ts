import '../../test/esm-shims';
import { randomUUID } from 'node:crypto';
import type { SefazKeyStatus, SefazStatusQuery } from '../../adapters/sefaz-status';
import type { InvoiceRow } from '../../db/schema';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, operatorAt, type TestApp } from '../../test/helpers';
import { multipart } from '../../test/multipart';
import { makeTestPki } from '../../test/tls-certificates';
import { expireDuePoints, getBalance, InsufficientPointsError, spendPoints } from '../points';
import { findUserByCpf } from '../users';
import { approveInvoice } from './actions';
import { checkApprovedInvoices, SEFAZ_CANCELLED_REASON, SEFAZ_CHECK_RULES } from '.';
import { sefazCheckJobs } from './sefaz-check';
import { newKey, PDF, RESEND } from './test/upload-helpers';
import { terminalActor } from '../staff';

/** Who the audit names for the reviews these tests make. */
const reviewer = terminalActor('ti.joao');

/**
 * The daily status check with a stand-in for the SEFAZ query (the query itself is tested against a real HTTPS
 * service in server/adapters/sefaz-status.test.ts): which invoices it asks about, and what each answer does.
 */

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const ANSWERS: Record<SefazKeyStatus['status'], SefazKeyStatus> = {
  authorised: { status: 'authorised', cStat: 100, reason: 'Autorizado o uso da NF-e' },
  cancelled: { status: 'cancelled', cStat: 101, reason: 'Cancelamento de NF-e homologado' },
  not_found: { status: 'not_found', cStat: 217, reason: 'Rejeição: NF-e não consta na base de dados da SEFAZ' },
  unknown: { status: 'unknown', cStat: 656, reason: 'Rejeição: Consumo Indevido' },
  unavailable: { status: 'unavailable', cStat: null, reason: 'sem resposta (ECONNREFUSED)' },
};

/** The SEFAZ as the test says, authorised for any key it was not told about; every key asked is kept. */
function stubSefaz(says: Record<string, SefazKeyStatus['status']> = {}) {
  const asked: string[] = [];
  const query: SefazStatusQuery = {
    status: async (key) => {
      asked.push(key);
      return ANSWERS[says[key] ?? 'authorised'];
    },
  };
  return { asked, query, says };
}

let t: TestApp;
let clock = fakeClock();
let anaId: number;

beforeEach(async () => {
  // The club's clock near the real one: the demo history, seeded at the real date, was approved months ago.
  clock = fakeClock(Math.floor(Date.now() / HOUR) * HOUR);
  t = await createTestApp({ now: () => clock.now() });
  anaId = (await findUserByCpf(t.db, DEMO_MEMBER.cpf))!.id;
});
afterEach(async () => t.close());

/** An NF-e of Ana's, issued and approved (through the terminal's approval) so many days before the clock. */
async function approved(issuedDaysAgo: number | null, approvedDaysAgo: number): Promise<InvoiceRow> {
  const key = newKey();
  const approvedAt = clock.now() - approvedDaysAgo * DAY;
  const at = new Date(approvedAt - HOUR).toISOString();
  const row = await t.db
    .insertInto('invoices')
    .values({
      user_id: anaId,
      access_key: key,
      idempotency_key: randomUUID(),
      status: 'in_review',
      uf: 'SP',
      issued_month: '2026-11',
      issuer_cnpj: key.slice(6, 20),
      model: 55,
      series: 1,
      number: Number(key.slice(25, 34)),
      has_xml: issuedDaysAgo === null ? 0 : 1,
      issued_at: issuedDaysAgo === null ? null : new Date(clock.now() - issuedDaysAgo * DAY).toISOString(),
      total_cents: issuedDaysAgo === null ? null : 250_00,
      // One sheet of the brand's MDF: its R$ 250,00 earn 250 points by the base rule.
      items_json:
        issuedDaysAgo === null
          ? null
          : JSON.stringify([
              { description: 'Chapa MDF', quantity: '1.0000', unit: 'UN', totalCents: 250_00, gtin: '07893216101004' },
            ]),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return approveInvoice(operatorAt(t, approvedAt), reviewer, row.id, issuedDaysAgo === null ? 300 : undefined);
}

const run = (sefaz: ReturnType<typeof stubSefaz>) => checkApprovedInvoices(t.db, sefaz.query, new Date(clock.now()));
const invoiceRow = (id: number) =>
  t.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const entriesOf = (id: number) =>
  t.db
    .selectFrom('points_ledger')
    .select(['kind', 'points', 'description'])
    .where('invoice_id', '=', id)
    .orderBy('id')
    .execute();
const held = async (id: number) => (await entriesOf(id)).reduce((sum, e) => sum + e.points, 0);

describe('the daily SEFAZ status check', () => {
  it('asks about each invoice approved in the last 30 days once it was issued a week ago, and once only', async () => {
    const old = await approved(41, 40);
    const recent = await approved(21, 20);
    const photo = await approved(null, 10);
    const fresh = await approved(3, 2);
    const sefaz = stubSefaz();

    const first = await run(sefaz);
    // Oldest approval first; the demo history's approvals, months old, are not asked either.
    expect(sefaz.asked).toEqual([recent.access_key, photo.access_key]);
    expect(first.lines.map((l) => [l.invoiceId, l.answer.status])).toEqual([
      [recent.id, 'authorised'],
      [photo.id, 'authorised'],
    ]);
    await run(sefaz);
    expect(sefaz.asked).toHaveLength(2);

    clock.advance(5 * DAY);
    await run(sefaz);
    expect(sefaz.asked).toEqual([recent.access_key, photo.access_key, fresh.access_key]);
    expect(sefaz.asked).not.toContain(old.access_key);
    for (const invoice of [recent, photo, fresh]) {
      expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'approved', points: invoice.points });
    }
  });

  it('reverses a cancelled invoice: a debit linked to it, refused with the reason, the member told and audited', async () => {
    const kept = await approved(10, 9);
    const cancelled = await approved(12, 10);
    const keptEntries = await entriesOf(kept.id);
    const credited = await held(cancelled.id);
    expect(credited).toBeGreaterThanOrEqual(250);
    const before = (await getBalance(t.db, anaId)).balance;

    const report = await run(stubSefaz({ [cancelled.access_key]: 'cancelled' }));
    expect(report.lines.map((l) => [l.invoiceId, l.answer.status, l.reversedPoints])).toEqual([
      [cancelled.id, 'cancelled', credited],
      [kept.id, 'authorised', null],
    ]);
    expect((await entriesOf(cancelled.id)).at(-1)).toEqual({
      kind: 'adjustment',
      points: -credited,
      description: `NF-e nº ${cancelled.number} cancelada pela Sefaz: pontos estornados`,
    });
    expect((await getBalance(t.db, anaId)).balance).toBe(before - credited);
    expect(await entriesOf(kept.id)).toEqual(keptEntries);
    expect(await invoiceRow(kept.id)).toMatchObject({ status: 'approved', rejection_reason: null });

    const token = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
    const bearer = { authorization: `Bearer ${token}` };
    const seen = await gql<{
      invoice: { status: string; rejectionReason: string; resendable: boolean; events: { status: string }[] };
      myRefusedInvoices: { id: string }[];
      notifications: { data: { title: string; body: string; url: string }[] };
    }>(
      t.app,
      `query ($id: ID!) {
        invoice(id: $id) { status rejectionReason resendable events { status } }
        myRefusedInvoices { id }
        notifications(first: 1) { data { title body url } }
      }`,
      { id: String(cancelled.id) },
      bearer,
    );
    expect(seen.errors).toBeUndefined();
    expect(seen.data!.invoice).toMatchObject({
      status: 'REJECTED',
      rejectionReason: SEFAZ_CANCELLED_REASON,
      resendable: false,
    });
    expect(seen.data!.invoice.events.at(-1)).toEqual({ status: 'REJECTED' });
    // Home's "refused, send it again" leaves it out: it cannot be sent again.
    expect(seen.data!.myRefusedInvoices.map((i) => i.id)).not.toContain(String(cancelled.id));
    expect(seen.data!.notifications.data[0]).toEqual({
      title: 'Nota cancelada pela Sefaz',
      body: `Sua NF-e nº ${cancelled.number} foi cancelada pela Sefaz (compra devolvida ou desfeita): −${credited} pontos.`,
      url: '/minhas-nfs',
    });
    const audit = await t.db
      .selectFrom('staff_audit')
      .select(['actor_kind', 'actor_name', 'action', 'object_id', 'after'])
      .where('action', '=', 'invoice.sefaz-cancel')
      .execute();
    expect(audit).toEqual([
      {
        actor_kind: 'system',
        actor_name: 'Consulta à Sefaz',
        action: 'invoice.sefaz-cancel',
        object_id: String(cancelled.id),
        after: JSON.stringify({
          status: 'rejected',
          reversedPoints: credited,
          cStat: 101,
          sefaz: 'Cancelamento de NF-e homologado',
        }),
      },
    ]);

    // The same authorised XML sent again would be approved again: a cancelled invoice takes no new files.
    const body = multipart(
      RESEND,
      { id: String(cancelled.id), idempotencyKey: randomUUID(), files: [null] },
      ['variables.files.0'],
      [{ name: 'nota.pdf', content: PDF }],
    );
    const resend = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': body.contentType, 'apollo-require-preflight': 'true', ...bearer },
      payload: body.payload,
    });
    expect(resend.json().errors[0].message).toBe(
      'A Sefaz informa que esta nota foi cancelada: ela não vale pontos e não pode ser reenviada.',
    );

    // Asked again, nothing more is taken.
    clock.advance(DAY);
    await run(stubSefaz({ [cancelled.access_key]: 'cancelled' }));
    expect(await held(cancelled.id)).toBe(0);
    expect((await getBalance(t.db, anaId)).balance).toBe(before - credited);
  });

  it('takes the points back even when the member spent them: the balance goes negative until new credits', async () => {
    const cancelled = await approved(8, 8);
    const credited = await held(cancelled.id);
    await expireDuePoints(t.db, anaId, new Date(clock.now()));
    const { balance } = await getBalance(t.db, anaId);
    await spendPoints(t.db, anaId, { points: balance, description: 'Resgate: Serra tico-tico' }, new Date(clock.now()));

    await run(stubSefaz({ [cancelled.access_key]: 'cancelled' }));
    expect((await getBalance(t.db, anaId)).balance).toBe(-credited);
    await expect(
      spendPoints(t.db, anaId, { points: 1, description: 'Resgate' }, new Date(clock.now())),
    ).rejects.toBeInstanceOf(InsufficientPointsError);

    const next = await approved(1, 0);
    expect((await getBalance(t.db, anaId)).balance).toBe(-credited + (await held(next.id)));
  });

  it('changes nothing without a conclusive answer and asks again next run; a key the SEFAZ lacks is kept', async () => {
    const unanswered = await approved(20, 19);
    const unknown = await approved(15, 14);
    const notFound = await approved(12, 11);
    const sefaz = stubSefaz({
      [unanswered.access_key]: 'unavailable',
      [unknown.access_key]: 'unknown',
      [notFound.access_key]: 'not_found',
    });
    const balance = (await getBalance(t.db, anaId)).balance;

    const first = await run(sefaz);
    expect(first.lines.map((l) => [l.invoiceId, l.answer.status, l.reversedPoints])).toEqual([
      [unanswered.id, 'unavailable', null],
      [unknown.id, 'unknown', null],
      [notFound.id, 'not_found', null],
    ]);
    expect((await getBalance(t.db, anaId)).balance).toBe(balance);
    for (const invoice of [unanswered, unknown, notFound]) {
      expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'approved', points: invoice.points });
    }

    clock.advance(DAY);
    sefaz.says[unanswered.access_key] = 'cancelled';
    await run(sefaz);
    expect(sefaz.asked.slice(3)).toEqual([unanswered.access_key, unknown.access_key]);
    expect(await invoiceRow(unanswered.id)).toMatchObject({ status: 'rejected' });
    expect(await held(unanswered.id)).toBe(0);
  });

  it('ends a run after three calls in a row without an answer, leaving the rest for the next one', async () => {
    const invoices = [await approved(20, 19), await approved(18, 17), await approved(16, 15), await approved(14, 13)];
    const down = stubSefaz(Object.fromEntries(invoices.map((i) => [i.access_key, 'unavailable' as const])));

    const report = await run(down);
    expect(down.asked).toHaveLength(SEFAZ_CHECK_RULES.givesUpAfter);
    expect(report.notAsked).toBe(1);

    const up = stubSefaz();
    await run(up);
    expect(up.asked).toEqual(invoices.map((i) => i.access_key));
  });
});

describe('the job', () => {
  const ranOnce = async (tApp: TestApp) =>
    (await tApp.db.selectFrom('job_runs').select('name').where('name', '=', 'invoices-sefaz-check').execute()).length;

  it('is off without SEFAZ_STATUS_URL and runs daily with it', async () => {
    const jobsOf = (tApp: TestApp) => sefazCheckJobs(tApp.db, tApp.config).map((job) => [job.name, job.everyMs]);
    expect(jobsOf(t)).toEqual([]);
    expect(await ranOnce(t)).toBe(0);
    const pki = makeTestPki();
    try {
      const configured = await createTestApp({
        sefazStatus: {
          url: 'https://127.0.0.1:9/ws/NfeConsulta/NfeConsulta4.asmx',
          environment: 2,
          clientCertificate: { pfx: pki.client.pfx, password: pki.client.password },
          ca: pki.ca.cert,
        },
      });
      expect(jobsOf(configured)).toEqual([['invoices-sefaz-check', DAY]]);
      // Started with the app, as every process's jobs are.
      expect(await ranOnce(configured)).toBe(1);
      await configured.close();
    } finally {
      pki.remove();
    }
  });
});
