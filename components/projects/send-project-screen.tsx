'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { Suspense, useEffect, useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { apiHref } from '@/lib/files/api-href';
import type { ProjectFieldsFragment } from '@/lib/graphql/generated/graphql';
import { newAttemptKey } from '@/lib/network/attempt-key';
import { EMPTY_DRAFT_VALUES, loadProjectDraft, type ProjectDraft } from '@/lib/projects/draft';
import { QProject, QProjectLinkOptions } from '@/lib/projects/operations';
import { parseQueryString } from '@/lib/query-string';
import { routes } from '@/common/routes';
import { useCurrentUser } from '../providers/current-user';
import { lazyNow } from '../ui/lazy-now';
import { Spinner } from '../ui/spinner';

// The form (react-hook-form, the photo queue and its sections) starts loading with the page instead of being part of
// its first load; a correction's project and options load beside it.
const ProjectForm = lazyNow(() => import('./project-form').then((m) => m.ProjectForm));

/** The form filled with a refused project, so the member corrects only what the review asked for. */
function draftOfProject(project: ProjectFieldsFragment, stateId: string): ProjectDraft {
  return {
    values: {
      title: project.title,
      environment: project.environment,
      description: project.description,
      stateId,
      city: project.city,
      finishedMonth: project.finishedMonth,
      productIds: project.products.map((p) => p.id),
      invoiceIds: project.invoices.map((i) => i.id),
      campaignSlug: project.campaignSlug ?? '',
      publishConsent: project.publishConsent,
    },
    photos: project.photos.map((photo) => ({
      id: photo.id,
      preview: apiHref(photo.thumbnailUrl),
      width: photo.thumbnailWidth,
      height: photo.thumbnailHeight,
    })),
    sendKey: newAttemptKey(),
  };
}

/** `/enviar-projeto`, and `/enviar-projeto?corrigir=<id>` to correct a refused project and send it again. */
export function SendProjectScreen() {
  const user = useCurrentUser();
  // Read after mount: the static export has no query string when it renders.
  const [target, setTarget] = useState<{ projectId: string | null } | null>(null);
  useEffect(() => setTarget({ projectId: parseQueryString(window.location.search)['corrigir'] ?? null }), []);
  const projectId = target?.projectId ?? null;
  const project = useQuery(QProject, { variables: { id: projectId ?? '' }, skip: !projectId });
  const options = useQuery(QProjectLinkOptions, { skip: !projectId });

  let body: React.ReactNode;
  if (!target) {
    body = <Spinner label="Abrindo o formulário" />;
  } else if (!projectId) {
    const draft = loadProjectDraft(user.id, null) ?? {
      values: EMPTY_DRAFT_VALUES,
      photos: [],
      sendKey: newAttemptKey(),
    };
    body = <ProjectForm memberId={user.id} projectId={null} initial={draft} />;
  } else if (project.error || options.error) {
    body = (
      <p className="alert alert--error" role="alert">
        {errorMessage((project.error ?? options.error) as Error)}
      </p>
    );
  } else if (!project.data || !options.data) {
    body = <Spinner label="Carregando o projeto" />;
  } else if (!project.data.project || project.data.project.status !== 'REJECTED') {
    body = (
      <p className="alert alert--error" role="alert">
        {project.data.project ? 'Só um projeto recusado pode ser corrigido e reenviado.' : 'Projeto não encontrado.'}{' '}
        <Link href={routes.projects()}>Ver meus projetos</Link>
      </p>
    );
  } else {
    const found = project.data.project;
    const stateId = options.data.states.find((s) => s.uf === found.uf)?.id ?? '';
    const draft = loadProjectDraft(user.id, found.id) ?? draftOfProject(found, stateId);
    body = <ProjectForm memberId={user.id} projectId={found.id} initial={draft} />;
  }

  return (
    <section className="card" aria-labelledby="page-title">
      <h1 id="page-title">{projectId ? 'Corrigir e reenviar projeto' : 'Enviar projeto'}</h1>
      <p className="muted">
        Mostre um trabalho pronto feito com produtos do clube: fotos, ambiente, onde foi instalado e os produtos usados.
        Depois da análise, o projeto aprovado ganha pontos.
      </p>
      {project.data?.project?.rejectionReason && (
        <p className="alert alert--error">
          <strong>Motivo da recusa:</strong> {project.data.project.rejectionReason}
        </p>
      )}
      <Suspense fallback={<Spinner label="Abrindo o formulário" />}>{body}</Suspense>
    </section>
  );
}
