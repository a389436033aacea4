'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { ProjectFieldsFragment } from '@/lib/graphql/generated/graphql';
import { errorMessage } from '@/lib/apollo/errors';
import { contentErrorKind } from '@/lib/content/errors';
import { formatDate, formatDateTime } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { formatLongMonth, groupProducts, invoiceLine } from '@/lib/projects/format';
import { ENVIRONMENT_LABELS, PROJECT_STATUS_LABELS } from '@/common/projects/labels';
import { QProject } from '@/lib/projects/operations';
import { projectSentMessage, takeProjectSent, type ProjectSentKind } from '@/lib/projects/sent-notice';
import { fixProjectHref } from '@/lib/routing/fix-project-href';
import { useRouteParams } from '@/lib/routing/use-route-params';
import { routes } from '@/common/routes';
import { DetailSkeleton, ErrorState, Loading, NotFoundState } from '../ui/content-states';
import { PhotoGallery } from '../ui/photo-gallery';
import { ProjectStatusBadge } from './project-status-badge';

const BACK = { href: routes.projects(), label: 'Meus projetos' };

function NotFound({ id }: { id: string }) {
  return <NotFoundState title="Projeto não encontrado" param="projectId" value={id} back={BACK} />;
}

function Facts({ project }: { project: ProjectFieldsFragment }) {
  return (
    <dl className="key-info">
      <div>
        <dt>Ambiente</dt>
        <dd>{ENVIRONMENT_LABELS[project.environment]}</dd>
      </div>
      <div>
        <dt>Cidade</dt>
        <dd>
          {project.city}/{project.uf}
        </dd>
      </div>
      <div>
        <dt>Concluído em</dt>
        <dd>{formatLongMonth(project.finishedMonth)}</dd>
      </div>
      {(project.campaignTitle || project.campaignSlug) && (
        <div>
          <dt>Participa de</dt>
          <dd>{project.campaignTitle ?? project.campaignSlug}</dd>
        </div>
      )}
    </dl>
  );
}

/** Where the project stands: the points it earned, or why it was refused and the way to correct it. */
function Outcome({ project }: { project: ProjectFieldsFragment }) {
  if (project.status === 'APPROVED' && project.points !== null) {
    return <p className="project-detail__points">+{formatPoints(project.points)} pontos</p>;
  }
  if (project.status !== 'REJECTED') return null;
  return (
    <div className="project-detail__fix">
      {project.rejectionReason && (
        <p className="alert alert--error">
          <strong>Motivo da recusa:</strong> {project.rejectionReason}
        </p>
      )}
      <Link className="button button--primary" href={fixProjectHref(project.id)}>
        Corrigir e reenviar
      </Link>
    </div>
  );
}

function Timeline({ events }: { events: ProjectFieldsFragment['events'] }) {
  return (
    <ol className="timeline">
      {events.map((event, index) => (
        <li key={`${event.at}-${index}`} className={`timeline__item timeline__item--${event.status.toLowerCase()}`}>
          <span className="timeline__status">{PROJECT_STATUS_LABELS[event.status]}</span>{' '}
          <time dateTime={event.at} className="muted">
            {formatDateTime(event.at)}
          </time>
          {event.note && (
            <span className="timeline__note">
              {event.status === 'REJECTED' && <span className="visually-hidden">Motivo: </span>}
              {event.note}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

function ProjectDetail({ project, sent }: { project: ProjectFieldsFragment; sent: ProjectSentKind | null }) {
  const groups = groupProducts(project.products);
  return (
    <article className="card content-detail project-detail" aria-labelledby="page-title">
      <p className="content-detail__back">
        <Link href={BACK.href}>← {BACK.label}</Link>
      </p>
      <h1 id="page-title">{project.title}</h1>
      {/* Right under the title, where the page's focus lands after the form opened it. */}
      {sent && (
        <p className="alert alert--ok" role="status">
          {projectSentMessage(sent)}
        </p>
      )}
      <p className="project-detail__meta">
        <ProjectStatusBadge status={project.status} />
        <span>
          Enviado em <time dateTime={project.createdAt}>{formatDate(project.createdAt)}</time>
        </span>
      </p>
      <Outcome project={project} />

      <PhotoGallery photos={project.photos} label="Fotos do projeto" />

      <h2>Detalhes</h2>
      <Facts project={project} />

      <h2>Descrição</h2>
      <p className="project-detail__description">{project.description}</p>

      <h2>Produtos usados</h2>
      <ul className="project-products">
        {groups.map((group) => (
          <li key={group.category}>
            <span className="project-products__category">{group.category}</span>
            <ul>
              {group.products.map((product) => (
                <li key={product.id}>{product.name}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>

      {project.invoices.length > 0 && (
        <>
          <h2>Notas fiscais</h2>
          <ul className="project-invoices">
            {project.invoices.map((invoice) => (
              <li key={invoice.id}>{invoiceLine(invoice)}</li>
            ))}
          </ul>
        </>
      )}

      <h2>Publicação</h2>
      <p>
        {project.publishConsent
          ? project.published
            ? 'Você autorizou o clube a publicar as fotos, e elas já estão publicadas.'
            : 'Você autorizou o clube a publicar as fotos.'
          : 'Você não autorizou o clube a publicar as fotos.'}
      </p>

      <h2>Andamento</h2>
      <Timeline events={project.events} />
    </article>
  );
}

export function ProjectScreen() {
  const params = useRouteParams();
  const id = params?.['projectId'];
  const { data, error, refetch } = useQuery(QProject, { variables: { id: id ?? '' }, skip: !id });
  const [sent, setSent] = useState<ProjectSentKind | null>(null);
  useEffect(() => {
    const kind = id ? takeProjectSent(id) : null;
    if (kind) setSent(kind);
  }, [id]);

  if (params && !id) return <NotFound id="" />;
  // The API answers NOT_FOUND (or null) for a missing project and for another member's alike.
  if (data && data.project === null) return <NotFound id={id ?? ''} />;
  if (error && !data?.project) {
    if (contentErrorKind(error) === 'not-found') return <NotFound id={id ?? ''} />;
    return <ErrorState title="Projeto" message={errorMessage(error)} onRetry={() => void refetch()} />;
  }
  if (!data?.project) {
    return (
      <section className="card content-detail" aria-labelledby="page-title">
        <h1 id="page-title">Projeto</h1>
        <Loading label="Carregando o projeto">
          <DetailSkeleton />
        </Loading>
      </section>
    );
  }
  return <ProjectDetail project={data.project} sent={sent} />;
}
