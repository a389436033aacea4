import type { Db, PartnerTransferRow, PartnerTransferStatus } from '../../db/schema';
import { nowOf, type OperatorDeps } from '../service-deps';
import { auditActorOf, type AuditActor } from '../staff';
import * as repo from './repository';
import { settleTransfer, type Settlement } from './settle';

/**
 * What an operator does with transfers to the points partner, at the terminal (`npm run partner`) or in the painel
 * (/painel/premios/transferencias): with the embedded default the operator answers for the partner; with a real
 * partner, what its support said on the phone. Every action goes to the audit trail (`staff_audit`), in the
 * transaction of the change.
 */

export class PartnerOperatorError extends Error {
  /** True when the transfer named does not exist (the painel answers NOT_FOUND). */
  constructor(
    message: string,
    readonly missing = false,
  ) {
    super(message);
  }
}

/** Who answers: the terminal's operator name, or the actor `requireRole` gave a painel operation. */
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
    throw new PartnerOperatorError(`Situação inválida: use ${Object.values(TRANSFER_STATUS_LABELS).join(', ')}.`);
  }
  return found[0];
}

export const listTransfersForOperator = (deps: OperatorDeps, status: PartnerTransferStatus | null) =>
  repo.transfersForOperator(deps.db, status);

async function findTransfer(db: Db, ref: string): Promise<PartnerTransferRow> {
  const id = /^#?\d{1,12}$/.test(ref) ? Number(ref.replace('#', '')) : null;
  const transfer = id === null ? undefined : await repo.transferById(db, id);
  if (!transfer) throw new PartnerOperatorError(`Nenhuma transferência com o número ${ref}.`, true);
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
  const { id } = await findTransfer(deps.db, ref);
  return (await settleTransfer(deps.db, id, { kind: 'confirmed', reference }, auditActorOf(actor), nowOf(deps)))!;
}

export const PARTNER_REFERENCE_MESSAGE =
  'Informe a referência que o parceiro deu ao crédito (de 3 a 60 letras, números e - _ . / #).';

/**
 * The partner's own id of the credit, as staff copy it from the partner's answer: kept with the transfer so a later
 * question ("was it credited?") is answered with the partner's reference.
 */
function partnerReference(raw: string): string {
  const reference = raw.trim();
  if (!/^[\p{L}\p{N}\-_./# ]{3,60}$/u.test(reference)) throw new PartnerOperatorError(PARTNER_REFERENCE_MESSAGE);
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
    throw new PartnerOperatorError('Informe o motivo da recusa (de 5 a 300 caracteres): o membro o lê.');
  }
  const { id } = await findTransfer(deps.db, ref);
  return (await settleTransfer(deps.db, id, { kind: 'refused', reason }, auditActorOf(actor), nowOf(deps)))!;
}
