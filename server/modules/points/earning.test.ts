import '../../test/esm-shims';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { DEMO_MEMBER } from '../../seed';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { findUserByCpf } from '../users/repository';
import { creditPurchase, previewEarning } from './earning';
import { computeEarning, pointsByItem, type Earning, type Purchase, type Rule } from './earning-engine';

// The catalogue's products used below (content/produtos/produtos.csv), as GTIN-14.
const MDF = '07893216101004';
const MDP = '07893216101707';
const FITA = '07893216102056';
const PISO = '07893216102407';
const CATALOGUE = new Map([
  [MDF, 'mdf'],
  [MDP, 'mdp'],
  [FITA, 'fitas'],
  [PISO, 'pisos'],
]);
const LOJA_SP = '58716523000119';
const LOJA_PR = '11222333000181';

const rule = (id: number, fields: Partial<Rule>): Rule => ({
  id,
  code: `regra-${id}`,
  version: 1,
  name: `Regra ${id}`,
  kind: 'base',
  per: 'real',
  rate: 1,
  lines: null,
  gtins: null,
  stores: null,
  ufs: null,
  startsOn: '2026-01-01',
  endsOn: null,
  capPoints: null,
  capPeriod: null,
  budgetPoints: null,
  budgetUsed: 0,
  resolution: 'somar',
  priority: 0,
  ...fields,
});

const purchase = (items: [string | null, string, number][], fields: Partial<Purchase> = {}): Purchase => ({
  items: items.map(([gtin, quantity, valueCents], index) => ({ index, gtin, quantity, valueCents })),
  storeCnpj: LOJA_SP,
  uf: 'SP',
  day: '2026-11-20',
  ...fields,
});

const BASE: Rule[] = ['mdf', 'mdp', 'hdf', 'fitas', 'pisos', 'paineis'].map((line, i) =>
  rule(i + 1, { code: `base-${line}`, lines: [line] }),
);

