// The answers to a transfer to the points partner that a person gives: staff in the painel
// (/painel/premios/transferencias) or an operator at the terminal (`npm run partner`); with the embedded default the
// operator answers for the partner, with a real partner they record what its support said. Each reads the transfer
// once and settles it (settle.ts: the change, the refund, the member's notification and the audit line) in one
// transaction, the caller's when given one; each refusal is a DomainError. The painel's resolvers
// (staff-transfers.ts) and the terminal (server/cli/partner.ts) only adapt their input to these.
import type { Db, PartnerTransferRow, PartnerTransferStatus } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import { DomainError } from '../../errors/domain-error';
import { nowOf, type OperatorDeps } from '../service-deps';
import { auditActorOf, type AuditActor } from '../staff';
import * as repo from './repository';
import { settleTransfer, type Settlement, type TransferOutcome } from './settle';

/** Who answers: an AuditActor, or a name, which is the terminal's operator. */
export type PartnerActor = string | AuditActor;

export const TRANSFER_STATUS_LABELS: Record<PartnerTransferStatus, string> = {
  requested: 'solicitada',
  completed: 'concluida',
  refused: 'recusada',
};

/** `--status` in Portuguese (as listed, with or without the accent) or as stored. */
export function parseTransferStatus(value: string): PartnerTransferStatus {
  const key = value
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
  const found = (Object.entries(TRANSFER_STATUS_LABELS) as [PartnerTransferStatus, string][]).find(
    ([status, label]) => key === status || key === label,
  );
  if (!found) {
    throw new DomainError(
      'BAD_USER_INPUT',
      `Situação inválida: use ${Object.values(TRANSFER_STATUS_LABELS).join(', ')}.`,
    );
  }
  return found[0];
}

export const listTransfersForOperator = (deps: OperatorDeps, status: PartnerTransferStatus | null) =>
  repo.transfersForOperator(deps.db, status);

async function findTransfer(db: Db, ref: string): Promise<PartnerTransferRow> {
  const id = /^#?\d{1,12}$/.test(ref) ? Number(ref.replace('#', '')) : null;
  const transfer = id === null ? undefined : await repo.transferById(db, id);
  if (!transfer) throw new DomainError('NOT_FOUND', `Nenhuma transferência com o número ${ref}.`);
  return transfer;
}

/** Confirms for the partner: the transfer is completed (its points stay debited). */
export async function confirmTransfer(
  deps: OperatorDeps,
  ref: string,
  actor: PartnerActor,
  rawReference?: string,
): Promise<Settlement> {
  const reference = rawReference === undefined ? null : partnerReference(rawReference);
  return answer(deps, ref, actor, { kind: 'confirmed', reference });
}

/** The transfer read once and settled, in one transaction. */
function answer(deps: OperatorDeps, ref: string, actor: PartnerActor, outcome: TransferOutcome): Promise<Settlement> {
  return runInTransaction(deps.db, async (trx) => {
    const { id } = await findTransfer(trx, ref);
    return (await settleTransfer(trx, id, outcome, auditActorOf(actor), nowOf(deps)))!;
  });
}

export const PARTNER_REFERENCE_MESSAGE =
  'Informe a referência que o parceiro deu ao crédito (de 3 a 60 letras, números e - _ . / #).';

/**
 * The partner's own id of the credit, as staff copy it from the partner's answer: kept with the transfer so a later
 * question ("was it credited?") is answered with the partner's reference.
 */
function partnerReference(raw: string): string {
  const reference = raw.trim();
  if (!/^[\p{L}\p{N}\-_./# ]{3,60}$/u.test(reference))
    throw new DomainError('BAD_USER_INPUT', PARTNER_REFERENCE_MESSAGE, 'reference');
  return reference;
}

/** Refuses for the partner: the points come back to the member as a refund, with the reason the member reads. */
export async function refuseTransfer(
  deps: OperatorDeps,
  ref: string,
  actor: PartnerActor,
  rawReason: string,
): Promise<Settlement> {
  const reason = rawReason.trim();
  if (reason.length < 5 || reason.length > 300) {
    throw new DomainError(
      'BAD_USER_INPUT',
      'Informe o motivo da recusa (de 5 a 300 caracteres): o membro o lê.',
      'reason',
    );
  }
  return answer(deps, ref, actor, { kind: 'refused', reason });
}
