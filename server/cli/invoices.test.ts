import '../test/esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { DEMO_MEMBER, seedDemoData } from '../seed';
import type { Database } from '../db/schema';
import { findUserByCpf } from '../modules/users/repository';
import { withCheckDigit } from '../../common/validation/access-key';
import { approveInvoice } from '../modules/invoices';
import { clubCommand, clubCommandAsync } from '../test/club-command';
import { SEFAZ_ANSWERS, startFakeSefaz, type FakeSefaz } from '../test/fake-sefaz';
import { fakeClock, operatorAt, testConfig } from '../test/helpers';
import { makeTestPki, type TestPki } from '../test/tls-certificates';
import { LocalDiskStorage, uploadsDirOf } from '../storage/local-disk';
import { DEMO_NFE_PKI_DIR } from '../modules/invoices/demo-nfe-pki';
import { nfeTestPki } from '../modules/invoices/test/nfe-test-pki';
import { terminalActor } from '../modules/staff';
import { removeDataDir, seededDataDir } from '../test/seeded-data-dir';

/** Who the audit names for the reviews these tests make. */
const reviewer = terminalActor('ti.joao');

let dataDir: string;
let db: Kysely<Database>;

const cli = clubCommand('invoices', () => dataDir);

async function pendingInvoice(key: string, issuedAt: string | null = null): Promise<number> {
  const user = await findUserByCpf(db, DEMO_MEMBER.cpf);
  const at = new Date().toISOString();
  const row = await db
    .insertInto('invoices')
    .values({
      user_id: user!.id,
      access_key: key,
      idempotency_key: key,
      status: 'in_review',
      uf: 'SP',
      issued_month: '2026-11',
      issuer_cnpj: '58716523000119',
      model: 55,
      series: 1,
      number: 7,
      issued_at: issuedAt,
      total_cents: issuedAt === null ? null : 250_00,
      has_xml: issuedAt === null ? 0 : 1,
      // One sheet of the brand's MDF: its R$ 250,00 earn 250 points.
      items_json:
        issuedAt === null
          ? null
          : JSON.stringify([
              { description: 'Chapa MDF', quantity: '1.0000', unit: 'UN', totalCents: 250_00, gtin: '07893216101004' },
            ]),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  ({ dataDir, db } = await seededDataDir('clube-cli-'));
});
afterAll(() => removeDataDir(dataDir, db));

describe('npm run invoices', () => {
  it('lists, approves with --points (a flagged one with --confirm), rejects and reverses with a reason', async () => {
    const a = await pendingInvoice('A'.repeat(44));
    const b = await pendingInvoice('B'.repeat(44));
    const c = await pendingInvoice('C'.repeat(44));
    await db
      .updateTable('invoices')
      .set({ risk_reason: 'mesmo aparelho de outras 4 contas' })
      .where('id', '=', b)
      .execute();
    await db.updateTable('invoices').set({ review_reason: 'XML sem assinatura' }).where('id', '=', a).execute();
    const list = cli('list');
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`#${a} .*✗ XML sem assinatura`));
    expect(list.stdout).toMatch(new RegExp(`#${b} .*⚠ mesmo aparelho de outras 4 contas`));
    expect(list.stdout).not.toContain('58716523000119');

    const noPoints = cli('approve', String(a));
    expect(noPoints.status).toBe(1);
    expect(noPoints.stderr).toContain('--points');
    // A flagged invoice is approved only when the operator says they saw the flag.
    const unconfirmed = cli('approve', String(a), '--points', '80', '--by', 'ti.joao');
    expect(unconfirmed.status).toBe(1);
    expect(unconfirmed.stderr).toContain('Use --confirm.');
    expect(cli('approve', String(a), '--points', '80', '--confirm', '--by', 'ti.joao').stdout).toContain(
      '80 pontos creditados',
    );
    expect(cli('reject', String(b), '--reason', 'Nota de outra pessoa', '--by', 'ti.joao').stdout).toContain(
      'recusada',
    );
    // Above REVIEW_FOUR_EYES_POINTS the terminal only asks: a second person confirms in the painel.
    expect(cli('approve', String(c), '--points', '20000', '--confirm', '--by', 'ti.joao').stdout).toContain(
      'Nenhum ponto foi creditado',
    );
    expect(cli('reverse', String(a), '--reason', 'Compra devolvida à loja', '--by', 'ti.joao').stdout).toContain(
      '80 pontos debitados',
    );
    expect(cli('reject', String(b), '--reason', 'de novo').status).toBe(1);
    expect(cli('bogus').status).toBe(2);

    const rows = await db
      .selectFrom('invoices')
      .select(['id', 'status', 'points', 'rejection_reason'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: a, status: 'rejected', points: 80, rejection_reason: 'Compra devolvida à loja' },
      { id: b, status: 'rejected', points: null, rejection_reason: 'Nota de outra pessoa' },
      { id: c, status: 'in_review', points: null, rejection_reason: null },
    ]);
    const ledger = await db
      .selectFrom('points_ledger')
      .select(['kind', 'points', 'invoice_id'])
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { kind: 'credit', points: 80, invoice_id: a },
      { kind: 'adjustment', points: -80, invoice_id: a },
    ]);
    // Each decision is in the audit trail as the terminal's, under the operator's name; the refused tries are not.
    const audit = await db
      .selectFrom('staff_audit')
      .select(['actor_kind', 'actor_name', 'action', 'object_id', 'after'])
      .where('action', 'like', 'invoice.%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        actor_kind: 'terminal',
        actor_name: 'ti.joao',
        action: 'invoice.approve',
        object_id: String(a),
        after: JSON.stringify({ status: 'approved', points: 80 }),
      },
      {
        actor_kind: 'terminal',
        actor_name: 'ti.joao',
        action: 'invoice.reject',
        object_id: String(b),
        after: JSON.stringify({ status: 'rejected', reason: 'Nota de outra pessoa' }),
      },
      {
        actor_kind: 'terminal',
        actor_name: 'ti.joao',
        action: 'invoice.approve-request',
        object_id: String(c),
        after: JSON.stringify({ status: 'in_review', requestedPoints: 20000 }),
      },
      {
        actor_kind: 'terminal',
        actor_name: 'ti.joao',
        action: 'invoice.reverse',
        object_id: String(a),
        after: JSON.stringify({ status: 'rejected', reversedPoints: 80, reason: 'Compra devolvida à loja' }),
      },
    ]);
  }, 90_000);
});

