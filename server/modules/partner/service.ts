import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db, PartnerTransferRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/dialect';
import { apiError, badUserInput, notFound, tooManyRequests } from '../../errors/api-errors';
import { parseInput, topLevelField } from '../../errors/parse-input';
import { apiRouteTable } from '../../http/api-routes';
import { createPointsPartner, PartnerUnavailableError, type PointsPartner } from '../../adapters/points-partner';
import { saoPauloDayStart, todayInBrazil } from '../../../common/format/dates';
import { expireDuePoints, getBalance, InsufficientPointsError, lockMemberPoints, spendPoints } from '../points';
import { emailReceipt } from '../notifications';
import { memberActor, recordAudit } from '../staff';
import { requireMember } from '../users';
import { nowOf, type ServiceDeps } from '../service-deps';
import * as repo from './repository';
import { partnerPointsFor, TRANSFER_RULES } from '../../../common/partner/rules';
import { settleTransfer } from './settle';
import { toTransferView, type PartnerTransferView } from './views';
import { countBusiness } from '../../metrics/business';
import { transferMail, transferNoticeIn } from './receipts';

type Deps = ServiceDeps<'db' | 'config' | 'userId'>;
/** A member's transfer: its receipt goes out through the club's messenger. */
type TransferDeps = Deps & ServiceDeps<'messenger'>;

const points = (n: number) => n.toLocaleString('pt-BR');

export const PARTNER_MESSAGES = {
  account: 'Informe o número da sua conta no programa parceiro: de 4 a 30 letras, números ou hífens.',
  notFound: 'Não encontramos esta conta no programa parceiro. Confira o número.',
  cpfMismatch: 'Esta conta do programa parceiro não está no seu CPF. Use uma conta em seu nome.',
  alreadyLinked: (account: string) =>
    `Sua conta ${account} do programa parceiro já está vinculada. Desvincule-a no seu perfil para vincular outra.`,
  linkAttempts: 'Muitas tentativas de vincular hoje. Tente de novo amanhã.',
  unavailable: 'O programa parceiro não respondeu agora. Tente de novo em alguns minutos.',
  notLinked: 'Vincule sua conta do programa parceiro antes de transferir.',
  pointsInteger: 'Informe um número inteiro de pontos.',
  positive: 'Informe um número positivo de pontos.',
  minimum: `A transferência mínima é de ${points(TRANSFER_RULES.minimum)} pontos.`,
  maximum: `A transferência máxima é de ${points(TRANSFER_RULES.maximum)} pontos.`,
  multiple: `Transfira em múltiplos de ${points(TRANSFER_RULES.multiple)} pontos.`,
  insufficient: (balance: number) => `Saldo insuficiente: você tem ${points(balance)} pontos.`,
  perDay: 'Você já fez uma transferência hoje. Tente de novo amanhã.',
  idempotency: 'Chave de envio inválida.',
  transferNotFound: 'Transferência não encontrada.',
  page: 'Página inválida. Recarregue a lista.',
  pageSize: 'Peça de 1 a 24 transferências por página.',
} as const;

const TRANSFERS_PAGE_DEFAULT = 10;
const TRANSFERS_PAGE_MAX = 24;

/** The configured partner, or the embedded default; a test may put another in its place. */
let partnerOverride: PointsPartner | null = null;
export const partnerOf = (config: Pick<AppConfig, 'pointsPartner' | 'outbound'>): PointsPartner =>
  partnerOverride ?? createPointsPartner(config.pointsPartner, config.outbound);
/** For tests only: a partner that fails or answers in a chosen way. */
export function usePartnerForTests(partner: PointsPartner | null): void {
  partnerOverride = partner;
}

/** The start of today in São Paulo (UTC−3, no DST) as an ISO instant. */
const startOfDay = (now: Date) => saoPauloDayStart(todayInBrazil(now));

async function currentBalance(db: Db, userId: number, now: Date): Promise<number> {
  await expireDuePoints(db, userId, now);
  return (await getBalance(db, userId)).balance;
}

// ---- The program and the link ----------------------------------------------------------------------------------

export interface PointsPartnerView {
  name: string;
  linkedAccount: string | null;
  linkedAt: string | null;
  rateClubPoints: number;
  ratePartnerPoints: number;
  minimum: number;
  multiple: number;
  transfersPerDay: number;
  answerWithinHours: number;
  balance: number;
  /** The most the member can transfer now: the balance down to the multiple, 0 below the minimum. */
  maxTransferable: number;
  /** False when today's transfer was made already. */
  canTransferToday: boolean;
  /** While today's are made, when the next one can be: the next São Paulo day's start. Null while one can be made. */
  nextTransferAt: string | null;
}