describe('the earning engine', () => {
  it('gives the brand’s items their line’s base, rounding once per rule on the cents, and nothing to the others', () => {
    // R$ 10,50 + R$ 10,50 of MDF: 21 points (each alone would round to 10); the competitor's R$ 5.000 gives nothing.
    const earning = computeEarning(
      purchase([
        [MDF, '1.0000', 1050],
        [null, '10.0000', 500_000],
        [MDF, '1.0000', 1050],
        ['07891234567895', '1.0000', 900],
      ]),
      BASE,
      CATALOGUE,
    );
    expect(earning.total).toBe(21);
    expect(Object.fromEntries(pointsByItem(earning))).toEqual({ 0: 10, 2: 11 });
  });

  it('gives per unit, doubles one line in one state only, adds a fixed bonus, and keeps the priority campaign alone', () => {
    const rules = [
      ...BASE.filter((r) => r.code !== 'base-fitas'),
      rule(20, { code: 'base-fitas', lines: ['fitas'], per: 'unit', rate: 10 }),
      rule(30, { kind: 'multiplier', rate: 200, name: 'MDF em dobro no PR', lines: ['mdf'], ufs: ['PR'] }),
      rule(31, { kind: 'bonus', rate: 50, name: 'Bônus pisos', gtins: [PISO] }),
      rule(32, {
        kind: 'multiplier',
        rate: 300,
        name: 'Triplo',
        lines: ['pisos'],
        resolution: 'prioridade',
        priority: 5,
      }),
    ];
    const items: [string | null, string, number][] = [
      [MDF, '2.0000', 100_000],
      [FITA, '2.5000', 3_000],
      [PISO, '1.0000', 10_000],
    ];
    const sp = computeEarning(purchase(items), rules, CATALOGUE);
    // 1.000 (MDF) + 25 (2,5 rolls × 10) + 100 (piso), and the piso tripled (+200): the bonus is left out by priority.
    expect(sp.campaigns.map((c) => [c.rule.name, c.points])).toEqual([['Triplo', 200]]);
    expect(sp.total).toBe(1_325);
    const pr = computeEarning(purchase(items, { uf: 'PR', storeCnpj: LOJA_PR }), rules, CATALOGUE);
    expect(pr.campaigns.map((c) => [c.rule.name, c.points])).toEqual([
      ['MDF em dobro no PR', 1_000],
      ['Triplo', 200],
    ]);
    // Without the priority campaign, the bonus applies once, on the piso.
    const summed = computeEarning(purchase(items), rules.slice(0, -1), CATALOGUE);
    expect(summed.campaigns.map((c) => [c.rule.name, c.points, c.items])).toEqual([
      ['Bônus pisos', 50, [{ index: 2, points: 50 }]],
    ]);
  });

  it('applies the rules of the purchase date, and a campaign’s cap and budget', () => {
    const dobro = rule(40, {
      kind: 'multiplier',
      rate: 200,
      startsOn: '2026-01-01',
      endsOn: '2026-01-31',
      capPoints: 300,
      capPeriod: 'mes',
    });
    const items: [string | null, string, number][] = [[MDF, '1.0000', 50_000]];
    expect(computeEarning(purchase(items, { day: '2026-02-01' }), [...BASE, dobro], CATALOGUE).total).toBe(500);
    const jan = computeEarning(
      purchase(items, { day: '2026-01-31' }),
      [...BASE, dobro],
      CATALOGUE,
      new Map([[40, 100]]),
    );
    expect(jan.campaigns[0]?.points).toBe(200);
    const spent = { ...dobro, capPoints: null, budgetPoints: 1_000, budgetUsed: 600 };
    expect(computeEarning(purchase(items, { day: '2026-01-31' }), [...BASE, spent], CATALOGUE).total).toBe(500);
  });

  describe('properties', () => {
    const gtin = fc.constantFrom<string | null>(MDF, MDP, FITA, PISO, null, '07891234567895');
    const item = fc.tuple(
      gtin,
      fc.integer({ min: 0, max: 99_999 }).map((q) => (q / 100).toFixed(4)),
      fc.integer({ min: 0, max: 5_000_000 }),
    );
    const purchases = fc.record({
      items: fc.array(item, { maxLength: 40 }),
      uf: fc.constantFrom('SP', 'PR'),
      day: fc.constantFrom('2026-01-15', '2026-06-15', '2026-12-15'),
    });
    const lines = fc.option(fc.subarray(['mdf', 'mdp', 'fitas', 'pisos']), { nil: null });
    const campaign = fc.record({
      kind: fc.constantFrom('multiplier' as const, 'bonus' as const),
      rate: fc.integer({ min: 0, max: 1_000 }),
      lines,
      gtins: fc.option(fc.subarray([MDF, PISO]), { nil: null }),
      ufs: fc.option(fc.subarray(['SP', 'PR']), { nil: null }),
      startsOn: fc.constantFrom('2026-01-01', '2026-06-01'),
      endsOn: fc.constantFrom(null, '2026-06-30'),
      capPoints: fc.option(fc.integer({ min: 0, max: 5_000 }), { nil: null }),
      capPeriod: fc.constantFrom('campanha' as const, 'mes' as const),
      budgetPoints: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
      budgetUsed: fc.integer({ min: 0, max: 20_000 }),
      resolution: fc.constantFrom('somar' as const, 'prioridade' as const),
      priority: fc.integer({ min: 0, max: 3 }),
    });
    const bases = fc.array(fc.record({ per: fc.constantFrom('real' as const, 'unit' as const), rate: fc.nat(20) }), {
      minLength: 6,
      maxLength: 6,
    });
    const scenario = fc.record({
      purchase: purchases,
      bases,
      campaigns: fc.array(campaign, { maxLength: 8 }),
      used: fc.array(fc.nat(6_000), { minLength: 8, maxLength: 8 }),
    });
    type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;
    const build = (s: Scenario) => {
      const rules = [
        ...BASE.map((r, i) => ({ ...r, ...s.bases[i] })),
        ...s.campaigns.map((c, i) => rule(100 + i, { ...c, budgetUsed: Math.min(c.budgetUsed, c.budgetPoints ?? 0) })),
      ];
      const usage = new Map(s.campaigns.map((_, i) => [100 + i, s.used[i] ?? 0]));
      return { rules, usage, purchase: purchase(s.purchase.items, { uf: s.purchase.uf, day: s.purchase.day }) };
    };
    const parts = (e: Earning) => [...e.base, ...e.campaigns];

    it('never gives a negative or fractional point, and the items add up to each rule and the rules to the total', () => {
      fc.assert(
        fc.property(scenario, (s) => {
          const { rules, usage, purchase: p } = build(s);
          const earning = computeEarning(p, rules, CATALOGUE, usage);
          for (const part of parts(earning)) {
            expect(Number.isInteger(part.points) && part.points >= 0).toBe(true);
            expect(part.items.every((i) => Number.isInteger(i.points) && i.points > 0)).toBe(true);
            expect(part.items.reduce((sum, i) => sum + i.points, 0)).toBe(part.points);
          }
          expect(parts(earning).reduce((sum, part) => sum + part.points, 0)).toBe(earning.total);
          expect([...pointsByItem(earning).values()].reduce((a, b) => a + b, 0)).toBe(earning.total);
          // Items outside the catalogue never earn.
          for (const index of pointsByItem(earning).keys())
            expect(CATALOGUE.has(p.items[index]?.gtin ?? '')).toBe(true);
        }),
        { numRuns: 300 },
      );
    });

    it('never passes a cap or a budget, and gives the same points on replay, whatever the rules’ order', () => {
      fc.assert(
        fc.property(scenario, (s) => {
          const { rules, usage, purchase: p } = build(s);
          const earning = computeEarning(p, rules, CATALOGUE, usage);
          for (const c of earning.campaigns) {
            if (c.rule.capPoints !== null)
              expect(c.points).toBeLessThanOrEqual(Math.max(0, c.rule.capPoints - (usage.get(c.rule.id) ?? 0)));
            if (c.rule.budgetPoints !== null)
              expect(c.rule.budgetUsed + c.points).toBeLessThanOrEqual(c.rule.budgetPoints);
          }
          expect(computeEarning(p, [...rules].reverse(), CATALOGUE, usage)).toEqual(earning);
        }),
        { numRuns: 300 },
      );
    });
  });
});

