import '../../test/esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { withCheckDigit } from '../../../common/validation/access-key';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, fakeClock, gql, loginAs, type TestApp } from '../../test/helpers';
import { signedNfeXml } from './test/nfe-test-pki';
import { submit } from './test/upload-helpers';

let t: TestApp;
let dataDir: string;
let ana: string;
const START = Date.parse('2026-11-22T12:00:00.000Z');
const LOJA_SP = '58716523000119';
const LOJA_PR = '11222333000181';

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-ganho-'));
  t = await createTestApp({ dataDir, now: fakeClock(START).now });
  ana = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
});
afterEach(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const MDF = { description: 'Chapa MDF Branco TX 18 mm', quantity: '2.0000', unit: 'CH', gtin: '7893216101004' };
const FITA = {
  description: 'Fita de borda PVC Branco TX 22 mm',
  quantity: '3.0000',
  unit: 'RL',
  gtin: '7893216102056',
};
const TINTA = { description: 'Tinta acrílica 18 L (outra marca)', quantity: '1.0000', unit: 'GL', gtin: 'SEM GTIN' };

let serial = 0;
/** Ana's signed NF-e of a store: its key starts with the store's state (35 SP, 41 PR). */
async function send(
  store: string,
  items: { description: string; quantity: string; unit: string; gtin: string; total: string }[],
) {
  serial += 1;
  const uf = store === LOJA_PR ? '41' : '35';
  const key = withCheckDigit(
    `${uf}2611${store}55001${String(5000 + serial).padStart(9, '0')}1${String(20000000 + serial)}`,
  );
  const total = (items.reduce((sum, i) => sum + Math.round(Number(i.total) * 100), 0) / 100).toFixed(2);
  const xml = signedNfeXml({
    accessKey: key,
    buyerCpf: DEMO_MEMBER.cpf,
    issuedAt: '2026-11-20T10:00:00-03:00',
    total,
    items,
  });
  const sent = await submit(t.app, ana, {}, [{ name: 'nota.xml', content: Buffer.from(xml) }]);
  expect(sent.errors).toBeUndefined();
  const { id, status, points } = sent.data!.submitInvoice as { id: string; status: string; points: number | null };
  const earning = await gql<{
    invoiceEarning: {
      items: { description: string; valueCents: number; participates: boolean; points: number | null }[];
      campaigns: { name: string; points: number }[];
    };
  }>(
    t.app,
    `query ($id: ID!) { invoiceEarning(id: $id) { items { description valueCents participates points } campaigns { name points } } }`,
    { id },
    { authorization: `Bearer ${ana}` },
  );
  return { status, points, ...earning.data!.invoiceEarning };
}

describe('points for the brand’s products only', () => {
  it('credits only the catalogue’s lines of a signed XML, and lists the competitor’s as not taking part', async () => {
    const invoice = await send(LOJA_SP, [
      { ...MDF, total: '1234.50' },
      { ...FITA, total: '60.99' },
      { ...TINTA, total: '5000.00' },
    ]);
    expect(invoice.status).toBe('APPROVED');
    // Each line's rule rounds down on its own: R$ 1.234,50 of MDF give 1.234, R$ 60,99 of edge bands 60.
    expect(invoice.points).toBe(1_294);
    expect(invoice.items).toEqual([
      { description: MDF.description, valueCents: 123_450, participates: true, points: 1_234 },
      { description: FITA.description, valueCents: 6_099, participates: true, points: 60 },
      { description: TINTA.description, valueCents: 500_000, participates: false, points: null },
    ]);
    expect(invoice.campaigns).toEqual([]);
  });

  it('gives a campaign doubling MDF in one state there and not elsewhere, as its own extract line, until its budget', async () => {
    await t.db
      .insertInto('point_rules')
      .values({
        code: 'mdf-dobro-pr',
        version: 1,
        name: 'MDF em dobro no Paraná',
        kind: 'multiplier',
        rate: 200,
        lines: JSON.stringify(['mdf']),
        ufs: JSON.stringify(['PR']),
        starts_on: '2026-11-01',
        budget_points: 150,
        created_at: new Date(START).toISOString(),
        created_by: 'teste',
      })
      .execute();
    const items = [
      { ...MDF, total: '100.00' },
      { ...FITA, total: '50.00' },
    ];
    const sp = await send(LOJA_SP, items);
    expect([sp.points, sp.campaigns]).toEqual([150, []]);
    const pr = await send(LOJA_PR, items);
    expect([pr.points, pr.campaigns]).toEqual([250, [{ name: 'MDF em dobro no Paraná', points: 100 }]]);
    expect(pr.items.map((i) => i.points)).toEqual([200, 50]);
    // 100 of the 150 spent: the next bonus of 100 no longer fits.
    const spent = await send(LOJA_PR, items);
    expect([spent.points, spent.campaigns]).toEqual([150, []]);

    const extract = await gql<{ pointsEntries: { data: { kind: string; points: number; description: string }[] } }>(
      t.app,
      '{ pointsEntries(first: 10) { data { kind points description } } }',
      {},
      { authorization: `Bearer ${ana}` },
    );
    expect(extract.data!.pointsEntries.data.filter((e) => e.kind === 'BONUS')).toEqual([
      {
        kind: 'BONUS',
        points: 100,
        description: expect.stringMatching(/^Bônus MDF em dobro no Paraná \(NF-e nº \d+\)$/),
      },
    ]);
  });

  it('tells the member how to earn, from the rules in force: each line’s rate and the running campaigns', async () => {
    const campaign = (code: string, fields: Record<string, unknown>) =>
      t.db
        .insertInto('point_rules')
        .values({
          code,
          version: 1,
          name: code,
          kind: 'multiplier',
          rate: 200,
          starts_on: '2026-11-01',
          created_at: new Date(START).toISOString(),
          created_by: 'teste',
          ...fields,
        })
        .execute();
    await campaign('Fitas em dobro', {
      lines: JSON.stringify(['fitas']),
      ends_on: '2026-12-31',
      ufs: JSON.stringify(['SP']),
    });
    await campaign('Encerrada', { ends_on: '2026-11-10' });
    await campaign('Sem orçamento', { budget_points: 100, budget_used: 100 });
    await campaign('Bônus pisos', { kind: 'bonus', rate: 50, lines: JSON.stringify(['pisos']) });
    const res = await gql<{
      howToEarn: { lines: { label: string; rate: number; per: string }[]; campaigns: Record<string, unknown>[] };
    }>(
      t.app,
      '{ howToEarn { lines { label rate per } campaigns { name gives lines ufs endsOn } } }',
      {},
      {
        authorization: `Bearer ${ana}`,
      },
    );
    expect(res.data!.howToEarn.lines).toHaveLength(6);
    expect(res.data!.howToEarn.lines[0]).toEqual({ label: 'Chapas de MDF', rate: 1, per: 'REAL' });
    expect(res.data!.howToEarn.campaigns).toEqual([
      {
        name: 'Fitas em dobro',
        gives: 'pontos em dobro',
        lines: ['Fitas de borda'],
        ufs: ['SP'],
        endsOn: '2026-12-31',
      },
      { name: 'Bônus pisos', gives: '+50 pontos por compra', lines: ['Pisos laminados'], ufs: [], endsOn: null },
    ]);
    expect((await gql(t.app, '{ howToEarn { lines { label } } }')).errors?.[0]?.extensions?.['code']).toBe(
      'UNAUTHENTICATED',
    );
  });
});
