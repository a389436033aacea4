'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { appendPage } from '@/lib/apollo/append-page';
import { errorMessage } from '@/lib/apollo/errors';
import { QProjects } from '@/lib/projects/operations';
import { routes } from '@/common/routes';
import { useDeviceCopy } from '@/lib/session/use-device-copy';
import { DeviceCopy } from '../ui/device-copy';
import { ListStatus, OlderItemsButton } from '../ui/list-states';
import { useLoadMore } from '../ui/use-load-more';
import { ProjectCard } from './project-card';

/** Cards per page: fills 1, 2 or 3 columns evenly (the API allows up to 24). */
export const PROJECTS_PAGE_SIZE = 12;

function EmptyProjects() {
  return (
    <div className="projects-empty">
      <p>
        Você ainda não enviou nenhum projeto. Mostre um móvel que você fez, com fotos e os produtos do clube que usou, e
        ganhe pontos quando ele for aprovado.
      </p>
      <Link className="button button--primary" href={routes.sendProject()}>
        Enviar meu primeiro projeto
      </Link>
    </div>
  );
}

export function ProjectsScreen() {
  const { data, loading, error, fetchMore } = useQuery(QProjects, {
    variables: { pageSize: PROJECTS_PAGE_SIZE },
    // A project sent a moment ago must show up when the member comes back here.
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });
  const copy = useDeviceCopy('projects', data?.projects);
  const page = copy.value;
  const cursor = page?.hasMore ? page.nextCursor : null;
  const { loadingMore, loadMoreError, loadMore } = useLoadMore(
    cursor
      ? () =>
          fetchMore({
            variables: { pageSize: PROJECTS_PAGE_SIZE, after: cursor },
            updateQuery: (shown, { fetchMoreResult }) => ({
              projects: appendPage(shown.projects, fetchMoreResult.projects),
            }),
          })
      : null,
  );
  const hasProjects = !!page && page.data.length > 0;

  return (
    <section className="card projects-screen" aria-labelledby="page-title">
      <header className="projects-screen__header">
        <h1 id="page-title">Meus projetos</h1>
        {hasProjects && (
          <Link className="button button--primary" href={routes.sendProject()}>
            Enviar projeto
          </Link>
        )}
      </header>
      <DeviceCopy shown={copy.fromDevice} savedAt={copy.savedAt} />
      <ListStatus
        error={error && !page ? errorMessage(error) : null}
        loading={loading && !page}
        // The empty list gets its own block below, with the way to the first project.
        empty={false}
        loadingLabel="Carregando seus projetos"
        emptyText=""
      />
      {page && page.data.length === 0 && <EmptyProjects />}
      {hasProjects && (
        <>
          <ul className="content-grid projects-grid" aria-label="Projetos enviados, do mais novo ao mais antigo">
            {page.data.map((project, index) => (
              <li key={project.id}>
                <ProjectCard project={project} eager={index === 0} />
              </li>
            ))}
          </ul>
          <div className="projects-screen__more">
            <p className="muted" aria-live="polite">
              Mostrando {page.data.length} de {page.total} {page.total === 1 ? 'projeto' : 'projetos'}
            </p>
            {cursor && (
              <OlderItemsButton loading={loadingMore} error={loadMoreError} onClick={loadMore}>
                Carregar mais
              </OlderItemsButton>
            )}
          </div>
        </>
      )}
    </section>
  );
}
