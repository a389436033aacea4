import { userInfo } from 'node:os';
import { formatStaffTime } from '../../common/format/dates';
import { clubModules } from '../modules';
import { DEMO_DATA_COMES_BACK, removeDemoMembers } from '../modules/demo';
import { operatorSwitches, showMember } from '../modules/members';
import { terminalActor, type AuditActor } from '../modules/staff';
import { createFileStorage } from '../storage/from-config';
import { runCli, UsageError, type CommandContext } from './run';

const USAGE = `Uso (<membro> é o CPF, o e-mail ou o celular):
  npm run members -- show <membro>                          dados da conta e últimas alterações
  npm run members -- require-password-change <membro>       pede uma nova senha no próximo acesso
  npm run members -- consent <membro> --message "texto"     abre o aviso de consentimento com esse texto
  npm run members -- chatbot <membro> on|off                envio de notas pelo chatbot
  npm run members -- account-type <membro> editor|member    tipo de conta (editor vê rascunhos)
  npm run members -- disable|enable <membro>                desativa (encerra as sessões) ou reativa
  npm run members -- end-sessions <membro>                  encerra todas as sessões (sai de todos os aparelhos)
  npm run members -- remove-demo                            apaga os membros de demonstração com os dados e arquivos
Opções: --by "nome" registra quem fez (padrão: o usuário do sistema);
        --reason "motivo" registra por que, na auditoria (o painel sempre pede).`;

const yesNo = (value: boolean) => (value ? 'sim' : 'não');

const OPTIONS = { message: { type: 'string' }, by: { type: 'string' }, reason: { type: 'string' } } as const;

/** The demo members of the README, with everything of theirs; asks nothing, and a second run finds nobody. */
async function removeDemo(
  { config, database, print }: Pick<CommandContext<typeof OPTIONS>, 'config' | 'database' | 'print'>,
  actor: AuditActor,
): Promise<void> {
  const storage = createFileStorage(config);
  try {
    const removed = await removeDemoMembers({ db: await database(), config, storage }, actor, clubModules);
    if (removed.length === 0) print('Nenhum membro de demonstração: nada a remover.');
    for (const member of removed) {
      const counts = Object.entries(member.removed).map(([label, count]) => `${label} ${count}`);
      print(`Removido: ${member.name} <${member.email}>: ${counts.join(', ')}, e o resto dos dados da conta.`);
    }
    if (removed.length > 0) print(DEMO_DATA_COMES_BACK);
  } finally {
    await storage.close();
  }
}

runCli({
  usage: USAGE,
  options: OPTIONS,
  async run({ positionals: [command, who, extra], values, config, database, print }) {
    const actor = terminalActor(values.by?.trim() || userInfo().username);
    if (command === 'remove-demo') {
      if (who !== undefined) throw new UsageError();
      return removeDemo({ config, database, print }, actor);
    }
    if (!command || !who) throw new UsageError();
    const deps = { db: await database(), config };
    const options = { reason: values.reason };
    switch (command) {
      case 'show': {
        const m = await showMember(deps, who);
        print(`#${m.id}  ${m.name}  CPF ${m.cpf}  ${m.email}`);
        print(
          `tipo ${m.accountType} · desativado ${yesNo(m.disabled)} · troca de senha ${yesNo(m.changePasswordRequired)} · consentimento pendente ${yesNo(m.consentPending)} · chatbot ${yesNo(m.chatbot)} · loja ${m.store ?? '—'} · desde ${m.createdAt.slice(0, 10)}`,
        );
        if (m.consentMessage) print(`mensagem do consentimento: ${m.consentMessage}`);
        for (const a of m.audit) {
          print(`  ${formatStaffTime(a.at)}  ${a.actor}  ${a.action}${a.detail ? `  ${a.detail}` : ''}`);
        }
        return;
      }
      case 'require-password-change':
        await operatorSwitches.requirePasswordChange(deps, who, actor, options);
        print('O membro criará uma nova senha no próximo acesso.');
        return;
      case 'consent':
        await operatorSwitches.consent(deps, who, actor, values.message ?? '', options);
        print('O aviso de consentimento aparecerá no próximo acesso.');
        return;
      case 'chatbot':
        if (extra !== 'on' && extra !== 'off') throw new UsageError();
        await operatorSwitches.chatbot(deps, who, actor, extra === 'on', options);
        print(`Envio de notas pelo chatbot ${extra === 'on' ? 'ligado' : 'desligado'}.`);
        return;
      case 'account-type':
        await operatorSwitches.accountType(deps, who, actor, extra ?? '', options);
        print(`Tipo de conta: ${extra}.`);
        return;
      case 'disable':
        await operatorSwitches.disable(deps, who, actor, options);
        print('Conta desativada; as sessões abertas foram encerradas.');
        return;
      case 'enable':
        await operatorSwitches.enable(deps, who, actor, options);
        print('Conta reativada.');
        return;
      case 'end-sessions':
        await operatorSwitches.endSessions(deps, who, actor, options);
        print('Sessões encerradas: o membro entrará de novo em cada aparelho.');
        return;
      default:
        throw new UsageError();
    }
  },
});
