import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { OperatorError, operatorSwitches, showMember } from '../modules/members/operator';

const USAGE = `Uso (<membro> é o CPF, o e-mail ou o celular):
  npm run members -- show <membro>                          dados da conta e últimas alterações
  npm run members -- require-password-change <membro>       pede uma nova senha no próximo acesso
  npm run members -- consent <membro> --message "texto"     abre o aviso de consentimento com esse texto
  npm run members -- chatbot <membro> on|off                envio de notas pelo chatbot
  npm run members -- account-type <membro> editor|member    tipo de conta (editor vê rascunhos)
  npm run members -- disable|enable <membro>                desativa (encerra as sessões) ou reativa
Opção: --by "nome" registra quem fez (padrão: o usuário do sistema).`;

const yesNo = (value: boolean) => (value ? 'sim' : 'não');

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { message: { type: 'string' }, by: { type: 'string' } },
  });
  const [command, who, extra] = positionals;
  if (!command || !who) {
    console.error(USAGE);
    return 2;
  }
  const actor = values.by?.trim() || userInfo().username;
  const config = loadConfig();
  const db = createDatabase(config.database);
  const now = new Date();
  try {
    await migrateToLatest(db);
    switch (command) {
      case 'show': {
        const m = await showMember(db, who);
        console.log(`#${m.id}  ${m.name}  CPF ${m.cpf}  ${m.email}`);
        console.log(
          `tipo ${m.accountType} · desativado ${yesNo(m.disabled)} · troca de senha ${yesNo(m.changePasswordRequired)} · consentimento pendente ${yesNo(m.consentPending)} · chatbot ${yesNo(m.chatbot)} · loja ${m.store ?? '—'} · desde ${m.createdAt.slice(0, 10)}`,
        );
        if (m.consentMessage) console.log(`mensagem do consentimento: ${m.consentMessage}`);
        for (const a of m.audit) {
          console.log(
            `  ${a.at.slice(0, 16).replace('T', ' ')}  ${a.actor}  ${a.action}${a.detail ? `  ${a.detail}` : ''}`,
          );
        }
        return 0;
      }
      case 'require-password-change':
        await operatorSwitches.requirePasswordChange(db, who, actor, now);
        console.log('O membro criará uma nova senha no próximo acesso.');
        return 0;
      case 'consent':
        await operatorSwitches.consent(db, who, actor, values.message ?? '', now);
        console.log('O aviso de consentimento aparecerá no próximo acesso.');
        return 0;
      case 'chatbot':
        if (extra !== 'on' && extra !== 'off') break;
        await operatorSwitches.chatbot(db, who, actor, extra === 'on', now);
        console.log(`Envio de notas pelo chatbot ${extra === 'on' ? 'ligado' : 'desligado'}.`);
        return 0;
      case 'account-type':
        await operatorSwitches.accountType(db, who, actor, extra ?? '', now);
        console.log(`Tipo de conta: ${extra}.`);
        return 0;
      case 'disable':
        await operatorSwitches.disable(db, who, actor, now);
        console.log('Conta desativada; as sessões abertas foram encerradas.');
        return 0;
      case 'enable':
        await operatorSwitches.enable(db, who, actor, now);
        console.log('Conta reativada.');
        return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (error) {
    if (error instanceof OperatorError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
