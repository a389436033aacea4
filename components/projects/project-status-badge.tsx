import type { ProjectStatus } from '@/lib/graphql/generated/graphql';
import { PROJECT_STATUS_LABELS } from '@/common/projects/labels';

/** The same chip as an invoice's status (status-badge classes), with the project's masculine wording. */
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <span className={`status-badge status-badge--${status.toLowerCase()}`}>
      <span className="visually-hidden">Situação: </span>
      {PROJECT_STATUS_LABELS[status]}
    </span>
  );
}