describe('crediting a purchase', () => {
  let database: TestDatabase;
  let db: Db;
  let userId: number;
  let invoiceNumber = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    userId = (await findUserByCpf(db, DEMO_MEMBER.cpf))!.id;
  });
  afterAll(() => database.drop());

  /** An approved invoice row for the breakdown to hang on (what the invoices module writes first). */
  async function invoiceRow(): Promise<number> {
    invoiceNumber += 1;
    const at = new Date().toISOString();
    const row = await db
      .insertInto('invoices')
      .values({
        user_id: userId,
        access_key: String(invoiceNumber).padStart(44, '9'),
        idempotency_key: `teste-${invoiceNumber}`,
        status: 'approved',
        uf: 'SP',
        issued_month: '2026-11',
        issuer_cnpj: LOJA_SP,
        model: 55,
        series: 1,
        number: invoiceNumber,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function addCampaign(fields: Record<string, unknown>): Promise<number> {
    const row = await db
      .insertInto('point_rules')
      .values({
        code: `campanha-${invoiceNumber}-${Math.random()}`,
        version: 1,
        name: 'Campanha de teste',
        kind: 'multiplier',
        rate: 200,
        starts_on: '2026-01-01',
        created_at: new Date().toISOString(),
        created_by: 'teste',
        ...fields,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const credit = async (p: Purchase) => {
    const invoiceId = await invoiceRow();
    const earning = await creditPurchase(
      db,
      { userId, invoiceId, description: 'Nota aprovada', bonusDescription: (name) => `Bônus ${name}` },
      p,
      new Date('2026-11-22T12:00:00Z'),
    );
    return { invoiceId, earning };
  };

  it('links the base credit and each bonus entry to its breakdown, and reads the caps from what was given', async () => {
    const campaignId = await addCampaign({ lines: JSON.stringify(['fitas']), cap_points: 150, cap_period: 'mes' });
    const p = purchase([
      [FITA, '10.0000', 10_000],
      [null, '1.0000', 99_900],
      [MDF, '1.0000', 20_000],
    ]);
    expect((await previewEarning(db, userId, p)).total).toBe(400);
    const { invoiceId, earning } = await credit(p);
    expect(earning.total).toBe(400);
    const ledger = await db
      .selectFrom('points_ledger')
      .select(['id', 'kind', 'points', 'description'])
      .where('invoice_id', '=', invoiceId)
      .orderBy('id')
      .execute();
    expect(ledger.map((l) => [l.kind, l.points, l.description])).toEqual([
      ['credit', 300, 'Nota aprovada'],
      ['bonus', 100, 'Bônus Campanha de teste'],
    ]);
    const rows = await db
      .selectFrom('invoice_earnings')
      .select(['item_index', 'rule_id', 'points', 'ledger_entry_id'])
      .where('invoice_id', '=', invoiceId)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.item_index, r.points, r.ledger_entry_id])).toEqual([
      [2, 200, ledger[0]!.id],
      [0, 100, ledger[0]!.id],
      [0, 100, ledger[1]!.id],
    ]);
    expect(rows.find((r) => r.ledger_entry_id === ledger[1]!.id)?.rule_id).toBe(campaignId);
    // 100 of the month's 150 taken: the next fita purchase of November gets 50, December's the whole bonus again.
    expect((await credit(p)).earning.campaigns[0]?.points).toBe(50);
    expect((await previewEarning(db, userId, { ...p, day: '2026-12-01' })).campaigns[0]?.points).toBe(100);
  });

  it('never spends past a budget nor a cap, and the ledger holds what the breakdown says, over any run of purchases', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 0, max: 500 }),
        async (values, budget, cap) => {
          const campaignId = await addCampaign({
            lines: JSON.stringify(['mdp']),
            budget_points: budget,
            cap_points: cap,
            cap_period: 'campanha',
          });
          for (const value of values) {
            const p = purchase([[MDP, '1.0000', value]]);
            // Replayed on the same state, the purchase earns what the approval then credits.
            const preview = await previewEarning(db, userId, p);
            expect(await previewEarning(db, userId, p)).toEqual(preview);
            const { invoiceId, earning } = await credit(p);
            expect(earning).toEqual(preview);
            const ledger = await sql<{ s: string | number | null }>`
              SELECT sum(points) AS s FROM points_ledger WHERE invoice_id = ${invoiceId}`.execute(db);
            expect(Number(ledger.rows[0]?.s ?? 0)).toBe(earning.total);
          }
          const given = await sql<{ s: string | number | null }>`
            SELECT sum(points) AS s FROM invoice_earnings WHERE rule_id = ${campaignId}`.execute(db);
          const row = await db
            .selectFrom('point_rules')
            .select('budget_used')
            .where('id', '=', campaignId)
            .executeTakeFirstOrThrow();
          expect(row.budget_used).toBe(Number(given.rows[0]?.s ?? 0));
          expect(row.budget_used).toBeLessThanOrEqual(Math.min(budget, cap));
          // The campaign ends so that the next run starts from its own.
          await db.updateTable('point_rules').set({ ends_on: '2000-01-01' }).where('id', '=', campaignId).execute();
        },
      ),
      { numRuns: 12 },
    );
  });
});
