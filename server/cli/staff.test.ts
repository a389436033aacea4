import '../test/esm-shims';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { seedDemoStaff } from '../modules/staff';
import { clubCommand } from '../test/club-command';

let dataDir: string;
let db: Kysely<Database>;

const cli = clubCommand('staff', () => dataDir, { PUBLIC_URL: 'https://clube.exemplo.com.br' });

// A new club: no demo data, as on PostgreSQL, so the first admin can only come from the terminal.
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'clube-staff-'));
  db = createDatabase({ file: path.join(dataDir, 'club.sqlite') });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run staff', () => {
  it('makes the first admin with a one-time link, lists the team and resets an authenticator, audited', async () => {
    const added = cli(
      'add',
      'Chefe@Clube.test',
      '--name',
      'Carla Chefe',
      '--roles',
      'admin,revisor',
      '--by',
      'ti.joao',
    );
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toContain('Conta criada: Carla Chefe <chefe@clube.test> (admin, revisor).');
    const [link] = added.stdout.match(/https:\/\/clube\.exemplo\.com\.br\/painel\/ativar\?token=[\w-]{43}/) ?? [];
    expect(link).toBeDefined();

    const listed = cli('list');
    expect(listed.stdout).toMatch(
      /#\d+ {2}Carla Chefe <chefe@clube\.test> {2}Revisão, Administração {2}aguardando ativação {2}nunca entrou/,
    );

    const reset = cli('reset-totp', 'chefe@clube.test', '--by', 'ti.joao');
    expect(reset.status).toBe(0);
    const [newLink] = reset.stdout.match(/https:\/\/clube\.exemplo\.com\.br\/painel\/ativar\?token=[\w-]{43}/) ?? [];
    expect(newLink).not.toBe(link);

    const audit = await db
      .selectFrom('staff_audit')
      .select(['actor_kind', 'actor_name', 'action'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { actor_kind: 'terminal', actor_name: 'ti.joao', action: 'staff.invite' },
      { actor_kind: 'terminal', actor_name: 'ti.joao', action: 'staff.reset-totp' },
    ]);
  });

  it('says what is wrong in Portuguese: a taken e-mail, an unknown role, an unknown person, missing arguments', () => {
    const taken = cli('add', 'chefe@clube.test', '--name', 'Outra', '--roles', 'lojas');
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain('Já existe uma conta da equipe com este e-mail.');

    const role = cli('add', 'nova@clube.test', '--name', 'Nova', '--roles', 'admin,gerente');
    expect(role.status).toBe(2);
    expect(role.stderr).toContain('Função desconhecida: gerente.');

    const badEmail = cli('add', 'nova', '--name', 'Nova', '--roles', 'lojas');
    expect(badEmail.stderr).toContain('E-mail inválido. Confira o endereço.');

    expect(cli('reset-totp', 'ninguem@clube.test').stderr).toContain('Conta da equipe não encontrada.');
    expect(cli('add', 'nova@clube.test').status).toBe(2);
  });

  it('remove-demo deletes the demo staff, says so, asks nothing, audits it as the terminal, and a second run finds nobody', async () => {
    await seedDemoStaff(db, { secrets: 'published' });
    const removed = cli('remove-demo', '--by', 'ti.joao');
    expect(removed.stderr).toBe('');
    expect(removed.status).toBe(0);
    expect(removed.stdout).toContain(
      'Removida: Beatriz Administradora <admin@exemplo.com.br>, com as sessões e os links de ativação.',
    );
    expect(removed.stdout).toContain('Removida: Rafael Revisor <revisor@exemplo.com.br>');
    expect(removed.stdout).toContain('o próximo início do servidor cria as contas de exemplo de novo');
    // Carla, made above, is still an admin.
    expect(removed.stdout).not.toContain('Nenhum administrador ativo');
    const emails = await db.selectFrom('staff_accounts').select('email').execute();
    expect(emails.map((e) => e.email)).toEqual(['chefe@clube.test']);
    const audit = await db
      .selectFrom('staff_audit')
      .select(['actor_kind', 'actor_name', 'object_label'])
      .where('action', '=', 'staff.remove-demo')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { actor_kind: 'terminal', actor_name: 'ti.joao', object_label: 'admin@exemplo.com.br' },
      { actor_kind: 'terminal', actor_name: 'ti.joao', object_label: 'revisor@exemplo.com.br' },
    ]);

    const again = cli('remove-demo');
    expect(again.status).toBe(0);
    expect(again.stdout).toBe('Nenhuma conta da equipe de demonstração: nada a remover.\n');
    expect(cli('remove-demo', 'admin@exemplo.com.br').status).toBe(2);
  });
});
