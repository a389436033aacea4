import type { Db, PartnerTransferRow } from '../../db/schema';
import { TRANSFER_RULES } from '../../../common/partner/rules';
import { notify, type ReceiptMail } from '../notifications';

/*
 * The member's receipt of a transfer they asked for: the inbox notice in the transfer's transaction, the e-mail after
 * its commit. Its settlement (Concluída, Recusada) is told by settle.ts, whoever settles it.
 */

const pts = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'ponto' : 'pontos'}`;

export async function transferNoticeIn(trx: Db, transfer: PartnerTransferRow, now: Date): Promise<void> {
  await notify(
    trx,
    {
      type: 'partner-transfer-requested',
      userId: transfer.user_id,
      transferId: transfer.id,
      partnerName: transfer.program,
      points: transfer.points,
    },
    now,
  );
}

/** The e-mail of that receipt, sent after the transfer's commit (`emailReceipt`). */
export const transferMail = (transfer: PartnerTransferRow, publicUrl: string): ReceiptMail => ({
  subject: 'Sua transferência de pontos foi solicitada',
  text: [
    `Sua transferência nº ${transfer.id} para ${transfer.program} foi solicitada: ${pts(transfer.points)} do clube saíram do seu saldo e ${pts(transfer.partner_points)} vão para a sua conta no parceiro.`,
    `O parceiro responde em até ${TRANSFER_RULES.answerWithinHours} horas. Se ele recusar, ou não responder nesse prazo, os pontos voltam para o seu saldo.`,
    `Acompanhe em ${publicUrl}/premios/transferir`,
  ].join('\n\n'),
});
