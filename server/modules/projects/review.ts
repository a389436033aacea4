// Review of a sent project from the terminal: approve (with its points), reject (with the reason), publish.
import { PROJECT_APPROVAL_POINTS } from '../../../lib/projects/limits';
import { isUniqueViolation } from '../../db/dialect';
import type { Db, ProjectRow, ProjectStatus } from '../../db/schema';
import { appendEntries } from '../points';
import * as repo from './repository';
import { nowOf, type OperatorDeps } from '../service-deps';

export const REVIEW_MESSAGES = {
  notFound: (id: number) => `Projeto ${id} não encontrado.`,
  points: '--points precisa ser um número inteiro de 0 a 10.000.000.',
  reason: 'Informe o motivo da recusa (3 a 500 caracteres) com --reason.',
  rejected: 'Este projeto está recusado: ele volta à análise quando o membro o reenviar corrigido.',
  approved: 'Este projeto já foi aprovado.',
  notApproved: 'Só é possível publicar um projeto aprovado.',
  noConsent: 'O membro não autorizou a publicação das fotos deste projeto. Ele pode autorizar ao reenviar um projeto.',
} as const;

const waiting = (status: ProjectStatus) => status === 'received' || status === 'in_review';

async function mustFind(db: Db, id: number): Promise<ProjectRow> {
  const project = await repo.findProjectById(db, id);
  if (!project) throw new Error(REVIEW_MESSAGES.notFound(id));
  return project;
}

/** What an approval credits: "Projeto aprovado: <title>" reads on the extract like the invoices' lines. */
export const ledgerDescription = (title: string) => `Projeto aprovado: ${title}`;

/**
 * Approves a project waiting for review and credits its points (the standard PROJECT_APPROVAL_POINTS, or `points`
 * given by the reviewer) in the same transaction. Approving an approved project again changes nothing and says so:
 * the ledger holds one entry per project at most (a unique index), so even two approvals racing credit once.
 */
export async function approveProject(
  deps: OperatorDeps,
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
    const approved = await db.transaction().execute(async (trx) => {
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
      if (!waiting(status)) throw new Error(REVIEW_MESSAGES.rejected);
      await repo.insertEvent(trx, {
        project_id: project.id,
        status: 'approved',
        note: `Aprovado na análise: ${points.toLocaleString('pt-BR')} pontos.`,
        created_at: at,
      });
      return repo.updateProject(trx, project.id, {
        status: 'approved',
        points,
        rejection_reason: null,
        updated_at: at,
      });
    });
    if (approved) return { project: approved, alreadyApproved: false };
  } catch (error) {
    // Another approval of the same project committed first: its credit is the one.
    if (!isUniqueViolation(error)) throw error;
  }
  return { project: await mustFind(db, projectId), alreadyApproved: true };
}

export async function rejectProject(deps: OperatorDeps, projectId: number, reason: string): Promise<ProjectRow> {
  const { db } = deps;
  const now = nowOf(deps);
  const text = reason.trim().replace(/\s+/g, ' ');
  if (text.length < 3 || text.length > 500) throw new Error(REVIEW_MESSAGES.reason);
  const project = await mustFind(db, projectId);
  if (project.status === 'approved') throw new Error(REVIEW_MESSAGES.approved);
  if (project.status === 'rejected') throw new Error(REVIEW_MESSAGES.rejected);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    if (!waiting(await repo.currentStatus(trx, project.id))) throw new Error(REVIEW_MESSAGES.approved);
    await repo.insertEvent(trx, { project_id: project.id, status: 'rejected', note: text, created_at: at });
    return repo.updateProject(trx, project.id, { status: 'rejected', rejection_reason: text, updated_at: at });
  });
}

/** Marks an approved project, whose member consented, as published; publishing twice changes nothing. */
export async function publishProject(
  deps: OperatorDeps,
  projectId: number,
): Promise<{ project: ProjectRow; alreadyPublished: boolean }> {
  const { db } = deps;
  const now = nowOf(deps);
  const project = await mustFind(db, projectId);
  if (project.publish_consent !== 1) throw new Error(REVIEW_MESSAGES.noConsent);
  if (project.status !== 'approved') throw new Error(REVIEW_MESSAGES.notApproved);
  if (project.published_at !== null) return { project, alreadyPublished: true };
  const at = now.toISOString();
  return {
    project: await repo.updateProject(db, project.id, { published_at: at, updated_at: at }),
    alreadyPublished: false,
  };
}
