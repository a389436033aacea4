import { userInfo } from 'node:os';
import { formatStaffTime } from '../../common/format/dates';
import { isStaffRole, ROLE_INFO, STAFF_ROLES } from '../../common/painel/roles';
import {
  inviteStaff,
  listStaff,
  removeDemoStaff,
  resetStaffAuthenticator,
  staffByEmail,
  terminalActor,
} from '../modules/staff';
import { DEMO_DATA_COMES_BACK } from '../modules/demo';
import { runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run staff -- add <e-mail> --name "Nome" --roles admin[,revisor…]   cria a conta e mostra o link de ativação (24 h)
  npm run staff -- list                                                  contas da equipe, funções e situação
  npm run staff -- reset-totp <e-mail>                                   autenticador perdido: novo link de ativação
  npm run staff -- remove-demo                                           apaga as contas da equipe de demonstração
Funções: ${STAFF_ROLES.join(', ')}.
Opção: --by "nome" registra quem fez (padrão: o usuário do sistema).`;

const STATUS = { ACTIVE: 'ativa', PENDING: 'aguardando ativação', DISABLED: 'desativada' } as const;

const rolesOf = (value: string | undefined): string[] => {
  const roles = (value ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');
  const unknown = roles.filter((r) => !isStaffRole(r));
  if (unknown.length > 0) throw new UsageError(`Função desconhecida: ${unknown.join(', ')}.`);
  if (roles.length === 0) throw new UsageError('Informe ao menos uma função em --roles.');
  return roles;
};

/**
 * The staff's accounts from the terminal: the first admin of a new club comes from here (`add … --roles admin`), the
 * rest are invited from the painel. The same functions as the painel's, audited with the operator's name.
 */
runCli({
  usage: USAGE,
  options: { name: { type: 'string' }, roles: { type: 'string' }, by: { type: 'string' } },
  async run({ positionals: [command, email], values, config, database, now, print }) {
    const actor = terminalActor(values.by?.trim() || userInfo().username);
    switch (command) {
      case 'add': {
        if (!email || values.name === undefined) throw new UsageError();
        const roles = rolesOf(values.roles);
        const invitation = await inviteStaff({ db: await database(), config }, actor, {
          name: values.name,
          email,
          roles,
        });
        print(`Conta criada: ${invitation.account.name} <${invitation.account.email}> (${roles.join(', ')}).`);
        print('Entregue este link à pessoa; ele vale por 24 horas e uma só vez:');
        print(invitation.setupUrl);
        return;
      }
      case 'list': {
        const accounts = await listStaff(await database());
        if (accounts.length === 0) print('Nenhuma conta da equipe. Crie a primeira com: npm run staff -- add …');
        for (const a of accounts) {
          const roles = a.roles.map((role) => ROLE_INFO[role].label).join(', ');
          const last = a.lastLoginAt ? `último acesso ${formatStaffTime(a.lastLoginAt)}` : 'nunca entrou';
          print(`#${a.id}  ${a.name} <${a.email}>  ${roles}  ${STATUS[a.status]}  ${last}`);
        }
        return;
      }
      case 'reset-totp': {
        if (!email) throw new UsageError();
        const db = await database();
        const account = await staffByEmail(db, email);
        const invitation = await resetStaffAuthenticator({ db, config }, actor, account.id);
        print(`O autenticador de ${invitation.account.email} deixou de valer e as sessões foram encerradas.`);
        print('Novo link de ativação (24 horas, uma só vez): a pessoa cria a senha e lê o novo QR.');
        print(invitation.setupUrl);
        return;
      }
      case 'remove-demo': {
        if (email !== undefined) throw new UsageError();
        const { removed, noAdminLeft } = await removeDemoStaff(await database(), actor, now());
        if (removed.length === 0) print('Nenhuma conta da equipe de demonstração: nada a remover.');
        for (const person of removed) {
          print(
            person.keptForAudit
              ? `Removida: ${person.name} <${person.email}>; a conta fica desativada, sem e-mail, senha, chave nem funções, porque linhas da auditoria a citam.`
              : `Removida: ${person.name} <${person.email}>, com as sessões e os links de ativação.`,
          );
        }
        if (removed.length > 0) print(DEMO_DATA_COMES_BACK);
        if (noAdminLeft)
          print('Nenhum administrador ativo: crie um com npm run staff -- add <e-mail> --name "Nome" --roles admin');
        return;
      }
      default:
        throw new UsageError();
    }
  },
});
