'use client';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDate, formatDateTime } from '@/lib/format/dates';
import { formatPoints } from '@/lib/format/numbers';
import { formatLongMonth } from '@/lib/projects/format';
import {
  MStaffApproveProject,
  MStaffPublishProject,
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
import { routes } from '@/lib/routes';
import { FieldFrame } from '../ui/field-frame';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { SwapLink } from './swap-link';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { ProjectGallery, type ProjectGalleryHandle } from './project-gallery';
import { usePainelMutation } from './use-painel-mutation';
import { usePainelQuery } from './use-painel-query';

type Project = StaffProjectDetailFieldsFragment;
type Lease = StaffProjectLeaseFieldsFragment;

/** The page renews the reviewer's hold this often while it stays open (the hold lasts five minutes). */
const RENEW_MS = 2 * 60 * 1000;
const POINTS_MESSAGE = 'Informe os pontos: um número inteiro de 0 a 10.000.000.';

const idFromUrl = () => new URLSearchParams(window.location.search).get('id');

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** /painel/projetos/revisar?id=… (revisor): one project, its photos, details and member, and the decision. */
export function ProjectReviewScreen() {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const read = () => setId(idFromUrl());
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);
  if (id === undefined) return <Spinner label="Carregando o projeto…" />;
  if (id === null) {
    return (
      <div className="painel-page">
        <h1>Analisar projeto</h1>
        <p>
          Escolha um projeto na <Link href={routes.painelProjects()}>lista de projetos</Link>.
        </p>
      </div>
    );
  }
  return (
    <Review
      key={id}
      id={id}
      go={(next) => {
        window.history.pushState(null, '', projectReviewHref(next));
        setId(next);
      }}
    />
  );
}

function Review({ id, go }: { id: string; go: (next: string) => void }) {
  const query = usePainelQuery(QStaffProject, { variables: { id } });
  const [project, setProject] = useState<Project | null>(null);
  const [lease, setLease] = useState<Lease | null>(null);
  const [leaseProblem, setLeaseProblem] = useState<string | null>(null);
  const [take] = usePainelMutation(MStaffTakeProject);
  useEffect(() => {
    if (query.data) setProject(query.data.staffProject);
  }, [query.data]);

  const waiting = !!project && isWaitingProject(project.status);
  // Opening a waiting project takes it; the hold is renewed while the page is open and let go when it closes.
  useEffect(() => {
    if (!waiting) return;
    let active = true;
    const renew = () =>
      take({ id })
        .then((result) => active && setLease(result.staffTakeProject))
        .catch((problem: unknown) => active && setLeaseProblem(errorMessage(problem as never)));
    void renew();
    const timer = window.setInterval(() => void renew(), RENEW_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
      void painelRequest(MStaffReleaseProject, { id }).catch(() => {});
    };
  }, [id, waiting, take]);

  if (!project) {
    return (
      <div className="painel-page">
        <h1>Analisar projeto</h1>
        {query.error ? (
          <FormAlert message={errorMessage(query.error as never)} />
        ) : (
          <Spinner label="Carregando o projeto…" />
        )}
      </div>
    );
  }
  return (
    <Workspace
      project={project}
      lease={lease}
      leaseProblem={leaseProblem}
      onChanged={(updated) => {
        setProject(updated);
        if (!isWaitingProject(updated.status)) setLease(null);
      }}
      go={go}
    />
  );
}