describe('npm run invoices -- sefaz-check', () => {
  const DAY = 24 * 60 * 60 * 1000;
  let pki: TestPki;
  let sefaz: FakeSefaz;
  const cancelledKey = withCheckDigit('3526115871652300011955001000000101100000101');
  const authorisedKey = withCheckDigit('3526115871652300011955001000000102100000102');
  const sefazCheck = clubCommandAsync(
    'invoices',
    () => dataDir,
    () => ({
      SEFAZ_STATUS_URL: sefaz.url,
      SEFAZ_ENVIRONMENT: '2',
      SEFAZ_CERT_PFX: pki.client.pfxFile,
      SEFAZ_CERT_PASSWORD: pki.client.password,
      SEFAZ_CA: pki.ca.certFile,
      OUTBOUND_PRIVATE_ORIGINS: new URL(sefaz.url).origin,
    }),
  );

  beforeAll(async () => {
    pki = makeTestPki();
    sefaz = await startFakeSefaz(pki, (key) => ({
      status: 200,
      body: key === cancelledKey ? SEFAZ_ANSWERS.cancelled(key) : SEFAZ_ANSWERS.authorised(key),
    }));
  });
  afterAll(async () => {
    await sefaz.close();
    pki.remove();
  });

  it('says the query is off without its settings', () => {
    const off = cli('sefaz-check');
    expect(off.status).toBe(1);
    expect(off.stderr).toContain('A consulta à Sefaz está desligada: defina SEFAZ_STATUS_URL');
  });

  it('asks the SEFAZ now, with the A1 certificate, and prints what it did with each key masked', async () => {
    const now = Date.now();
    const ids: number[] = [];
    for (const key of [cancelledKey, authorisedKey]) {
      const id = await pendingInvoice(key, new Date(now - 12 * DAY).toISOString());
      await approveInvoice(operatorAt({ db, config: testConfig() }, now - 10 * DAY), reviewer, id);
      ids.push(id);
    }
    const [cancelled, authorised] = ids;
    const run = await sefazCheck('sefaz-check');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([
      `#${cancelled}  chave 352611…${cancelledKey.slice(-4)}  cancelada (101 Cancelamento de NF-e homologado): 250 pontos estornados, nota recusada e membro avisado`,
      `#${authorised}  chave 352611…${authorisedKey.slice(-4)}  autorizada (100 Autorizado o uso da NF-e)`,
      'Conferidas 2 notas: 1 autorizadas, 1 canceladas (250 pontos estornados), 0 não encontradas, 0 para a próxima conferência.',
    ]);
    expect(run.stdout).not.toContain('58716523000119');
    expect(sefaz.seen.map((r) => r.clientCertificate)).toEqual([
      'CLUBE DO MARCENEIRO LTDA:12345678000195',
      'CLUBE DO MARCENEIRO LTDA:12345678000195',
    ]);
    expect(sefaz.seen[0]!.body).toContain(`<tpAmb>2</tpAmb><xServ>CONSULTAR</xServ><chNFe>${cancelledKey}</chNFe>`);
    const statuses = await db.selectFrom('invoices').select(['id', 'status']).where('id', 'in', ids).execute();
    expect(Object.fromEntries(statuses.map((r) => [r.id, r.status]))).toEqual({
      [cancelled!]: 'rejected',
      [authorised!]: 'approved',
    });

    const again = await sefazCheck('sefaz-check');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('Nenhuma nota a conferir');
    expect(sefaz.seen).toHaveLength(2);
  }, 60_000);
});

