'use client';
import Link from 'next/link';
import { useRef } from 'react';
import { formatDate, formatDateTime } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { formatLongMonth } from '@/lib/projects/format';
import {
  MStaffApproveProject,
  MStaffConfirmProjectApproval,
  MStaffPublishProject,
  MStaffUnpublishProject,
  MStaffRejectProject,
  MStaffReleaseProject,
  MStaffTakeProject,
  QStaffNextProject,
  QStaffProject,
  type StaffProjectDetailFieldsFragment,
  type StaffProjectLeaseFieldsFragment,
} from '@/lib/painel/operations';
import {
  isWaitingProject,
  PROJECT_REJECTION_TEMPLATES,
  PROJECT_REVIEW_SHORTCUTS,
  PROJECT_STATUS_LABELS,
  projectReviewHref,
  projectSituation,
} from '@/lib/painel/project-review';
import { painelRequest } from '@/lib/painel/request';
import { approvalSaid } from '@/common/painel/review-desk';
import { painelRoutes } from '@/common/painel/routes';
import { ProjectGallery, type ProjectGalleryHandle } from './project-gallery';
import { CorrectionForm } from './review/correction-form';
import { DecisionForms } from './review/decision-forms';
import { LeaseNotice } from './review/lease-notice';
import { ShortcutList } from './review/shortcut-list';
import { useDecision } from './review/use-decision';
import { reviewDesk } from './review/review-desk';
import { ReviewPage } from './review/review-page';
import type { ReviewItem } from './review/use-review-item';
import { useReviewNext } from './review/use-review-next';
import { useReviewShortcuts } from './review/use-review-shortcuts';
import { SwapLink } from './swap-link';

type Project = StaffProjectDetailFieldsFragment;
type Lease = StaffProjectLeaseFieldsFragment;

const DESK = reviewDesk(
  [QStaffProject, 'staffProject'],
  [MStaffTakeProject, 'staffTakeProject', MStaffReleaseProject],
  {
    title: 'Analisar projeto',
    choose: (
      <>
        Escolha um projeto na <Link href={painelRoutes.painelProjects()}>lista de projetos</Link>.
      </>
    ),
    loadingLabel: 'Carregando o projeto…',
    href: projectReviewHref,
    isWaiting: isWaitingProject,
  },
);

/** /painel/projetos/revisar?id=… (revisor): one project, its photos, details and member, and the decision. */
export function ProjectReviewScreen() {
  return <ReviewPage desk={DESK} layout={Workspace} />;
}

