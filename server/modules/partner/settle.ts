import type { Db, PartnerTransferRow } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import { notify } from '../notifications';
import { lockMemberPoints, refundPoints } from '../points';
import { recordAudit, type AuditActor } from '../staff';
import * as repo from './repository';

/** The partner's word on a transfer, whoever brings it: its callback, its status answer, an operator, the deadline. */
export type TransferOutcome = { kind: 'confirmed'; reference?: string | null } | { kind: 'refused'; reason: string };

export interface Settlement {
  /** False when the transfer was already settled: nothing but the audit (and a late answer) was written. */
  readonly changed: boolean;
  /** The answer came after the transfer was settled the other way (kept in late_answer, never acted on). */
  readonly late: boolean;
  readonly transfer: PartnerTransferRow;
}

export const refundDescription = (t: Pick<PartnerTransferRow, 'id' | 'program'>) =>
  `Estorno da transferência nº ${t.id} para ${t.program}`;

/**
 * Settles a transfer once, in one transaction (the caller's when given one) that first holds the member's points: a confirmation completes it, a
 * refusal gives the points back as a refund credit linked to the transfer. A transfer already settled the same way
 * changes nothing; one settled the other way keeps what it is and records the late answer: a "confirmed" after the
 * deadline's refund never debits again (the member keeps the refund; the partner is told and reverses its credit),
 * and a "refused" after a confirmation never gives points twice. Every call writes its line to the audit trail with
 * the status before and after: under `actor`, a person's (an operator at the terminal or a staff member in the
 * painel), or the club's own when a name (the partner's answer, the deadline).
 */
export async function settleTransfer(
  db: Db,
  transferId: number,
  outcome: TransferOutcome,
  actor: string | AuditActor,
  now: Date,
): Promise<Settlement | null> {
  const at = now.toISOString();
  return runInTransaction(db, async (trx) => {
    const found = await repo.transferById(trx, transferId);
    if (!found) return null;
    await lockMemberPoints(trx, found.user_id, now);
    // Read again under the member's lock: another settlement of the same transfer may have just committed.
    const transfer = (await repo.transferById(trx, transferId))!;
    const who: AuditActor = typeof actor === 'string' ? { kind: 'system', name: actor } : actor;
    const audit = async () => {
      const after = (await repo.transferById(trx, transferId))!;
      await recordAudit(
        trx,
        who,
        {
          action: outcome.kind === 'confirmed' ? 'partner.confirm' : 'partner.refuse',
          object: { type: 'partner_transfer', id: transferId, label: `Transferência nº ${transferId}` },
          before: { status: transfer.status },
          after: {
            status: after.status,
            ...(outcome.kind === 'refused' ? { reason: outcome.reason } : {}),
            ...(outcome.kind === 'confirmed' && outcome.reference ? { reference: outcome.reference } : {}),
            ...(after.late_answer !== transfer.late_answer ? { lateAnswer: after.late_answer } : {}),
          },
        },
        now,
      );
    };
    const wanted = outcome.kind === 'confirmed' ? 'completed' : 'refused';
    if (transfer.status !== 'requested') {
      const late = transfer.status !== wanted;
      if (late) await repo.updateTransfer(trx, transferId, null, { late_answer: outcome.kind, updated_at: at });
      await audit();
      return { changed: false, late, transfer: (await repo.transferById(trx, transferId))! };
    }
    if (outcome.kind === 'confirmed') {
      await repo.updateTransfer(trx, transferId, 'requested', {
        status: 'completed',
        partner_reference: outcome.reference ?? transfer.partner_reference,
        settled_at: at,
        updated_at: at,
      });
      await audit();
    } else {
      const [refund] = await refundPoints(
        trx,
        transfer.user_id,
        { points: transfer.points, description: refundDescription(transfer) },
        now,
      );
      await repo.updateTransfer(trx, transferId, 'requested', {
        status: 'refused',
        refuse_reason: outcome.reason,
        refund_entry_id: refund!.id,
        settled_at: at,
        updated_at: at,
      });
      await audit();
    }
    // The member's inbox (and push) in this transaction: a settlement that rolls back tells nobody.
    await notify(
      trx,
      {
        type: 'partner-transfer',
        userId: transfer.user_id,
        transferId,
        partnerName: transfer.program,
        completed: outcome.kind === 'confirmed',
      },
      now,
    );
    return { changed: true, late: false, transfer: (await repo.transferById(trx, transferId))! };
  });
}