async function programView(deps: Deps, userId: number): Promise<PointsPartnerView> {
  const { db, config } = deps;
  const now = nowOf(deps);
  const [link, balance, today] = await Promise.all([
    repo.linkOf(db, userId),
    currentBalance(db, userId, now),
    repo.countingTransfersSince(db, userId, startOfDay(now)),
  ]);
  const canTransferToday = today < TRANSFER_RULES.perDay;
  const rounded = Math.min(
    TRANSFER_RULES.maximum,
    Math.floor(balance / TRANSFER_RULES.multiple) * TRANSFER_RULES.multiple,
  );
  return {
    name: config.pointsPartnerName,
    linkedAccount: link?.account_id ?? null,
    linkedAt: link?.linked_at ?? null,
    rateClubPoints: TRANSFER_RULES.rateClubPoints,
    ratePartnerPoints: TRANSFER_RULES.ratePartnerPoints,
    minimum: TRANSFER_RULES.minimum,
    multiple: TRANSFER_RULES.multiple,
    transfersPerDay: TRANSFER_RULES.perDay,
    answerWithinHours: TRANSFER_RULES.answerWithinHours,
    balance,
    maxTransferable: rounded >= TRANSFER_RULES.minimum ? rounded : 0,
    canTransferToday,
    // The limit counts São Paulo days (transferToPartner's check): the next day's start frees it.
    nextTransferAt: canTransferToday ? null : saoPauloDayStart(todayInBrazil(now), 1),
  };
}

export async function pointsPartnerProgram(deps: Deps): Promise<PointsPartnerView> {
  const user = await requireMember(deps.db, deps.userId);
  return programView(deps, user.id);
}

/** Whether the member has an account linked: `profileStatus.hasPointsPartnerIntegration`. */
export const hasLinkedAccount = (db: Db, userId: number): Promise<boolean> => repo.isLinked(db, userId);

const accountSchema = z.object({
  accountId: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{4,30}$/, PARTNER_MESSAGES.account),
});

/**
 * Links the member's account once the partner says it is theirs (its record of the account has the member's CPF).
 * Every try counts against a daily limit, so the club cannot be used to find out which accounts exist. The CPF goes
 * to the partner only, never to a log.
 */
export async function linkPointsPartner(deps: Deps, rawAccountId: string): Promise<PointsPartnerView> {
  const { db } = deps;
  const user = await requireMember(db, deps.userId);
  const { accountId } = parseInput(accountSchema, { accountId: rawAccountId }, { fieldOf: topLevelField });
  const now = nowOf(deps);
  const at = now.toISOString();
  const existing = await repo.linkOf(db, user.id);
  if (existing) {
    if (existing.account_id === accountId) return programView(deps, user.id);
    throw badUserInput(PARTNER_MESSAGES.alreadyLinked(existing.account_id), {
      accountId: PARTNER_MESSAGES.alreadyLinked(existing.account_id),
    });
  }
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  if ((await repo.linkAttemptsSince(db, user.id, dayAgo)) >= TRANSFER_RULES.linkAttemptsPerDay) {
    throw tooManyRequests(PARTNER_MESSAGES.linkAttempts);
  }
  await repo.insertLinkAttempt(db, user.id, at);
  let answer;
  try {
    answer = await partnerOf(deps.config).link(accountId, user.cpf.replace(/\D/g, ''));
  } catch (error) {
    if (error instanceof PartnerUnavailableError) throw apiError('BAD_REQUEST', PARTNER_MESSAGES.unavailable);
    throw error;
  }
  if (answer === 'not_found') throw badUserInput(PARTNER_MESSAGES.notFound, { accountId: PARTNER_MESSAGES.notFound });
  if (answer === 'cpf_mismatch') {
    throw badUserInput(PARTNER_MESSAGES.cpfMismatch, { accountId: PARTNER_MESSAGES.cpfMismatch });
  }
  try {
    await db.transaction().execute(async (trx) => {
      await repo.insertLink(trx, user.id, accountId, at);
      await recordAudit(
        trx,
        memberActor(user.id),
        { action: 'partner.link', object: { type: 'member', id: user.id }, after: { accountId } },
        now,
      );
    });
  } catch (error) {
    // A second link of the same member won the race: what it linked is the answer.
    if (!isUniqueViolation(error)) throw error;
  }
  return programView(deps, user.id);
}

