import '../test/esm-shims';
import type { Kysely } from 'kysely';
import { DEMO_MEMBER } from '../seed';
import type { Database } from '../db/schema';
import { findUserByCpf } from '../modules/users/repository';
import { clubCommand } from '../test/club-command';
import { removeDataDir, seededDataDir } from '../test/seeded-data-dir';

let dataDir: string;
let db: Kysely<Database>;

const cli = clubCommand('projects', () => dataDir);

async function projectInReview(title: string, publishConsent: boolean): Promise<number> {
  const user = await findUserByCpf(db, DEMO_MEMBER.cpf);
  const at = new Date().toISOString();
  const row = await db
    .insertInto('projects')
    .values({
      user_id: user!.id,
      idempotency_key: title.replace(/\W/g, '-'),
      title,
      environment: 'KITCHEN',
      description: '',
      uf: 'SP',
      city: 'São Paulo',
      finished_month: '2026-10',
      status: 'in_review',
      publish_consent: publishConsent ? 1 : 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  ({ dataDir, db } = await seededDataDir('clube-cli-projetos-'));
});
afterAll(() => removeDataDir(dataDir, db));

describe('npm run projects', () => {
  it('lists, approves once (500 points or --points), rejects with a reason and publishes only with consent', async () => {
    const a = await projectInReview('Cozinha em freijó', true);
    const b = await projectInReview('Home office', false);
    const c = await projectInReview('Closet', false);
    await db.updateTable('projects').set({ risk_reason: 'navegador automatizado' }).where('id', '=', c).execute();
    const list = cli('list');
    expect(list.status).toBe(0);
    expect(list.stdout).toContain(`#${a}  em análise`);
    expect(list.stdout).toMatch(new RegExp(`#${c} .*"Closet".*⚠ navegador automatizado`));
    expect(list.stdout).not.toMatch(new RegExp(`#${a} .*⚠`));
    expect(list.stdout).toContain('"Cozinha em freijó"  São Paulo/SP');

    expect(cli('approve', String(a)).stdout).toContain('500 pontos creditados');
    const twice = cli('approve', String(a), '--points', '900');
    expect(twice.status).toBe(0);
    expect(twice.stdout).toContain('já estava aprovado: 500 pontos');
    expect(cli('approve', String(b), '--points', '80').stdout).toContain('80 pontos creditados');
    expect(cli('approve', String(c), '--points', '-3').status).toBe(1);

    const noReason = cli('reject', String(c));
    expect(noReason.status).toBe(1);
    expect(noReason.stderr).toContain('--reason');
    expect(cli('reject', String(c), '--reason', 'Fotos de outro marceneiro').stdout).toContain('recusado');
    expect(cli('reject', String(a), '--reason', 'tarde demais').stderr).toContain('já foi aprovado');

    const refused = cli('publish', String(b));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('não autorizou a publicação');
    expect(cli('publish', String(c)).status).toBe(1);
    expect(cli('publish', String(a)).stdout).toContain(`Projeto #${a} publicado.`);
    expect(cli('publish', String(a)).stdout).toContain('já estava publicado');
    expect(cli('approve', '999').stderr).toContain('Projeto não encontrado.');
    expect(cli('bogus').status).toBe(2);

    const rows = await db
      .selectFrom('projects')
      .select(['id', 'status', 'points', 'rejection_reason'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: a, status: 'approved', points: 500, rejection_reason: null },
      { id: b, status: 'approved', points: 80, rejection_reason: null },
      { id: c, status: 'rejected', points: null, rejection_reason: 'Fotos de outro marceneiro' },
    ]);
    const ledger = await db.selectFrom('points_ledger').select(['points', 'project_id', 'description']).execute();
    expect(ledger).toEqual([
      { points: 500, project_id: a, description: 'Projeto aprovado: Cozinha em freijó' },
      { points: 80, project_id: b, description: 'Projeto aprovado: Home office' },
    ]);
  }, 120_000);
});
