// The project review's use cases, for the painel and the terminal (`npm run projects`) alike: approve (with its
// points), reject (with the reason), publish. Each reads the project once, validates once, and writes the change, the
// member's notification and its audit line (who: the painel's reviewer, who must hold the review lease, or the
// terminal's operator) in one transaction, the caller's when given one; each refusal is a DomainError.
import { PROJECT_APPROVAL_POINTS } from '../../../common/projects/limits';
import { isUniqueViolation } from '../../db/dialect';
import type { Db, ProjectRow, ProjectStatus } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import { DomainError } from '../../errors/domain-error';
import { notify } from '../notifications';
import { appendEntries } from '../points';
import * as staff from '../staff';
import type { AuditActor } from '../staff';
import * as repo from './repository';
import { nowOf, type OperatorDeps } from '../service-deps';
import { countBusiness } from '../../metrics/business';

export const PROJECT_ACTION_MESSAGES = {
  notFound: 'Projeto não encontrado.',
  notWaiting: 'Este projeto já foi analisado.',
  heldBy: (name: string) => `${name} está analisando este projeto. Abra outro.`,
  leaseLost: 'Abra o projeto de novo: ele não está mais reservado para você.',
  points: 'Informe os pontos: um número inteiro de 0 a 10.000.000.',
  reason: 'Informe o motivo da recusa (3 a 500 caracteres).',
  rejected: 'Este projeto está recusado: ele volta à análise quando o membro o reenviar corrigido.',
  approved: 'Este projeto já foi aprovado.',
  notApproved: 'Só é possível publicar um projeto aprovado.',
  noConsent: 'O membro não autorizou a publicação das fotos deste projeto. Ele pode autorizar ao reenviar um projeto.',
  notPublished: 'Este projeto não está publicado.',
  unpublishReason: 'Informe o motivo de tirar o projeto do ar (3 a 500 caracteres).',
} as const;

const POINTS_MAX = 10_000_000;

export const isWaiting = (status: ProjectStatus) => status === 'received' || status === 'in_review';

/** The audit line of a change to a project, in the change's transaction. */
const audit = (
  trx: Db,
  actor: AuditActor,
  project: ProjectRow,
  change: { action: string; before: Record<string, unknown>; after: Record<string, unknown> },
  now: Date,
) =>
  staff.recordAudit(trx, actor, { ...change, object: { type: 'project', id: project.id, label: project.title } }, now);

/** What an approval credits: "Projeto aprovado: <title>" reads on the extract like the invoices' lines. */
export const ledgerDescription = (title: string) => `Projeto aprovado: ${title}`;

/**
 * The steps every decision shares: the project read once inside the transaction and, for a staff member, still
 * waiting and held by them (the painel's review lease), which ends with the decision.
 */
function decide<T>(
  deps: OperatorDeps,
  actor: AuditActor,
  projectId: number,
  work: (trx: Db, project: ProjectRow, now: Date) => Promise<T>,
): Promise<T> {
  const now = nowOf(deps);
  return runInTransaction(deps.db, async (trx) => {
    const project = await repo.findProjectById(trx, projectId);
    if (!project) throw new DomainError('NOT_FOUND', PROJECT_ACTION_MESSAGES.notFound);
    if (actor.kind !== 'staff') return work(trx, project, now);
    if (!isWaiting(project.status)) throw new DomainError('BAD_USER_INPUT', PROJECT_ACTION_MESSAGES.notWaiting);
    await staff.requireLease(trx, actor, { subject: 'project', id: project.id }, now, {
      heldBy: PROJECT_ACTION_MESSAGES.heldBy,
      lost: PROJECT_ACTION_MESSAGES.leaseLost,
    });
    const result = await work(trx, project, now);
    await staff.endLease(trx, 'project', project.id);
    return result;
  });
}

/**
 * Approves a project waiting for review and credits its points (the standard PROJECT_APPROVAL_POINTS, or `points`
 * given by the reviewer) in the same transaction. Approving an approved project again changes nothing and says so:
 * the ledger holds one entry per project at most (a unique index), so even two approvals racing credit once. A
 * person's approval of a project the device rule held, or above REVIEW_CONFIRM_POINTS, must be `confirmed`; above
 * REVIEW_FOUR_EYES_POINTS it records a request that another staff account confirms (confirmProjectApproval).
 */
