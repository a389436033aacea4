import Link from 'next/link';
import type { ProjectCardFieldsFragment } from '@/lib/graphql/generated/graphql';
import { apiHref } from '@/lib/files/api-href';
import { formatDate } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { ENVIRONMENT_LABELS } from '@/common/projects/labels';
import { routes } from '@/common/routes';
import { ProjectStatusBadge } from './project-status-badge';

/**
 * One project in the member's list: the whole card is one link named by the title (content-card's pattern).
 * `eager` is for the first card only, the one likely on screen before any scroll.
 */
export function ProjectCard({ project, eager = false }: { project: ProjectCardFieldsFragment; eager?: boolean }) {
  const { cover } = project;
  return (
    <article className="content-card project-card">
      {cover ? (
        // Static export: no next/image optimisation; the API gives the thumbnail's size, so nothing jumps.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          className="project-card__cover"
          src={apiHref(cover.thumbnailUrl)}
          // The title link names the card; the photo adds nothing a screen reader needs to hear.
          alt=""
          width={cover.thumbnailWidth}
          height={cover.thumbnailHeight}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <div className="project-card__cover project-card__cover--none" aria-hidden="true" />
      )}
      <div className="content-card__body">
        <p className="content-card__meta">
          <ProjectStatusBadge status={project.status} />
        </p>
        <h2 className="content-card__title">
          <Link href={routes.project({ projectId: project.id })} className="content-card__link">
            {project.title}
          </Link>
        </h2>
        <p className="project-card__details">
          {ENVIRONMENT_LABELS[project.environment]} · <span className="visually-hidden">enviado em </span>
          <time dateTime={project.createdAt}>{formatDate(project.createdAt)}</time>
        </p>
        {project.status === 'APPROVED' && project.points !== null && (
          <p className="project-card__points">+{formatPoints(project.points)} pontos</p>
        )}
      </div>
    </article>
  );
}
