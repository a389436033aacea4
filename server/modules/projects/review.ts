// Review of a sent project, for the terminal (`npm run projects`) and the painel alike: approve (with its points),
// reject (with the reason), publish. Each change writes its audit line (who: the painel's reviewer or the terminal's
// operator) in its own transaction, or in the caller's when given one (the painel checks its review lease there).
import { PROJECT_APPROVAL_POINTS } from '../../../lib/projects/limits';
import { isUniqueViolation } from '../../db/dialect';
import type { Db, ProjectRow, ProjectStatus } from '../../db/schema';
import { notify } from '../notifications';
import { appendEntries } from '../points';
import { recordAudit, type AuditActor } from '../staff';
import * as repo from './repository';
import { nowOf, type OperatorDeps } from '../service-deps';
import { countBusiness } from '../../metrics/business';

export const REVIEW_MESSAGES = {
  notFound: (id: number) => `Projeto ${id} não encontrado.`,
  points: '--points precisa ser um número inteiro de 0 a 10.000.000.',
  reason: 'Informe o motivo da recusa (3 a 500 caracteres) com --reason.',
  rejected: 'Este projeto está recusado: ele volta à análise quando o membro o reenviar corrigido.',
  approved: 'Este projeto já foi aprovado.',
  notApproved: 'Só é possível publicar um projeto aprovado.',
  noConsent: 'O membro não autorizou a publicação das fotos deste projeto. Ele pode autorizar ao reenviar um projeto.',
} as const;

export const isWaiting = (status: ProjectStatus) => status === 'received' || status === 'in_review';

/** The caller's transaction when `db` is one, else a new one. */
const inTransaction = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

async function mustFind(db: Db, id: number): Promise<ProjectRow> {
  const project = await repo.findProjectById(db, id);
  if (!project) throw new Error(REVIEW_MESSAGES.notFound(id));
  return project;
}

const auditObject = (project: ProjectRow) => ({ type: 'project', id: project.id, label: project.title });

/** What an approval credits: "Projeto aprovado: <title>" reads on the extract like the invoices' lines. */
export const ledgerDescription = (title: string) => `Projeto aprovado: ${title}`;

/**
 * Approves a project waiting for review and credits its points (the standard PROJECT_APPROVAL_POINTS, or `points`
 * given by the reviewer) in the same transaction. Approving an approved project again changes nothing and says so:
 * the ledger holds one entry per project at most (a unique index), so even two approvals racing credit once.
 */
export async function approveProject(
  deps: OperatorDeps,
  actor: AuditActor,
  projectId: number,
  points: number = PROJECT_APPROVAL_POINTS,
): Promise<{ project: ProjectRow; alreadyApproved: boolean }> {
  const { db } = deps;
  const now = nowOf(deps);
  if (!Number.isInteger(points) || points < 0 || points > 10_000_000) throw new Error(REVIEW_MESSAGES.points);
  const project = await mustFind(db, projectId);
  if (project.status === 'approved') return { project, alreadyApproved: true };
  if (project.status === 'rejected') throw new Error(REVIEW_MESSAGES.rejected);
  const at = now.toISOString();
  try {
    const approved = await inTransaction(db, async (trx) => {
      // The credit first: on SQLite it takes the write lock before the status is read again.
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
      const status = await repo.currentStatus(trx, project.id);
      if (status === 'approved') return null;
      if (!isWaiting(status)) throw new Error(REVIEW_MESSAGES.rejected);
      await repo.insertEvent(trx, {
        project_id: project.id,
        status: 'approved',
        note: `Aprovado na análise: ${points.toLocaleString('pt-BR')} pontos.`,
        created_at: at,
      });
      await recordAudit(
        trx,
        actor,
        {
          action: 'project.approve',
          object: auditObject(project),
          before: { status },
          after: { status: 'approved', points },
        },
        now,
      );
      await notify(trx, { type: 'project-approved', userId: project.user_id, title: project.title, points }, now);
      return repo.updateProject(trx, project.id, {
        status: 'approved',
        points,
        rejection_reason: null,
        updated_at: at,
      });
    });
    if (approved) {
      countBusiness.points('credited', points);
      return { project: approved, alreadyApproved: false };
    }
  } catch (error) {
    // Another approval of the same project committed first: its credit is the one. Inside the caller's transaction
    // the failed statement has spoilt it (PostgreSQL), so the caller hears of it.
    if (!isUniqueViolation(error) || db.isTransaction) throw error;
  }
  return { project: await mustFind(db, projectId), alreadyApproved: true };
}

export async function rejectProject(
  deps: OperatorDeps,
  actor: AuditActor,
  projectId: number,
  reason: string,
): Promise<ProjectRow> {
  const { db } = deps;
  const now = nowOf(deps);
  const text = reason.trim().replace(/\s+/g, ' ');
  if (text.length < 3 || text.length > 500) throw new Error(REVIEW_MESSAGES.reason);
  const project = await mustFind(db, projectId);
  if (project.status === 'approved') throw new Error(REVIEW_MESSAGES.approved);
  if (project.status === 'rejected') throw new Error(REVIEW_MESSAGES.rejected);
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    const status = await repo.currentStatus(trx, project.id);
    if (!isWaiting(status)) throw new Error(REVIEW_MESSAGES.approved);
    await repo.insertEvent(trx, { project_id: project.id, status: 'rejected', note: text, created_at: at });
    await recordAudit(
      trx,
      actor,
      {
        action: 'project.reject',
        object: auditObject(project),
        before: { status },
        after: { status: 'rejected', reason: text },
      },
      now,
    );
    await notify(trx, { type: 'project-refused', userId: project.user_id, title: project.title, reason: text }, now);
    return repo.updateProject(trx, project.id, { status: 'rejected', rejection_reason: text, updated_at: at });
  });
}

/** Why an approved project cannot be published, or null when it can (or is already). */
export function publishBlocker(project: Pick<ProjectRow, 'publish_consent' | 'status'>): string | null {
  if (project.publish_consent !== 1) return REVIEW_MESSAGES.noConsent;
  if (project.status !== 'approved') return REVIEW_MESSAGES.notApproved;
  return null;
}

/** Marks an approved project, whose member consented, as published; publishing twice changes nothing. */
export async function publishProject(
  deps: OperatorDeps,
  actor: AuditActor,
  projectId: number,
): Promise<{ project: ProjectRow; alreadyPublished: boolean }> {
  const { db } = deps;
  const now = nowOf(deps);
  const project = await mustFind(db, projectId);
  const blocker = publishBlocker(project);
  if (blocker) throw new Error(blocker);
  if (project.published_at !== null) return { project, alreadyPublished: true };
  const at = now.toISOString();
  return inTransaction(db, async (trx) => {
    // Only one of two publications racing writes (and audits) it.
    const published = await trx
      .updateTable('projects')
      .set({ published_at: at, updated_at: at })
      .where('id', '=', project.id)
      .where('published_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!published) return { project: await mustFind(trx, projectId), alreadyPublished: true };
    await recordAudit(
      trx,
      actor,
      {
        action: 'project.publish',
        object: auditObject(project),
        before: { published: false },
        after: { published: true },
      },
      now,
    );
    return { project: published, alreadyPublished: false };
  });
}