export async function approveProject(
  deps: OperatorDeps,
  actor: AuditActor,
  projectId: number,
  points: number = PROJECT_APPROVAL_POINTS,
  options: { readonly confirmed?: boolean } = {},
): Promise<{ project: ProjectRow; alreadyApproved: boolean }> {
  if (!Number.isInteger(points) || points < 0 || points > POINTS_MAX) {
    throw new DomainError('BAD_USER_INPUT', PROJECT_ACTION_MESSAGES.points, 'points');
  }
  return creditOnce(deps, actor, projectId, async (trx, project, now) => {
    if (project.status === 'approved') return { project, alreadyApproved: true };
    if (project.status === 'rejected') throw new DomainError('BAD_USER_INPUT', PROJECT_ACTION_MESSAGES.rejected);
    const target = {
      subject: 'project' as const,
      id: project.id,
      label: project.title,
      userId: project.user_id,
      points,
      status: project.status,
      flagged: project.risk_reason !== null,
    };
    const confirmed = options.confirmed === true;
    if (await staff.holdForSecondApproval(trx, deps.config, actor, target, { confirmed }, now)) {
      return { project, alreadyApproved: false };
    }
    return { project: await credit(trx, actor, project, points, now, {}), alreadyApproved: false };
  });
}

/** The second person's confirmation of a large approval: another staff account credits the requested points. */
export function confirmProjectApproval(deps: OperatorDeps, actor: AuditActor, projectId: number) {
  return creditOnce(deps, actor, projectId, async (trx, project, now) => {
    const request = await staff.takeSecondApproval(trx, actor, 'project', project.id, now);
    const extra = { requestedBy: request.requested_by_name };
    return { project: await credit(trx, actor, project, request.points, now, extra), alreadyApproved: false };
  });
}

/**
 * A decision that may credit the project's one ledger entry. Another approval of the same project committed first:
 * its credit is the one. Inside the caller's transaction the failed statement has spoilt it (PostgreSQL), so the
 * caller hears of it; the painel's reviewer reads that the project was decided.
 */
async function creditOnce(
  deps: OperatorDeps,
  actor: AuditActor,
  projectId: number,
  work: (trx: Db, project: ProjectRow, now: Date) => Promise<{ project: ProjectRow; alreadyApproved: boolean }>,
): Promise<{ project: ProjectRow; alreadyApproved: boolean }> {
  try {
    return await decide(deps, actor, projectId, work);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (actor.kind === 'staff') throw new DomainError('BAD_USER_INPUT', PROJECT_ACTION_MESSAGES.notWaiting);
    if (deps.db.isTransaction) throw error;
    const project = await repo.findProjectById(deps.db, projectId);
    if (!project) throw new DomainError('NOT_FOUND', PROJECT_ACTION_MESSAGES.notFound);
    return { project, alreadyApproved: true };
  }
}

/** Credits the project's points, marks it approved, tells the member and writes the audit line. */
async function credit(
  trx: Db,
  actor: AuditActor,
  project: ProjectRow,
  points: number,
  now: Date,
  extra: Record<string, unknown>,
): Promise<ProjectRow> {
  const at = now.toISOString();
  await appendEntries(
    trx,
    project.user_id,
    [
      {
        userId: project.user_id,
        kind: 'credit',
        points,
        description: ledgerDescription(project.title),
        projectId: project.id,
      },
    ],
    now,
  );
  await repo.insertEvent(trx, {
    project_id: project.id,
    status: 'approved',
    note: `Aprovado na análise: ${points.toLocaleString('pt-BR')} pontos.`,
    created_at: at,
  });
  await audit(
    trx,
    actor,
    project,
    { action: 'project.approve', before: { status: project.status }, after: { status: 'approved', points, ...extra } },
    now,
  );
  await notify(trx, { type: 'project-approved', userId: project.user_id, title: project.title, points }, now);
  const approved = await repo.updateProject(trx, project.id, {
    status: 'approved',
    points,
    rejection_reason: null,
    updated_at: at,
  });
  countBusiness.points('credited', points);
  return approved;
}

