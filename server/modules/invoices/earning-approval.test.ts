import '../../test/esm-shims';
import type { Db } from '../../db/schema';
import { operatorAt, testConfig } from '../../test/helpers';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { terminalActor } from '../staff';
import { approveInvoice } from './index';

const reviewer = terminalActor('revisao.teste');
const LOJA_SP = '58716523000119';
const MDF = '07893216101004';
const NOW = Date.parse('2026-11-22T12:00:00Z');

let database: TestDatabase;
let db: Db;

beforeEach(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterEach(() => database.drop());

/** A member of their own, so that parallel approvals wait on nothing but the campaign's budget. */
async function member(i: number): Promise<number> {
  const at = new Date(NOW).toISOString();
  const row = await db
    .insertInto('users')
    .values({
      name: `Membro${i}`,
      sur_name: 'Paralelo',
      cpf: String(80_000_000_000 + i),
      email: `paralelo${i}@exemplo.com.br`,
      password_hash: 'x',
      accept_email_comunications: 0,
      accept_message_comunications: 0,
      chatbot_invoice_upload_enabled: 0,
      change_password_required: 0,
      consent_pending: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An XML invoice waiting for a reviewer: one sheet of the brand's MDF for R$ 100,00. */
async function waitingInvoice(userId: number, n: number): Promise<number> {
  const at = new Date(NOW).toISOString();
  const row = await db
    .insertInto('invoices')
    .values({
      user_id: userId,
      access_key: String(n).padStart(44, '7'),
      idempotency_key: `paralelo-${n}`,
      status: 'in_review',
      uf: 'SP',
      issued_month: '2026-11',
      issuer_cnpj: LOJA_SP,
      model: 55,
      series: 1,
      number: n,
      has_xml: 1,
      issued_at: '2026-11-20T13:00:00.000Z',
      total_cents: 100_00,
      items_json: JSON.stringify([
        { description: 'Chapa MDF', quantity: '1.0000', unit: 'UN', totalCents: 100_00, gtin: MDF },
      ]),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('a campaign’s budget', () => {
  it('gives exactly as many bonuses as it covers when 20 approvals run at once, across API processes', async () => {
    // Double MDF: each invoice's bonus is 100 points; 500 cover five.
    const campaign = await db
      .insertInto('point_rules')
      .values({
        code: 'mdf-em-dobro',
        version: 1,
        name: 'MDF em dobro',
        kind: 'multiplier',
        rate: 200,
        lines: JSON.stringify(['mdf']),
        starts_on: '2026-11-01',
        budget_points: 500,
        created_at: new Date(NOW).toISOString(),
        created_by: 'teste',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoices: number[] = [];
    for (let i = 0; i < 20; i += 1) invoices.push(await waitingInvoice(await member(i), i + 1));
    // Spread over handles of their own on PostgreSQL: other pools, as other API processes have (closed by drop).
    const handles = [db, database.open(), database.open(), database.open()];
    const approved = await Promise.all(
      invoices.map((id, i) =>
        approveInvoice(operatorAt({ db: handles[i % handles.length]!, config: testConfig() }, NOW), reviewer, id),
      ),
    );
    expect(approved.map((inv) => inv.points).sort()).toEqual([...Array(15).fill(100), ...Array(5).fill(200)]);
    const bonuses = await db.selectFrom('points_ledger').select('points').where('kind', '=', 'bonus').execute();
    expect(bonuses.map((b) => b.points)).toEqual([100, 100, 100, 100, 100]);
    const rule = await db
      .selectFrom('point_rules')
      .select('budget_used')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(rule.budget_used).toBe(500);
  });
});

describe('lines keyed from a photo', () => {
  it('are credited by the same rules, and a bad line or points beside them are refused', async () => {
    const userId = await member(99);
    const photo = await waitingInvoice(userId, 99);
    await db
      .updateTable('invoices')
      .set({ has_xml: 0, items_json: null, total_cents: null })
      .where('id', '=', photo)
      .execute();
    const deps = operatorAt({ db, config: testConfig() }, NOW);
    // Refused before the invoice is read, as the points are.
    expect(() =>
      approveInvoice(deps, reviewer, photo, undefined, {
        items: [{ gtin: '7893216101005', quantity: '1', valueCents: 100 }],
      }),
    ).toThrow(/GTIN válido/);
    expect(() =>
      approveInvoice(deps, reviewer, photo, 10, { items: [{ gtin: '7893216101004', quantity: '1', valueCents: 100 }] }),
    ).toThrow('Informe os itens ou os pontos, não os dois.');
    const approved = await approveInvoice(deps, reviewer, photo, undefined, {
      items: [
        { gtin: '7893216101004', quantity: '2', valueCents: 123_450 },
        { gtin: '7891234567895', quantity: '1', valueCents: 50_000 },
      ],
    });
    expect(approved.points).toBe(1_234);
    const rows = await db
      .selectFrom('invoice_earnings')
      .select(['item_index', 'points'])
      .where('invoice_id', '=', photo)
      .execute();
    expect(rows).toEqual([{ item_index: 0, points: 1_234 }]);
  });
});
