import '../../test/esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleNfeXml } from '../../../common/invoices/nfe-xml';
import { withCheckDigit } from '../../../common/validation/access-key';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, loginAs, type TestApp } from '../../test/helpers';
import { codeOf, enrolStaff, painelGql } from '../../test/staff';
import { signedNfeXml } from '../invoices/test/nfe-test-pki';
import { submit } from '../invoices/test/upload-helpers';
import { RULE_MESSAGES } from './rules';

let t: TestApp;
let dataDir: string;
let ana: string;
let carla: string;
let admin: string;
let rita: string;
const START = Date.parse('2026-11-22T12:00:00.000Z');
const TODAY = '2026-11-22';
const LOJA_SP = '58716523000119';
const LOJA_PR = '11222333000181';

const MDF = { description: 'Chapa MDF Branco TX 18 mm', quantity: '2.0000', unit: 'CH', gtin: '7893216101004' };
const TINTA = { description: 'Tinta acrílica 18 L (outra marca)', quantity: '1.0000', unit: 'GL', gtin: 'SEM GTIN' };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-regras-'));
  t = await createTestApp({ dataDir, now: fakeClock(START).now });
  ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
  carla = (await enrolStaff(t, { email: 'carla@clube.test', roles: ['campanhas'], name: 'Carla Campanhas' })).token;
  admin = (await enrolStaff(t, { email: 'adm@clube.test', roles: ['admin'], name: 'Ada Admin' })).token;
  rita = (await enrolStaff(t, { email: 'rita@clube.test', roles: ['revisor'], name: 'Rita Revisão' })).token;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const RULE_FIELDS = 'id code version name kind rate lines ufs startsOn endsOn budgetPoints budgetUsed status endedBy';
const LIST = `query { staffPointRules { ${RULE_FIELDS} } }`;
const ADD = `mutation ($input: StaffPointRuleInput!) { staffAddPointRule(input: $input) { ${RULE_FIELDS} } }`;
const END = `mutation ($id: ID!) { staffEndPointRule(id: $id) { ${RULE_FIELDS} } }`;
const REPLACE = `mutation ($id: ID!, $input: StaffPointRuleInput!) {
  staffReplacePointRule(id: $id, input: $input) { ended { ${RULE_FIELDS} } added { ${RULE_FIELDS} } }
}`;
const SIMULATE = `query ($xml: String!) { staffSimulateRules(xml: $xml) {
  uf day total items { description gtin valueCents participates productName line points parts { code version points } }
  rules { code points }
} }`;
const ESTIMATE = `query ($input: StaffPointRuleInput!) { staffEstimateRuleCost(input: $input) {
  points pointsBeforeBudget invoicesConsidered invoicesWithPoints members limited fromDay toDay
} }`;

type RuleRow = { id: string; code: string; version: number; status: string; endsOn: string | null; endedBy: string };

const MDF_SP = {
  name: 'MDF em dobro SP',
  kind: 'multiplier',
  rate: 200,
  lines: ['mdf'],
  ufs: ['sp'],
  startsOn: TODAY,
  endsOn: '2026-12-31',
  budgetPoints: 5000,
};

let serial = 0;
function xmlOf(store: string, items: (typeof MDF & { total: string })[], signed = true) {
  serial += 1;
  const uf = store === LOJA_PR ? '41' : '35';
  const accessKey = withCheckDigit(
    `${uf}2611${store}55001${String(7000 + serial).padStart(9, '0')}1${String(30000000 + serial)}`,
  );
  const total = (items.reduce((sum, i) => sum + Math.round(Number(i.total) * 100), 0) / 100).toFixed(2);
  const options = { accessKey, buyerCpf: DEMO_MEMBER.cpf, issuedAt: '2026-11-20T10:00:00-03:00', total, items };
  return signed ? signedNfeXml(options) : sampleNfeXml({ ...options, issuerCnpj: store });
}

async function send(store: string, items: (typeof MDF & { total: string })[]) {
  const sent = await submit(t.app, ana, {}, [{ name: 'nota.xml', content: Buffer.from(xmlOf(store, items)) }]);
  expect(sent.errors).toBeUndefined();
  expect((sent.data!.submitInvoice as { status: string }).status).toBe('APPROVED');
}