export function rejectProject(
  deps: OperatorDeps,
  actor: AuditActor,
  projectId: number,
  reason: string,
): Promise<ProjectRow> {
  const text = staff.reasonOf(reason, PROJECT_ACTION_MESSAGES.reason);
  return decide(deps, actor, projectId, async (trx, project, now) => {
    if (project.status === 'approved') throw new DomainError('BAD_USER_INPUT', PROJECT_ACTION_MESSAGES.approved);
    if (project.status === 'rejected') throw new DomainError('BAD_USER_INPUT', PROJECT_ACTION_MESSAGES.rejected);
    await staff.cancelPendingApproval(trx, actor, 'project', project.id, now);
    const at = now.toISOString();
    await repo.insertEvent(trx, { project_id: project.id, status: 'rejected', note: text, created_at: at });
    await audit(
      trx,
      actor,
      project,
      { action: 'project.reject', before: { status: project.status }, after: { status: 'rejected', reason: text } },
      now,
    );
    await notify(trx, { type: 'project-refused', userId: project.user_id, title: project.title, reason: text }, now);
    return repo.updateProject(trx, project.id, { status: 'rejected', rejection_reason: text, updated_at: at });
  });
}

/** Why an approved project cannot be published, or null when it can (or is already). */
export function publishBlocker(project: Pick<ProjectRow, 'publish_consent' | 'status'>): string | null {
  if (project.publish_consent !== 1) return PROJECT_ACTION_MESSAGES.noConsent;
  if (project.status !== 'approved') return PROJECT_ACTION_MESSAGES.notApproved;
  return null;
}

/** Marks an approved project, whose member consented, as published; publishing twice changes nothing. No lease: it
 * changes only the photos' visibility, once, and only with the member's consent. */
export function publishProject(
  deps: OperatorDeps,
  actor: AuditActor,
  projectId: number,
): Promise<{ project: ProjectRow; alreadyPublished: boolean }> {
  const now = nowOf(deps);
  const at = now.toISOString();
  return runInTransaction(deps.db, async (trx) => {
    const project = await repo.findProjectById(trx, projectId);
    if (!project) throw new DomainError('NOT_FOUND', PROJECT_ACTION_MESSAGES.notFound);
    const blocker = publishBlocker(project);
    if (blocker) throw new DomainError('BAD_USER_INPUT', blocker);
    if (project.published_at !== null) return { project, alreadyPublished: true };
    // Only one of two publications racing writes (and audits) it.
    const published = await trx
      .updateTable('projects')
      .set({ published_at: at, updated_at: at })
      .where('id', '=', project.id)
      .where('published_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!published) return { project: (await repo.findProjectById(trx, projectId)) ?? project, alreadyPublished: true };
    await audit(
      trx,
      actor,
      project,
      { action: 'project.publish', before: { published: false }, after: { published: true } },
      now,
    );
    return { project: published, alreadyPublished: false };
  });
}

/**
 * Takes a published project's photos out of the public pages again (a mistake, or the member asked), with the reason
 * in the audit line; the approval and its points stay. Publishing it again is allowed.
 */
export function unpublishProject(
  deps: OperatorDeps,
  actor: AuditActor,
  projectId: number,
  reason: string,
): Promise<ProjectRow> {
  const text = staff.reasonOf(reason, PROJECT_ACTION_MESSAGES.unpublishReason);
  const now = nowOf(deps);
  return runInTransaction(deps.db, async (trx) => {
    const project = await repo.findProjectById(trx, projectId);
    if (!project) throw new DomainError('NOT_FOUND', PROJECT_ACTION_MESSAGES.notFound);
    // Only one of two racing writes (and audits) it.
    const unpublished = await trx
      .updateTable('projects')
      .set({ published_at: null, updated_at: now.toISOString() })
      .where('id', '=', project.id)
      .where('published_at', 'is not', null)
      .returningAll()
      .executeTakeFirst();
    if (!unpublished) throw new DomainError('BAD_USER_INPUT', PROJECT_ACTION_MESSAGES.notPublished);
    await audit(
      trx,
      actor,
      project,
      { action: 'project.unpublish', before: { published: true }, after: { published: false, reason: text } },
      now,
    );
    return unpublished;
  });
}