/** Unlinks the account; a transfer already requested goes on to the account it named. */
export async function unlinkPointsPartner(deps: Deps): Promise<PointsPartnerView> {
  const { db } = deps;
  const user = await requireMember(db, deps.userId);
  const now = nowOf(deps);
  await db.transaction().execute(async (trx) => {
    const link = await repo.linkOf(trx, user.id);
    if (!link) return;
    await repo.deleteLink(trx, user.id);
    await recordAudit(
      trx,
      memberActor(user.id),
      { action: 'partner.unlink', object: { type: 'member', id: user.id }, before: { accountId: link.account_id } },
      now,
    );
  });
  return programView(deps, user.id);
}

// ---- Simulation and transfer -----------------------------------------------------------------------------------

const pointsSchema = z
  .number(PARTNER_MESSAGES.pointsInteger)
  .int(PARTNER_MESSAGES.pointsInteger)
  .positive(PARTNER_MESSAGES.positive)
  .min(TRANSFER_RULES.minimum, PARTNER_MESSAGES.minimum)
  .max(TRANSFER_RULES.maximum, PARTNER_MESSAGES.maximum)
  .refine((n) => n % TRANSFER_RULES.multiple === 0, PARTNER_MESSAGES.multiple);

export interface TransferSimulation {
  points: number;
  partnerPoints: number;
  rateClubPoints: number;
  ratePartnerPoints: number;
  minimum: number;
  multiple: number;
  balance: number;
  balanceAfter: number;
}

/** What a transfer of `points` would give, with the same checks as the transfer itself; writes nothing. */
export async function simulateTransfer(deps: Deps, rawPoints: number): Promise<TransferSimulation> {
  const { db } = deps;
  const user = await requireMember(db, deps.userId);
  const { points: wanted } = parseInput(
    z.object({ points: pointsSchema }),
    { points: rawPoints },
    { fieldOf: topLevelField },
  );
  if (!(await repo.linkOf(db, user.id))) throw badUserInput(PARTNER_MESSAGES.notLinked);
  const balance = await currentBalance(db, user.id, nowOf(deps));
  if (balance < wanted)
    throw badUserInput(PARTNER_MESSAGES.insufficient(balance), { points: PARTNER_MESSAGES.insufficient(balance) });
  return {
    points: wanted,
    partnerPoints: partnerPointsFor(wanted),
    rateClubPoints: TRANSFER_RULES.rateClubPoints,
    ratePartnerPoints: TRANSFER_RULES.ratePartnerPoints,
    minimum: TRANSFER_RULES.minimum,
    multiple: TRANSFER_RULES.multiple,
    balance,
    balanceAfter: balance - wanted,
  };
}

const transferSchema = z.object({
  points: pointsSchema,
  idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, PARTNER_MESSAGES.idempotency),
});
export type TransferInput = z.input<typeof transferSchema>;

export const debitDescription = (id: number, program: string) => `Transferência nº ${id} para ${program}`;

/**
 * Transfers points to the linked account. The checks and the debit run in one transaction that first holds the
 * member's points (lockMemberPoints): a member's transfers run one after another, so the balance, the daily limit
 * and the idempotency key are read with nobody else of that member writing. A retry with the same key answers the
 * same transfer. The partner is called after the commit (no lock held over the network): its immediate answer
 * settles the transfer; no answer leaves it REQUESTED for its callback, an operator or the deadline.
 */
export async function transferToPartner(deps: TransferDeps, rawInput: TransferInput): Promise<PartnerTransferView> {
  const { db, config } = deps;
  const user = await requireMember(db, deps.userId);
  const input = parseInput(transferSchema, rawInput, { fieldOf: topLevelField });
  const replay = await repo.transferByAttempt(db, user.id, input.idempotencyKey);
  if (replay) return toTransferView(replay);
  const link = await repo.linkOf(db, user.id);
  if (!link) throw badUserInput(PARTNER_MESSAGES.notLinked);
  const now = nowOf(deps);
  const at = now.toISOString();

  let created: { transfer: PartnerTransferRow; replayed: boolean };
  try {
    created = await db.transaction().execute(async (trx) => {
      await lockMemberPoints(trx, user.id, now);
      const earlier = await repo.transferByAttempt(trx, user.id, input.idempotencyKey);
      if (earlier) return { transfer: earlier, replayed: true };
      if ((await repo.countingTransfersSince(trx, user.id, startOfDay(now))) >= TRANSFER_RULES.perDay) {
        throw badUserInput(PARTNER_MESSAGES.perDay);
      }
      const row = await repo.insertTransfer(trx, {
        user_id: user.id,
        idempotency_key: input.idempotencyKey,
        program: config.pointsPartnerName,
        account_id: link.account_id,
        status: 'requested',
        points: input.points,
        partner_points: partnerPointsFor(input.points),
        partner_reference: null,
        refuse_reason: null,
        debit_entry_id: null,
        refund_entry_id: null,
        late_answer: null,
        created_at: at,
        updated_at: at,
        settled_at: null,
      });
      const debit = await spendPoints(
        trx,
        user.id,
        { points: input.points, description: debitDescription(row.id, row.program) },
        now,
      );
      await repo.updateTransfer(trx, row.id, 'requested', { debit_entry_id: debit.id });
      await recordAudit(
        trx,
        memberActor(user.id),
        {
          action: 'partner.request',
          object: { type: 'partner_transfer', id: row.id, label: `Transferência nº ${row.id}` },
          after: { status: 'requested', points: input.points },
        },
        now,
      );
      await transferNoticeIn(trx, row, now);
      return { transfer: { ...row, debit_entry_id: debit.id }, replayed: false };
    });
  } catch (error) {
    if (error instanceof InsufficientPointsError) {
      throw badUserInput(PARTNER_MESSAGES.insufficient(error.balance), {
        points: PARTNER_MESSAGES.insufficient(error.balance),
      });
    }
    if (isUniqueViolation(error)) {
      // An identical attempt won: its transfer is this attempt's answer.
      const winner = await repo.transferByAttempt(db, user.id, input.idempotencyKey);
      if (winner) return toTransferView(winner);
    }
    throw error;
  }
  if (created.replayed) return toTransferView(created.transfer);
  countBusiness.points('spent', created.transfer.points);
  await emailReceipt(deps, user.id, transferMail(created.transfer, config.publicUrl));
  return toTransferView(await sendToPartner(deps, created.transfer));
}

