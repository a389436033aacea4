import { userInfo } from 'node:os';
import { formatStaffTime } from '../../common/format/dates';
import {
  confirmTransfer,
  listTransfersForOperator,
  parseTransferStatus,
  refuseTransfer,
  TRANSFER_STATUS_LABELS,
} from '../modules/partner';
import { terminalActor } from '../modules/staff';
import { runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run partner -- list [--status solicitada|concluida|recusada]   transferências ao parceiro de pontos
  npm run partner -- confirm <transferência> [--reference <ref>]      o parceiro creditou: "Concluída", com a referência dele
  npm run partner -- refuse <transferência> --reason "motivo"         o parceiro recusou: os pontos voltam ao membro
Opção: --by "nome" registra quem fez (padrão: o usuário do sistema).`;

const minute = formatStaffTime;

/**
 * `npm run partner`: the operator answers for the points partner (the embedded default keeps every transfer
 * waiting for this), or records what a real partner's support said. Every action is audited in staff_audit.
 */
runCli({
  usage: USAGE,
  options: {
    status: { type: 'string' },
    reason: { type: 'string' },
    reference: { type: 'string' },
    by: { type: 'string' },
  },
  async run({ positionals: [command, target], values, config, database, print }) {
    if (!command) throw new UsageError();
    const actor = terminalActor(values.by?.trim() || userInfo().username);
    const deps = { db: await database(), config };
    switch (command) {
      case 'list': {
        const status = values.status ? parseTransferStatus(values.status) : null;
        const transfers = await listTransfersForOperator(deps, status);
        if (transfers.length === 0) print('Nenhuma transferência.');
        for (const t of transfers) {
          const reason = t.refuse_reason ? `  motivo: ${t.refuse_reason}` : '';
          const late = t.late_answer ? `  resposta tardia do parceiro: ${t.late_answer} (nada mudou)` : '';
          print(
            `#${t.id}  ${TRANSFER_STATUS_LABELS[t.status]}  ${t.member_name} (membro ${t.user_id})  conta ${t.account_id}  ${t.points} pontos → ${t.partner_points} ${t.program}  ${minute(t.created_at)}${reason}${late}`,
          );
        }
        return;
      }
      case 'confirm':
      case 'refuse': {
        if (!target) throw new UsageError();
        if (command === 'refuse' && values.reason === undefined)
          throw new UsageError('Informe o motivo com --reason "…".');
        const { changed, late, transfer } =
          command === 'confirm'
            ? await confirmTransfer(deps, target, actor, values.reference)
            : await refuseTransfer(deps, target, actor, values.reason!);
        if (changed) {
          print(
            transfer.status === 'completed'
              ? `Transferência nº ${transfer.id}: concluída.`
              : `Transferência nº ${transfer.id}: recusada; ${transfer.points} pontos devolvidos ao membro.`,
          );
          return;
        }
        if (!late) {
          print(`A transferência nº ${transfer.id} já estava assim; nada mudou.`);
          return;
        }
        // The other answer came first: points never move twice; the late answer is kept for the reconciliation.
        print(
          transfer.status === 'refused'
            ? `A transferência nº ${transfer.id} já foi recusada e os pontos voltaram ao membro: nada foi debitado de novo. Resposta tardia registrada; peça ao parceiro que estorne o crédito.`
            : `A transferência nº ${transfer.id} já foi concluída: nada foi devolvido. Resposta tardia registrada.`,
        );
        return 1;
      }
      default:
        throw new UsageError();
    }
  },
});
