/**
 * "Projeto enviado", said on the project's own page after the form opens it. Kept in memory only: the form opens the
 * page without a reload, and a reload of the page later should not say it again.
 */
export type ProjectSentKind = 'sent' | 'resent';

let pending: { id: string; kind: ProjectSentKind } | null = null;

export function noteProjectSent(id: string, kind: ProjectSentKind): void {
  pending = { id, kind };
}

/** The notice waiting for this project, taken once. */
export function takeProjectSent(id: string): ProjectSentKind | null {
  if (pending?.id !== id) return null;
  const { kind } = pending;
  pending = null;
  return kind;
}

/** What the project's page says: short, since it ships with the page. */
export const projectSentMessage = (kind: ProjectSentKind): string =>
  `Projeto ${kind === 'resent' ? 'reenviado' : 'enviado'}! Agora ele está em análise.`;
