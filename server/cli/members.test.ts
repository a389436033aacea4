import '../test/esm-shims';
import type { Kysely } from 'kysely';
import { DEMO_MEMBER } from '../seed';
import type { Database } from '../db/schema';
import { createMember, findUserByCpf } from '../modules/users/repository';
import { clubCommand } from '../test/club-command';
import { removeDataDir, seededDataDir } from '../test/seeded-data-dir';

let dataDir: string;
let db: Kysely<Database>;

const cli = clubCommand('members', () => dataDir);

beforeAll(async () => {
  ({ dataDir, db } = await seededDataDir('clube-members-'));
});
afterAll(() => removeDataDir(dataDir, db));

describe('npm run members', () => {
  it('disables a member by CPF, shows it with who did it, and never prints the whole CPF', async () => {
    const disabled = cli('disable', '529.982.247-25', '--by', 'suporte.ana');
    expect(disabled.stdout).toContain('Conta desativada');
    expect(disabled.status).toBe(0);
    expect((await findUserByCpf(db, DEMO_MEMBER.cpf))?.disabled_at).not.toBeNull();

    const shown = cli('show', DEMO_MEMBER.email);
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain('desativado sim');
    expect(shown.stdout).toMatch(/suporte\.ana\s+disable/);
    expect(shown.stdout).not.toContain(DEMO_MEMBER.cpf);
  });

  it('ends every session with the reason, which show prints with who did it', () => {
    const ended = cli('end-sessions', DEMO_MEMBER.email, '--by', 'suporte.bia', '--reason', 'Celular perdido');
    expect(ended.status).toBe(0);
    expect(ended.stdout).toContain('Sessões encerradas');
    expect(cli('show', DEMO_MEMBER.email).stdout).toMatch(/suporte\.bia\s+end-sessions\s+motivo: Celular perdido/);
  });

  it('says what is wrong in Portuguese: unknown member, bad value, missing arguments', () => {
    const unknown = cli('enable', '111.444.777-35');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Nenhum membro com esse CPF, e-mail ou celular.');

    const badType = cli('account-type', DEMO_MEMBER.email, 'admin');
    expect(badType.stderr).toContain('Tipo de conta inválido');

    const usage = cli('chatbot', DEMO_MEMBER.email, 'talvez');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Uso');
  });

  it('remove-demo deletes the demo members, says what went, asks nothing, and a second run finds nobody', async () => {
    const other = await createMember(db, {
      name: 'Otávio',
      surName: 'Lima',
      cpf: '111.444.777-35',
      email: 'otavio@loja.com.br',
      password: 'Marcenaria#2026',
    });
    const removed = cli('remove-demo', '--by', 'ti.joao');
    expect(removed.stderr).toBe('');
    expect(removed.status).toBe(0);
    expect(removed.stdout).toContain('Removido: Ana Souza <marceneiro@exemplo.com.br>: notas fiscais 0,');
    expect(removed.stdout).toContain('Removido: Paula Editora <editor@exemplo.com.br>:');
    expect(removed.stdout).not.toContain(DEMO_MEMBER.cpf);
    expect(removed.stdout).toContain('o próximo início do servidor cria as contas de exemplo de novo');
    expect(await findUserByCpf(db, DEMO_MEMBER.cpf)).toBeUndefined();
    expect(await findUserByCpf(db, other.cpf)).toBeDefined();
    const audit = await db.selectFrom('staff_audit').select(['actor_name', 'action']).execute();
    expect(audit.filter((a) => a.action === 'member.remove-demo')).toEqual([
      { actor_name: 'ti.joao', action: 'member.remove-demo' },
      { actor_name: 'ti.joao', action: 'member.remove-demo' },
    ]);

    const again = cli('remove-demo');
    expect(again.status).toBe(0);
    expect(again.stdout).toBe('Nenhum membro de demonstração: nada a remover.\n');
    expect(cli('remove-demo', DEMO_MEMBER.email).status).toBe(2);
  });
});
