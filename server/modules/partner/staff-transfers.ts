// Transfers to the points partner in the painel (premios): those waiting for an answer, and the operator's answer
// through the same use cases as the terminal's (actions.ts), audited in the transaction of the settlement.
import type { AppConfig } from '../../config';
import { parseId } from '../../graphql/ids';
import type { Db, PartnerTransferRow, PartnerTransferStatus } from '../../db/schema';
import { badUserInput, notFound } from '../../errors/api-errors';
import { DomainError } from '../../errors/domain-error';
import type { StaffActor } from '../../graphql/staff-access';
import { hideCpf } from '../../privacy/hide';
import { confirmTransfer, refuseTransfer } from './actions';
import type { Settlement } from './settle';

interface Deps {
  readonly db: Db;
  readonly config: AppConfig;
}

type PainelStatus = 'REQUESTED' | 'COMPLETED' | 'REFUSED';

export const STAFF_TRANSFER_MESSAGES = {
  notFound: 'Transferência não encontrada.',
  page: 'Peça de 1 a 50 transferências por página.',
  lateRefused: (id: number) =>
    `A transferência nº ${id} já tinha sido recusada e os pontos voltaram ao membro: nada foi debitado de novo. A resposta tardia ficou registrada; peça ao parceiro que estorne o crédito.`,
  lateCompleted: (id: number) =>
    `A transferência nº ${id} já tinha sido concluída: nada foi devolvido. A resposta tardia ficou registrada.`,
} as const;

const PAGE_DEFAULT = 20;
const PAGE_MAX = 50;

type Row = PartnerTransferRow & { member_name: string; member_sur_name: string; member_cpf: string };

const view = (t: Row) => ({
  id: String(t.id),
  status: t.status.toUpperCase() as PainelStatus,
  memberName: `${t.member_name} ${t.member_sur_name}`.trim(),
  memberCpfMasked: hideCpf(t.member_cpf),
  program: t.program,
  accountId: t.account_id,
  points: t.points,
  partnerPoints: t.partner_points,
  partnerReference: t.partner_reference,
  refuseReason: t.refuse_reason,
  lateAnswer: t.late_answer,
  createdAt: t.created_at,
  settledAt: t.settled_at,
});

const withMember = (db: Db) =>
  db
    .selectFrom('partner_transfers as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('t')
    .select(['u.name as member_name', 'u.sur_name as member_sur_name', 'u.cpf as member_cpf']);

/** Transfers oldest first (keyset on id); without a status, those still waiting for the partner. */
export async function transferPage(
  deps: Deps,
  args: { status?: PainelStatus | null; first?: number | null; after?: string | null },
) {
  const first = args.first ?? PAGE_DEFAULT;
  if (!Number.isInteger(first) || first < 1 || first > PAGE_MAX) throw badUserInput(STAFF_TRANSFER_MESSAGES.page);
  const status = (args.status ?? 'REQUESTED').toLowerCase() as PartnerTransferStatus;
  let query = withMember(deps.db).where('t.status', '=', status);
  const after = parseId(args.after);
  if (after !== null) query = query.where('t.id', '>', after);
  const rows = await query
    .orderBy('t.id')
    .limit(first + 1)
    .execute();
  const page = rows.slice(0, first);
  return { rows: page.map(view), nextCursor: rows.length > first ? String(page.at(-1)!.id) : null };
}

/** Settles for a staff member; an answer that came after the other one was kept is refused with what happened. */
async function settle(deps: Deps, id: string, work: (ref: string) => Promise<Settlement>) {
  if (parseId(id) === null) throw notFound(STAFF_TRANSFER_MESSAGES.notFound);
  let settled: Settlement;
  try {
    settled = await work(id);
  } catch (error) {
    // The terminal's words name the number typed; the painel's page says it plainly.
    if (error instanceof DomainError && error.code === 'NOT_FOUND') throw notFound(STAFF_TRANSFER_MESSAGES.notFound);
    throw error;
  }
  const { transfer, late } = settled;
  if (late) {
    throw badUserInput(
      transfer.status === 'refused'
        ? STAFF_TRANSFER_MESSAGES.lateRefused(transfer.id)
        : STAFF_TRANSFER_MESSAGES.lateCompleted(transfer.id),
    );
  }
  return view((await withMember(deps.db).where('t.id', '=', transfer.id).executeTakeFirstOrThrow()) as Row);
}

/** Staff confirm with the partner's reference of the credit, which the terminal may leave out. */
export const confirmAsStaff = (deps: Deps, actor: StaffActor, id: string, reference: string) =>
  settle(deps, id, (ref) => confirmTransfer(deps, ref, actor, reference));

export const refuseAsStaff = (deps: Deps, actor: StaffActor, id: string, reason: string) =>
  settle(deps, id, (ref) => refuseTransfer(deps, ref, actor, reason));