/** Hands a new transfer to the partner and settles it when the partner answers at once. */
async function sendToPartner(deps: Deps, transfer: PartnerTransferRow): Promise<PartnerTransferRow> {
  const { db, config } = deps;
  let answer;
  try {
    answer = await partnerOf(config).transfer({
      transferId: String(transfer.id),
      accountId: transfer.account_id,
      points: transfer.partner_points,
      clubPoints: transfer.points,
      callbackUrl: `${config.publicUrl}${apiRouteTable.partnerCallback.path}`,
    });
  } catch (error) {
    // A lost answer: the partner may have it or not. It stays REQUESTED; the partner's callback, its status answer
    // or the deadline settles it, and a resend under the same number is credited once by the partner.
    if (error instanceof PartnerUnavailableError) return transfer;
    throw error;
  }
  const now = nowOf(deps);
  if (answer.status === 'confirmed') {
    return (await settleTransfer(db, transfer.id, { kind: 'confirmed', reference: answer.reference }, 'parceiro', now))!
      .transfer;
  }
  if (answer.status === 'refused') {
    const reason = answer.reason ?? 'Recusada pelo programa parceiro.';
    return (await settleTransfer(db, transfer.id, { kind: 'refused', reason }, 'parceiro', now))!.transfer;
  }
  if (answer.reference) {
    await repo.updateTransfer(db, transfer.id, 'requested', {
      partner_reference: answer.reference,
      updated_at: now.toISOString(),
    });
  }
  return (await repo.transferById(db, transfer.id))!;
}

const transfersArgs = z.object({
  first: z
    .number()
    .int(PARTNER_MESSAGES.pageSize)
    .min(1, PARTNER_MESSAGES.pageSize)
    .max(TRANSFERS_PAGE_MAX, PARTNER_MESSAGES.pageSize)
    .nullish(),
  after: z
    .string()
    .regex(/^\d{1,12}$/, PARTNER_MESSAGES.page)
    .nullish(),
});

export async function myPartnerTransfers(deps: Deps, rawArgs: z.input<typeof transfersArgs>) {
  const { db } = deps;
  const user = await requireMember(db, deps.userId);
  const args = parseInput(transfersArgs, rawArgs, { fieldOf: topLevelField });
  const first = args.first ?? TRANSFERS_PAGE_DEFAULT;
  const rows = await repo.ownTransfers(db, user.id, args.after ? Number(args.after) : null, first + 1);
  const data = rows.slice(0, first);
  const hasMore = rows.length > first;
  return { data: data.map(toTransferView), hasMore, nextCursor: hasMore ? String(data.at(-1)?.id) : null };
}

/** One of the member's transfers; another member's answers exactly like a missing one. */
export async function myPartnerTransfer(deps: Deps, rawId: string): Promise<PartnerTransferView> {
  const { db } = deps;
  const user = await requireMember(db, deps.userId);
  const id = /^\d{1,12}$/.test(rawId) ? Number(rawId) : null;
  const row = id === null ? undefined : await repo.ownTransfer(db, user.id, id);
  if (!row) throw notFound(PARTNER_MESSAGES.transferNotFound);
  return toTransferView(row);
}