function Workspace({
  review: { item: project, lease, leaseProblem, changed: onChanged, hold },
  go,
}: {
  review: ReviewItem<Project, Lease>;
  go: (next: string) => void;
}) {
  const waiting = isWaitingProject(project.status);
  // Nobody else holds it: the reviewer may act, and the first action takes it (a decision takes it before it is sent).
  const mine = waiting && (lease === null || lease.mine);
  const gallery = useRef<ProjectGalleryHandle>(null);
  const flags = project.riskReason ? [`Regra do aparelho: ${project.riskReason}`] : [];
  const decision = useDecision({
    initialPoints: String(project.suggestedPoints),
    pointsProblemAt: 'field',
    flagged: flags.length > 0,
    approve: async (points, confirmed) => {
      await hold();
      const answer = (await painelRequest(MStaffApproveProject, { id: project.id, points, confirmed }))
        .staffApproveProject;
      onChanged(answer);
      return approvalSaid(answer, `Projeto #${project.id}`, 'aprovado', points);
    },
    reject: async (reason) => {
      await hold();
      const rejected = (await painelRequest(MStaffRejectProject, { id: project.id, reason })).staffRejectProject;
      onChanged(rejected);
      return `Projeto #${project.id} recusado. O membro lerá: “${rejected.rejectionReason}”`;
    },
  });
  const publish = () =>
    void decision.run('publish', async () => {
      onChanged((await painelRequest(MStaffPublishProject, { id: project.id })).staffPublishProject);
      return `Projeto #${project.id} publicado: as fotos podem aparecer na galeria do clube.`;
    });
  const unpublish = (reason: string) =>
    void decision.run('unpublish', async () => {
      onChanged((await painelRequest(MStaffUnpublishProject, { id: project.id, reason })).staffUnpublishProject);
      return `Projeto #${project.id} tirado do ar: as fotos saíram da galeria do clube.`;
    });
  const confirmRequest = () =>
    void decision.run('confirm', async () => {
      const requested = project.approvalRequest;
      onChanged((await painelRequest(MStaffConfirmProjectApproval, { id: project.id })).staffConfirmProjectApproval);
      return `Projeto #${project.id} aprovado com ${formatPoints(requested?.points ?? 0)} pontos, pedidos por ${requested?.requestedBy ?? 'outra pessoa'}.`;
    });
  const next = useReviewNext(
    async () => (await painelRequest(QStaffNextProject, { after: project.id })).staffNextProject ?? null,
    go,
    'Não há outro projeto livre na fila.',
  );
  useReviewShortcuts({ decision, mine, next: next.run, photos: gallery });

  const member = project.member;

  return (
    <div className="painel-page invoice-review project-review">
      <p className="invoice-review__back">
        <Link href={painelRoutes.painelProjects()}>← Lista de projetos</Link>
      </p>
      <h1>{project.title}</h1>
      <p className="muted">
        Projeto #{project.id} · {projectSituation(project.status, project.published)} · enviado em{' '}
        {formatDateTime(project.createdAt)}
        {project.updatedAt !== project.createdAt ? ` · última mudança em ${formatDateTime(project.updatedAt)}` : ''}
      </p>
      <LeaseNotice waiting={waiting} lease={lease} problem={leaseProblem} what="este projeto" other="Abra outro." />

      <div className="invoice-review__grid">
        <div className="project-review__main">
          <section aria-labelledby="fotos">
            <h2 id="fotos">Fotos</h2>
            <ProjectGallery ref={gallery} photos={project.photos} title={project.title} />
          </section>

          <section aria-labelledby="detalhes" className="project-review__details">
            <h2 id="detalhes">O que o membro escreveu</h2>
            <p className="project-review__description">{project.description || 'Sem descrição.'}</p>
            <dl className="invoice-review__facts">
              <dt>Ambiente</dt>
              <dd>{project.environment}</dd>
              <dt>Onde</dt>
              <dd>
                {project.city}/{project.uf}
              </dd>
              <dt>Concluído em</dt>
              <dd>{formatLongMonth(project.finishedMonth)}</dd>
              <dt>Produtos do clube</dt>
              <dd>{project.products.map((p) => p.name).join(', ') || '—'}</dd>
              <dt>Notas fiscais</dt>
              <dd>
                {project.invoices.length === 0
                  ? 'Nenhuma'
                  : project.invoices
                      .map((i) => [`NF-e nº ${i.number}`, i.issuerName, i.issuedMonth].filter(Boolean).join(' · '))
                      .join('; ')}
              </dd>
              <dt>Campanha</dt>
              <dd>{project.campaignTitle ?? 'Nenhuma'}</dd>
              <dt>Publicar as fotos</dt>
              <dd>{project.publishConsent ? 'O membro autorizou' : 'O membro não autorizou'}</dd>
              {project.riskReason && (
                <>
                  <dt>Regra do aparelho</dt>
                  <dd>{project.riskReason}</dd>
                </>
              )}
            </dl>
            <h3>Histórico</h3>
            <ul className="invoice-review__history">
              {project.events.map((event, index) => (
                <li key={index}>
                  {formatDateTime(event.at)} · {PROJECT_STATUS_LABELS[event.status] ?? event.status}
                  {event.note ? `: ${event.note}` : ''}
                </li>
              ))}
            </ul>
          </section>
        </div>

        <aside className="invoice-review__side" aria-label="Conferência">
          <section aria-labelledby="membro">
            <h2 id="membro">Membro</h2>
            <dl className="invoice-review__facts">
              <dt>Nome</dt>
              <dd>{member.name}</dd>
              <dt>CPF</dt>
              <dd>{member.cpfMasked}</dd>
              <dt>No clube desde</dt>
              <dd>{formatDate(member.since)}</dd>
            </dl>
            <h3>Outros projetos</h3>
            {member.otherProjects.length === 0 ? (
              <p>Este é o primeiro projeto do membro.</p>
            ) : (
              <ul className="invoice-review__history">
                {member.otherProjects.map((other) => (
                  <li key={other.id}>
                    <SwapLink href={projectReviewHref(other.id)} onSwap={() => go(other.id)}>
                      {other.title}
                    </SwapLink>{' '}
                    · {formatDate(other.createdAt)} · {projectSituation(other.status, other.published)}
                    {other.points !== null ? ` · ${formatPoints(other.points)} pontos` : ''}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <DecisionForms
            decision={decision}
            waiting={waiting}
            mine={mine}
            earlier={{
              lead: 'Este projeto já foi analisado',
              situation: projectSituation(project.status, project.published),
              item: project,
            }}
            pointsHint={`A regra do clube dá ${formatPoints(project.suggestedPoints)} pontos por projeto aprovado.`}
            templates={PROJECT_REJECTION_TEMPLATES}
            templateHint="O membro lê o motivo na página do projeto e pode reenviá-lo corrigido."
            reasonMax={380}
            next={{ label: 'Próximo projeto', ...next }}
            facts={{
              member: `${member.name} · CPF ${member.cpfMasked}`,
              flags,
            }}
            request={project.approvalRequest ?? null}
            onConfirmRequest={confirmRequest}
          >
            <Publication project={project} busy={decision.busy} onPublish={publish} />
            {project.published && (
              <CorrectionForm
                title="Tirar do ar"
                explanation="As fotos saem da galeria do clube; a aprovação e os pontos ficam. O motivo vai para a auditoria."
                reasonLabel="Motivo de tirar do ar"
                submitLabel={decision.pending === 'unpublish' ? 'Tirando do ar…' : 'Tirar do ar'}
                busy={decision.busy}
                onSubmit={unpublish}
              />
            )}
          </DecisionForms>

          <ShortcutList shortcuts={PROJECT_REVIEW_SHORTCUTS} />
        </aside>
      </div>
    </div>
  );
}

/** Publishing: the button once it is possible, and otherwise why it is not there. */
function Publication({ project, busy, onPublish }: { project: Project; busy: boolean; onPublish: () => void }) {
  if (project.status === 'rejected') return null;
  return (
    <div className="project-review__publish">
      <h3>Publicação</h3>
      {project.published ? (
        <p>Publicado{project.publishedAt ? ` em ${formatDateTime(project.publishedAt)}` : ''}.</p>
      ) : project.publishBlocker === null ? (
        <button type="button" className="button button--primary" onClick={onPublish} disabled={busy}>
          Publicar as fotos
        </button>
      ) : (
        <p className="project-review__why">
          {project.publishConsent
            ? 'O botão Publicar aparece depois da aprovação: o membro autorizou a publicação das fotos.'
            : `Não há botão Publicar: ${project.publishBlocker}`}
        </p>
      )}
    </div>
  );
}