const auditOf = (action: string) =>
  t.db
    .selectFrom('staff_audit')
    .select(['actor_name', 'role', 'action', 'object_label', 'before', 'after'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

describe('the earning rules in the painel', () => {
  it('opens to campanhas and admins only: a reviewer is refused', async () => {
    expect((await painelGql(t.app, LIST, {}, carla)).errors).toBeUndefined();
    expect((await painelGql(t.app, LIST, {}, admin)).errors).toBeUndefined();
    expect(codeOf(await painelGql(t.app, LIST, {}, rita))).toBe('FORBIDDEN');
    expect(codeOf(await painelGql(t.app, ADD, { input: MDF_SP }, rita))).toBe('FORBIDDEN');
    expect(codeOf(await painelGql(t.app, 'query { staffBrandProducts { gtin } }', {}, rita))).toBe('FORBIDDEN');
  });

  it.each([
    [{ lines: ['madeira'] }, 'lines', RULE_MESSAGES.lines],
    [{ gtins: ['7893216101005'] }, 'gtins', RULE_MESSAGES.gtins('7893216101005')],
    [{ gtins: ['7891000100103'] }, 'gtins', RULE_MESSAGES.gtinUnknown('7891000100103')],
    [{ ufs: ['XX'] }, 'ufs', RULE_MESSAGES.ufs('XX')],
    [{ stores: ['11.222.333/0001-80'] }, 'stores', RULE_MESSAGES.stores('11.222.333/0001-80')],
    [{ startsOn: '2026-11-01' }, 'startsOn', RULE_MESSAGES.startsPast],
    [{ startsOn: '2026-02-30' }, 'startsOn', RULE_MESSAGES.startsOn],
    [{ endsOn: '2026-11-21' }, 'endsOn', RULE_MESSAGES.endsOn],
    [{ rate: 100 }, 'rate', RULE_MESSAGES.multiplierRate],
    [{ budgetPoints: 0 }, 'budgetPoints', RULE_MESSAGES.budget],
    [{ capPoints: 100 }, 'capPoints', RULE_MESSAGES.cap],
    [{ name: 'x' }, 'name', RULE_MESSAGES.name],
  ])('refuses %j with its message on the field', async (change, field, message) => {
    const res = await painelGql(t.app, ADD, { input: { ...MDF_SP, ...change } }, carla);
    expect(codeOf(res)).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toBe(message);
    expect((res.errors?.[0]?.extensions as { fields?: Record<string, string> }).fields).toEqual({ [field]: message });
  });

  it('adds a campaign, ends it (today still counts), and replaces a rule keeping the old version; all audited', async () => {
    const added = await painelGql<{ staffAddPointRule: RuleRow }>(t.app, ADD, { input: MDF_SP }, carla);
    expect(added.errors).toBeUndefined();
    expect(added.data!.staffAddPointRule).toMatchObject({
      code: 'mdf-em-dobro-sp',
      version: 1,
      ufs: ['SP'],
      status: 'vigente',
      budgetPoints: 5000,
      budgetUsed: 0,
    });
    const again = await painelGql(t.app, ADD, { input: MDF_SP }, carla);
    expect(again.errors?.[0]?.message).toBe(RULE_MESSAGES.codeTaken('mdf-em-dobro-sp'));

    const ended = await painelGql<{ staffEndPointRule: RuleRow }>(
      t.app,
      END,
      { id: added.data!.staffAddPointRule.id },
      admin,
    );
    expect(ended.data!.staffEndPointRule).toMatchObject({ endsOn: TODAY, endedBy: 'Ada Admin <adm@clube.test>' });
    const twice = await painelGql(t.app, END, { id: added.data!.staffAddPointRule.id }, admin);
    expect(twice.errors?.[0]?.message).toBe(RULE_MESSAGES.alreadyEnded);

    const bonus = await painelGql<{ staffAddPointRule: RuleRow }>(
      t.app,
      ADD,
      {
        input: {
          code: 'bonus-pisos',
          name: 'Bônus pisos',
          kind: 'bonus',
          rate: 300,
          lines: ['pisos'],
          startsOn: '2026-12-01',
        },
      },
      carla,
    );
    expect(bonus.data!.staffAddPointRule.status).toBe('agendada');
    const replaced = await painelGql<{ staffReplacePointRule: { ended: RuleRow; added: RuleRow } }>(
      t.app,
      REPLACE,
      {
        id: bonus.data!.staffAddPointRule.id,
        input: { name: 'Bônus pisos', kind: 'bonus', rate: 500, lines: ['pisos'], startsOn: '2026-12-10' },
      },
      carla,
    );
    expect(replaced.errors).toBeUndefined();
    // The old version stays as it was, its last day the eve of the new one's first: each day has one version.
    expect(replaced.data!.staffReplacePointRule.ended).toMatchObject({ version: 1, endsOn: '2026-12-09' });
    expect(replaced.data!.staffReplacePointRule.added).toMatchObject({ code: 'bonus-pisos', version: 2 });
    const list = (await painelGql<{ staffPointRules: RuleRow[] }>(t.app, LIST, {}, carla)).data!.staffPointRules;
    expect(list.filter((r) => r.code === 'bonus-pisos').map((r) => [r.version, r.status])).toEqual([
      [2, 'agendada'],
      [1, 'agendada'],
    ]);

    expect((await auditOf('rule.add')).map((a) => [a.actor_name, a.role, a.object_label])).toEqual([
      ['Carla Campanhas <carla@clube.test>', 'campanhas', 'mdf-em-dobro-sp v1'],
      ['Carla Campanhas <carla@clube.test>', 'campanhas', 'bonus-pisos v1'],
    ]);
    expect(await auditOf('rule.end')).toEqual([
      expect.objectContaining({ role: 'admin', object_label: 'mdf-em-dobro-sp v1', after: `{"endsOn":"${TODAY}"}` }),
    ]);
    expect((await auditOf('rule.replace')).map((a) => a.object_label)).toEqual(['bonus-pisos v2']);
  });

  it('simulates an XML item by item, writing nothing', async () => {
    const before = await t.db
      .selectFrom('invoice_earnings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    const xml = xmlOf(LOJA_SP, [
      { ...MDF, total: '1234.50' },
      { ...TINTA, total: '500.00' },
    ]);
    const res = await painelGql<{
      staffSimulateRules: {
        uf: string;
        day: string;
        total: number;
        items: { participates: boolean; points: number; line: string | null; parts: { code: string }[] }[];
      };
    }>(t.app, SIMULATE, { xml }, carla);
    expect(res.errors).toBeUndefined();
    const sim = res.data!.staffSimulateRules;
    expect(sim).toMatchObject({ uf: 'SP', day: '2026-11-20' });
    expect(sim.items[0]).toMatchObject({ participates: true, line: 'mdf', points: 1234 });
    expect(sim.items[0]!.parts.map((p) => p.code)).toEqual(['base-mdf']);
    expect(sim.items[1]).toMatchObject({ participates: false, points: 0, parts: [] });
    expect(sim.total).toBe(1234);
    const after = await t.db
      .selectFrom('invoice_earnings')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(after!.n)).toBe(Number(before!.n));

    const broken = await painelGql(t.app, SIMULATE, { xml: '<nfe>' }, carla);
    expect(codeOf(broken)).toBe('BAD_USER_INPUT');
    expect(codeOf(await painelGql(t.app, SIMULATE, { xml: ' ' }, carla))).toBe('BAD_USER_INPUT');
  });

  it('estimates a draft campaign as the points the engine would have given over the approved invoices', async () => {
    type Estimate = {
      points: number;
      pointsBeforeBudget: number;
      invoicesConsidered: number;
      invoicesWithPoints: number;
    };
    const estimate = async (input: Record<string, unknown>) => {
      const res = await painelGql<{ staffEstimateRuleCost: Estimate }>(t.app, ESTIMATE, { input }, carla);
      expect(res.errors).toBeUndefined();
      return res.data!.staffEstimateRuleCost;
    };
    const draft = { ...MDF_SP, name: 'Rascunho MDF SP', startsOn: '2026-12-01', budgetPoints: null };
    const before = await estimate(draft);
    await send(LOJA_SP, [
      { ...MDF, total: '1234.50' },
      { ...TINTA, total: '500.00' },
    ]);
    await send(LOJA_SP, [{ ...MDF, quantity: '1.0000', total: '99.99' }]);
    await send(LOJA_PR, [{ ...MDF, total: '800.00' }]);
    const after = await estimate(draft);
    // Double MDF in SP: 100 % more of the SP invoices' exact MDF base (1,234.50 and 99.99), each rounded down once.
    expect(after.points - before.points).toBe(1234 + 99);
    expect(after.invoicesConsidered - before.invoicesConsidered).toBe(3);
    expect(after.invoicesWithPoints - before.invoicesWithPoints).toBe(2);
    // A budget caps the estimate; nothing was written.
    const capped = await estimate({ ...draft, budgetPoints: 100 });
    expect(capped).toMatchObject({ points: 100, pointsBeforeBudget: after.points });
    expect(codeOf(await painelGql(t.app, ESTIMATE, { input: { ...draft, kind: 'base' } }, carla))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('lists the catalogue with a search and imports a CSV all or nothing, audited', async () => {
    const search = await painelGql<{ staffBrandProducts: { gtin: string; line: string }[] }>(
      t.app,
      'query ($s: String) { staffBrandProducts(search: $s) { gtin line } }',
      { s: 'fita branco' },
      carla,
    );
    expect(search.data!.staffBrandProducts.length).toBeGreaterThan(0);
    expect(search.data!.staffBrandProducts.every((p) => p.line === 'fitas')).toBe(true);
    const IMPORT = 'mutation ($csv: String!) { staffImportProducts(csv: $csv) { added updated unchanged } }';
    const refused = await painelGql(
      t.app,
      IMPORT,
      {
        csv: 'gtin;sku;nome;linha;unidade\n7893216109994;A;Fita Preta;fitas;rolo\n7893216109990;B;Errado;fitas;rolo\n',
      },
      carla,
    );
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.message).toContain('Linha 3: GTIN "7893216109990" inválido');
    const imported = await painelGql<{ staffImportProducts: { added: number } }>(
      t.app,
      IMPORT,
      { csv: 'gtin;sku;nome;linha;unidade\n7893216109994;FITA-PRETO-22;Fita Preta 22 mm;fitas;rolo\n' },
      admin,
    );
    expect(imported.data!.staffImportProducts.added).toBe(1);
    expect((await auditOf('products.import')).map((a) => a.role)).toEqual(['admin']);
  });
});
