import '../test/esm-shims';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { DEMO_MEMBER, seedDemoData } from '../seed';
import { appendEntries, getBalance } from '../modules/points';
import { findUserByCpf } from '../modules/users';
import { clubCommand } from '../test/club-command';

let dataDir: string;
let db: Kysely<Database>;
let anaId: number;

const cli = clubCommand('rewards', () => dataDir);

/** An order as the member's redemption leaves it (the API's own path is tested in the module). */
async function order(slug: string): Promise<number> {
  const reward = await db.selectFrom('rewards').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const [debit] = await appendEntries(
    db,
    anaId,
    [{ userId: anaId, kind: 'redemption', points: -reward.points, description: `Resgate: ${reward.name}` }],
    new Date(),
  );
  const row = await db
    .insertInto('reward_orders')
    .values({
      user_id: anaId,
      reward_id: reward.id,
      idempotency_key: randomUUID(),
      status: 'requested',
      points: reward.points,
      address: null,
      carrier: null,
      tracking_code: null,
      cancel_reason: null,
      debit_entry_id: debit!.id,
      refund_entry_id: null,
      review_reason: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-rewards-'));
  db = createDatabase({ file: path.join(dataDir, 'club.sqlite') });
  await migrateToLatest(db);
  await seedDemoData(db);
  anaId = (await findUserByCpf(db, DEMO_MEMBER.cpf))!.id;
  await appendEntries(db, anaId, [{ userId: anaId, kind: 'credit', points: 5000, description: 'Crédito' }], new Date());
});
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run rewards', () => {
  it('separates, ships with a tracking code and delivers an order, each step in its timeline and audited', async () => {
    const id = await order('trena-laser-40m');
    expect(cli('orders', '--status', 'solicitado').stdout).toContain(`#${id}  solicitado  trena-laser-40m`);

    expect(cli('separate', String(id), '--by', 'expedicao.rui').stdout).toContain(`Resgate nº ${id}: em separação.`);
    expect(cli('separate', String(id)).stdout).toContain('já estava assim');
    const shipped = cli(
      'ship',
      String(id),
      '--tracking',
      'BR123456789BR',
      '--carrier',
      'Correios',
      '--by',
      'expedicao.rui',
    );
    expect(shipped.status).toBe(0);
    expect(shipped.stdout).toContain('enviado (Correios BR123456789BR)');
    expect(cli('deliver', String(id), '--by', 'expedicao.rui').stdout).toContain('entregue');

    const events = await db
      .selectFrom('reward_order_events')
      .select(['status', 'note'])
      .where('order_id', '=', id)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { status: 'separating', note: null },
      { status: 'shipped', note: 'Correios · BR123456789BR' },
      { status: 'delivered', note: null },
    ]);
    // The audit trail, where admins read the painel's actions, has the terminal's as well, once each.
    const trail = await db
      .selectFrom('staff_audit')
      .select(['actor_kind', 'actor_name', 'action', 'created_at'])
      .where('object_type', '=', 'reward_order')
      .where('object_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(trail.map((a) => [a.actor_kind, a.actor_name, a.action])).toEqual([
      ['terminal', 'expedicao.rui', 'reward.separate'],
      ['terminal', 'expedicao.rui', 'reward.ship'],
      ['terminal', 'expedicao.rui', 'reward.deliver'],
    ]);
    expect(trail.every((a) => /^\d{4}-\d{2}-\d{2}T/.test(a.created_at))).toBe(true);

    const late = cli('cancel', String(id), '--reason', 'Produto com defeito');
    expect(late.status).toBe(1);
    expect(late.stderr).toContain('Este resgate já foi entregue.');
  });

  it('cancels with a reason, giving the points back, and sets a reward’s stock', async () => {
    const before = (await getBalance(db, anaId)).balance;
    const id = await order('avental-couro');
    const cancelled = cli('cancel', String(id), '--reason', 'Fora de linha no fornecedor', '--by', 'suporte.ana');
    expect(cancelled.status).toBe(0);
    expect(cancelled.stdout).toContain('350 pontos devolvidos');
    expect((await getBalance(db, anaId)).balance).toBe(before);
    const row = await db.selectFrom('reward_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'cancelled', cancel_reason: 'Fora de linha no fornecedor' });
    expect(row.refund_entry_id).not.toBeNull();
    expect(cli('orders', '--status', 'cancelado').stdout).toContain('motivo: Fora de linha no fornecedor');

    const stock = cli('stock', 'tupia-laminadora', '3', '--by', 'compras.lia');
    expect(stock.stdout).toContain('Estoque de tupia-laminadora: 10 → 3.');
    expect(cli('list').stdout).toMatch(/tupia-laminadora .* estoque 3 /);
    const audit = await db
      .selectFrom('staff_audit')
      .select(['actor_kind', 'actor_name', 'before', 'after'])
      .where('action', '=', 'reward.stock')
      .execute();
    expect(audit).toEqual([
      { actor_kind: 'terminal', actor_name: 'compras.lia', before: '{"stock":10}', after: '{"stock":3}' },
    ]);
  });

  it('imports reward files: a new slug with its stock, an existing one updated keeping its stock', async () => {
    const folder = path.join(dataDir, 'premios');
    mkdirSync(folder);
    const file = (slug: string, text: string) => writeFileSync(path.join(folder, `${slug}.md`), text);
    file(
      'esquadro-aluminio',
      '---\nname: Esquadro de alumínio 30 cm\ncategory: acessorios\ntype: produto\npoints: 450\nstock: 30\nstart: 2026-12-01\nend: 2026-12-31\ndelivery: Pelos Correios em até 15 dias úteis.\n---\nEsquadro de alumínio com régua gravada a laser.\n',
    );
    file(
      'tupia-laminadora',
      '---\nname: Tupia laminadora 530 W\ncategory: ferramentas\ntype: produto\npoints: 7900\nstock: 99\nperMemberLimit: 1\ndelivery: Por transportadora.\n---\nPara refilar fita de borda e fazer frisos.\n',
    );
    const imported = cli('import', folder, '--by', 'conteudo.bia');
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toContain('1 prêmio(s) novo(s), 1 atualizado(s)');
    const rows = await db
      .selectFrom('rewards')
      .select(['slug', 'points', 'stock', 'active_from', 'active_to'])
      .where('slug', 'in', ['esquadro-aluminio', 'tupia-laminadora'])
      .orderBy('slug')
      .execute();
    expect(rows).toEqual([
      {
        slug: 'esquadro-aluminio',
        points: 450,
        stock: 30,
        active_from: '2026-12-01T03:00:00.000Z',
        active_to: '2027-01-01T03:00:00.000Z',
      },
      // The operator had set 3 units: the file's 99 does not override the count.
      { slug: 'tupia-laminadora', points: 7900, stock: 3, active_from: null, active_to: null },
    ]);

    file(
      'sem-pontos',
      '---\nname: Sem pontos\ncategory: brindes\ntype: produto\nstock: 1\ndelivery: Correios.\n---\nTexto.\n',
    );
    const bad = cli('import', folder);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('sem-pontos.md: category: use ferramentas, acessorios, cursos, vales ou experiencias');
    expect(bad.stderr).toContain('points:');
    expect(await db.selectFrom('rewards').select('id').where('slug', '=', 'sem-pontos').execute()).toEqual([]);
  });

  it('npm run content -- import <pasta> loads <pasta>/premios as well, as drafts with --rascunho', async () => {
    const folder = path.join(dataDir, 'conteudo');
    mkdirSync(path.join(folder, 'premios'), { recursive: true });
    writeFileSync(
      path.join(folder, 'premios', 'lixa-orbital.md'),
      '---\nname: Lixadeira orbital\ncategory: ferramentas\ntype: produto\npoints: 3200\nstock: 4\ndelivery: Por transportadora.\n---\nLixadeira orbital de 1/4 de folha para acabamento.\n',
    );
    const content = clubCommand('content', () => dataDir);
    const drafted = content('import', folder, '--rascunho');
    expect(drafted.stderr).toBe('');
    expect(drafted.stdout).toContain('Prêmios: 1 novo(s), 0 atualizado(s).');
    const draft = () =>
      db.selectFrom('rewards').select('draft').where('slug', '=', 'lixa-orbital').executeTakeFirstOrThrow();
    expect(await draft()).toEqual({ draft: 1 });
    expect(content('import', folder).stdout).toContain('Prêmios: 0 novo(s), 1 atualizado(s).');
    expect(await draft()).toEqual({ draft: 0 });
  });

  it('says what is wrong in Portuguese: unknown order or reward, bad values, missing arguments', () => {
    expect(cli('deliver', '999999').stderr).toContain('Nenhum resgate com o número 999999.');
    expect(cli('stock', 'nao-existe', '3').stderr).toContain('Nenhum prêmio com o identificador nao-existe.');
    expect(cli('stock', 'tupia-laminadora', 'muitos').stderr).toContain('Estoque inválido');
    expect(cli('stock', 'tupia-laminadora', '-1').status).toBe(2);
    expect(cli('orders', '--status', 'perdido').stderr).toContain('Situação inválida');
    const noTracking = cli('ship', '1');
    expect(noTracking.status).toBe(2);
    expect(noTracking.stderr).toContain('--tracking');
    expect(cli('cancel', '1', '--reason', 'x').stderr).toContain('Informe o motivo do cancelamento');
    expect(cli('voar').status).toBe(2);
  });

  it('tells the member by e-mail of every change the club makes, and by SMS when the order ships', async () => {
    const id = await order('gabarito-dobradica-35');
    const since = (await db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
    cli('separate', String(id));
    cli('ship', String(id), '--tracking', 'QB555666777BR');
    const sent = await db
      .selectFrom('outbox')
      .select(['channel', 'recipient', 'subject', 'body'])
      .where('id', '>', since)
      .orderBy('id')
      .execute();
    expect(sent.map((m) => [m.channel, m.subject])).toEqual([
      ['email', 'Clube: Seu resgate está em separação'],
      ['email', 'Clube: Seu resgate foi enviado'],
      ['sms', null],
    ]);
    expect(sent[0]!.recipient).toBe(DEMO_MEMBER.email.toLowerCase());
    expect(sent[1]!.body).toContain(`Seu resgate nº ${id} (Gabarito para dobradiça de 35 mm) foi enviado`);
    expect(sent[2]!.body).toContain('código de rastreio QB555666777BR');
    expect(sent.every((m) => !m.body.includes(DEMO_MEMBER.cpf))).toBe(true);
  });

  it('loads codes from a CSV or generates them, and releases an order held for review with its code', async () => {
    const csv = path.join(dataDir, 'codigos.csv');
    writeFileSync(csv, 'codigo;validade\nCURSO-0001;2027-06-30\nCURSO-0002;2027-06-30\n');
    const loaded = cli('codes', 'curso-projeto-moveis-planejados', '--file', csv, '--by', 'premios.ana');
    expect(loaded.stdout).toContain('curso-projeto-moveis-planejados: 2 códigos novos; 2 livres.');
    expect(cli('codes', 'curso-projeto-moveis-planejados', '--file', csv).stdout).toContain('2 já existiam');
    expect(cli('codes', 'vale-compra-100', '--generate', '3', '--prefix', 'V100-').stdout).toContain('3 livres');
    expect(cli('codes', 'avental-couro', '--generate', '3').stderr).toContain('só vales e cursos têm códigos');
    expect(cli('codes', 'vale-compra-100').status).toBe(2);
    expect(cli('codes', 'vale-compra-100', '--file', 'nao-existe.csv').stderr).toContain(
      'Arquivo não encontrado: nao-existe.csv',
    );

    const id = await order('curso-projeto-moveis-planejados');
    await db
      .updateTable('reward_orders')
      .set({ review_reason: 'navegador automatizado' })
      .where('id', '=', id)
      .execute();
    expect(cli('orders', '--status', 'solicitado').stdout).toContain('EM ANÁLISE: navegador automatizado');
    expect(cli('release', String(id), '--by', 'revisora.bia').stdout).toContain(
      `Resgate nº ${id}: liberado; código emitido.`,
    );
    const code = await db.selectFrom('reward_codes').select('code').where('order_id', '=', id).executeTakeFirst();
    expect(code?.code).toBe('CURSO-0001');
    const audit = await db
      .selectFrom('staff_audit')
      .select(['actor_kind', 'actor_name', 'action'])
      .where('object_type', '=', 'reward_order')
      .where('object_id', '=', String(id))
      .execute();
    expect(audit).toEqual([{ actor_kind: 'terminal', actor_name: 'revisora.bia', action: 'reward.release' }]);
    expect(cli('release', String(id)).stdout).toContain('já estava assim');
  });
});