function Workspace({
  project,
  lease,
  leaseProblem,
  onChanged,
  go,
}: {
  project: Project;
  lease: Lease | null;
  leaseProblem: string | null;
  onChanged: (project: Project) => void;
  go: (next: string) => void;
}) {
  const waiting = isWaitingProject(project.status);
  const mine = waiting && lease?.mine === true;
  const [points, setPoints] = useState(String(project.suggestedPoints));
  const [template, setTemplate] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pointsError, setPointsError] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<string | null>(null);
  const [nextProblem, setNextProblem] = useState<string | null>(null);
  const [approve, approving] = usePainelMutation(MStaffApproveProject);
  const [reject, rejecting] = usePainelMutation(MStaffRejectProject);
  const [publish, publishing] = usePainelMutation(MStaffPublishProject);
  const gallery = useRef<ProjectGalleryHandle>(null);
  const pointsField = useRef<HTMLInputElement>(null);
  const templateField = useRef<HTMLSelectElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const busy = approving.loading || rejecting.loading || publishing.loading;

  const next = useCallback(async () => {
    setNextProblem(null);
    try {
      const found = await painelRequest(QStaffNextProject, { after: project.id });
      if (found.staffNextProject) go(found.staffNextProject);
      else setNextProblem('Não há outro projeto livre na fila.');
    } catch (failure) {
      setNextProblem(errorMessage(failure as never));
    }
  }, [go, project.id]);

  const doApprove = async (event?: FormEvent) => {
    event?.preventDefault();
    const value = Number(points);
    if (points.trim() === '' || !Number.isInteger(value) || value < 0 || value > 10_000_000) {
      setPointsError(POINTS_MESSAGE);
      pointsField.current?.focus();
      return;
    }
    setPointsError(undefined);
    setProblem(null);
    try {
      const result = await approve({ id: project.id, points: value });
      onChanged(result.staffApproveProject);
      setDone(`Projeto #${project.id} aprovado com ${formatPoints(value)} pontos.`);
    } catch (failure) {
      setProblem(errorMessage(failure as never));
    }
  };
  const doReject = async (event: FormEvent) => {
    event.preventDefault();
    const text = [template, reason.trim()].filter(Boolean).join(' ');
    if (text.length < 3) {
      setProblem('Escolha um motivo ou escreva a mensagem ao membro.');
      templateField.current?.focus();
      return;
    }
    setProblem(null);
    try {
      const result = await reject({ id: project.id, reason: text });
      onChanged(result.staffRejectProject);
      setDone(`Projeto #${project.id} recusado. O membro lerá: “${result.staffRejectProject.rejectionReason}”`);
    } catch (failure) {
      setProblem(errorMessage(failure as never));
    }
  };
  const doPublish = async () => {
    setProblem(null);
    try {
      const result = await publish({ id: project.id });
      onChanged(result.staffPublishProject);
      setDone(`Projeto #${project.id} publicado: as fotos podem aparecer na galeria do clube.`);
    } catch (failure) {
      setProblem(errorMessage(failure as never));
    }
  };
  useEffect(() => {
    if (done) status.current?.focus();
  }, [done]);

  // The shortcuts listed on screen; none acts while a field has the focus.
  const approveRef = useRef(doApprove);
  approveRef.current = doApprove;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const act: Record<string, () => void> = {
        arrowleft: () => gallery.current?.step(-1),
        arrowright: () => gallery.current?.step(1),
        a: () => mine && !busy && void approveRef.current(),
        r: () => mine && templateField.current?.focus(),
        p: () => void next(),
        '+': () => gallery.current?.zoom(1),
        '=': () => gallery.current?.zoom(1),
        '-': () => gallery.current?.zoom(-1),
        '[': () => gallery.current?.rotate(-1),
        ']': () => gallery.current?.rotate(1),
        f: () => gallery.current?.fullScreen(),
      };
      const action = act[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, mine, next]);

  const member = project.member;

  return (
    <div className="painel-page invoice-review project-review">
      <p className="invoice-review__back">
        <Link href={routes.painelProjects()}>← Lista de projetos</Link>
      </p>
      <h1>{project.title}</h1>
      <p className="muted">
        Projeto #{project.id} · {projectSituation(project.status, project.published)} · enviado em{' '}
        {formatDateTime(project.createdAt)}
        {project.updatedAt !== project.createdAt ? ` · última mudança em ${formatDateTime(project.updatedAt)}` : ''}
      </p>
      {waiting && lease && !lease.mine && (
        <p className="alert alert--error" role="alert">
          {lease.staffName} está analisando este projeto até {formatDateTime(lease.expiresAt)}. Abra outro.
        </p>
      )}
      <FormAlert message={leaseProblem} />

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

          <section aria-labelledby="decisao">
            <h2 id="decisao">Decisão</h2>
            {done && (
              <p ref={status} tabIndex={-1} className="alert alert--success" role="status">
                {done}
              </p>
            )}
            {!waiting && !done && (
              <p>
                Este projeto já foi analisado: {projectSituation(project.status, project.published)}
                {project.points !== null ? ` com ${formatPoints(project.points)} pontos` : ''}
                {project.rejectionReason ? ` (${project.rejectionReason})` : ''}.
              </p>
            )}
            <FormAlert message={problem} />
            {waiting && (
              <>
                <form onSubmit={(event) => void doApprove(event)} aria-label="Aprovar">
                  <TextField
                    ref={pointsField}
                    label="Pontos"
                    inputMode="numeric"
                    hint={`A regra do clube dá ${formatPoints(project.suggestedPoints)} pontos por projeto aprovado.`}
                    error={pointsError}
                    value={points}
                    onChange={(event) => setPoints(event.target.value.replace(/\D/g, ''))}
                    disabled={!mine}
                  />
                  <button
                    type="submit"
                    className="button button--primary"
                    disabled={!mine || busy}
                    aria-keyshortcuts="a"
                  >
                    {approving.loading ? 'Aprovando…' : 'Aprovar'}
                  </button>
                </form>
                <form
                  onSubmit={(event) => void doReject(event)}
                  aria-label="Recusar"
                  className="invoice-review__reject"
                >
                  <SelectField
                    ref={templateField}
                    label="Motivo da recusa"
                    hint="O membro lê o motivo na página do projeto e pode reenviá-lo corrigido."
                    value={template}
                    onChange={(event) => setTemplate(event.target.value)}
                    disabled={!mine}
                    aria-keyshortcuts="r"
                  >
                    <option value="">Escolha um motivo…</option>
                    {PROJECT_REJECTION_TEMPLATES.map((text) => (
                      <option key={text} value={text}>
                        {text}
                      </option>
                    ))}
                  </SelectField>
                  <FieldFrame label="Mais detalhes ao membro (opcional)">
                    {(control) => (
                      <textarea
                        className="field__input"
                        rows={3}
                        maxLength={380}
                        value={reason}
                        onChange={(event) => setReason(event.target.value)}
                        disabled={!mine}
                        {...control}
                      />
                    )}
                  </FieldFrame>
                  <button type="submit" className="button button--secondary" disabled={!mine || busy}>
                    {rejecting.loading ? 'Recusando…' : 'Recusar'}
                  </button>
                </form>
              </>
            )}
            <Publication project={project} busy={busy} onPublish={() => void doPublish()} />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void next()}
              aria-keyshortcuts="p"
            >
              Próximo projeto
            </button>
            <FormAlert message={nextProblem} />
          </section>

          <section aria-labelledby="atalhos">
            <h2 id="atalhos">Atalhos do teclado</h2>
            <dl className="invoice-review__shortcuts">
              {[
                ...PROJECT_REVIEW_SHORTCUTS,
                { key: '+ / −', label: 'Aproximar / afastar a foto' },
                { key: '[ / ]', label: 'Girar a foto' },
                { key: 'f', label: 'Foto em tela cheia' },
              ].map((shortcut) => (
                <div key={shortcut.key}>
                  <dt>
                    <kbd>{shortcut.key}</kbd>
                  </dt>
                  <dd>{shortcut.label}</dd>
                </div>
              ))}
            </dl>
          </section>
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