describe('npm run invoices -- audit-xml', () => {
  let demoDir: string;
  let demoDb: Kysely<Database>;
  // A server's trust store: here the tests' own root (the shipped ICP-Brasil set answers the same for the demo).
  const audit = clubCommand('invoices', () => demoDir, { NFE_TRUSTED_ROOTS: nfeTestPki().trustedFile });

  beforeAll(async () => {
    demoDir = mkdtempSync(path.join(tmpdir(), 'clube-cli-auditoria-'));
    demoDb = createDatabase({ file: path.join(demoDir, 'club.sqlite') });
    await migrateToLatest(demoDb);
    const config = testConfig({ dataDir: demoDir, now: fakeClock().now });
    await seedDemoData(demoDb, { history: { config, storage: new LocalDiskStorage(uploadsDirOf(demoDir)) } });
  });
  afterAll(async () => {
    await demoDb.destroy();
    rmSync(demoDir, { recursive: true, force: true });
  });

  const ledger = () => demoDb.selectFrom('points_ledger').selectAll().orderBy('id').execute();

  it('lists the demo XMLs, signed under the demo root, as outside the trust store a server uses', async () => {
    const before = await ledger();
    const result = audit('audit-xml');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    // Ana's four automatically approved XMLs and the XML of the painel's review queue.
    expect(lines.slice(0, -1)).toHaveLength(5);
    for (const line of lines.slice(0, -1)) {
      expect(line).toMatch(/^#\d+ {2}(approved|in_review) {2}chave \d{6}…\d{4} {2}certificado fora da ICP-Brasil$/);
    }
    expect(lines.at(-1)).toBe('5 XML conferidos: 5 não passariam hoje. Nenhum ponto foi alterado.');
    expect(await ledger()).toEqual(before);
  }, 120_000);

  it('passes them all when the settings trust the demo root', () => {
    const trusting = clubCommand('invoices', () => demoDir, {
      NFE_TRUSTED_ROOTS: path.join(DEMO_NFE_PKI_DIR, 'raiz-demo.pem'),
    });
    const result = trusting('audit-xml');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe('5 XML conferidos: todos passariam hoje.');
  }, 60_000);
});

describe('npm run invoices -- approve --item', () => {
  it('approves a photo by the brand’s lines keyed with --item, through the earning rules', async () => {
    const photo = await pendingInvoice('K'.repeat(44));
    const bad = cli('approve', String(photo), '--item', '7893216101005:1:10,00');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('GTIN válido');
    const approved = cli(
      'approve',
      String(photo),
      '--item',
      '7893216101004:2:1.234,50',
      '--item',
      '7891234567895:1:500',
    );
    expect(approved.stdout).toContain(`Nota #${photo} aprovada: 1234 pontos creditados.`);
  });
});
