'use client';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDate, formatDateTime } from '@/lib/format/dates';
import { formatCents, formatPoints } from '@/lib/format/numbers';
import { formatCnpj } from '@/lib/format/cnpj';
import {
  groupedKey,
  INVOICE_STATUS_LABELS,
  isPhoto,
  REJECTION_TEMPLATES,
  REVIEW_SHORTCUTS,
} from '@/lib/painel/invoice-review';
import {
  MStaffApproveInvoice,
  MStaffRejectInvoice,
  MStaffReleaseInvoice,
  MStaffTakeInvoice,
  QStaffInvoice,
  QStaffNextInvoice,
  type StaffInvoiceDetailFieldsFragment,
  type StaffInvoiceLeaseFieldsFragment,
} from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';
import { routes } from '@/lib/routes';
import { FieldFrame } from '../ui/field-frame';
import { FormAlert } from '../ui/form-alert';
import { SelectField } from '../ui/select-field';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { reviewHref } from './invoice-queue-screen';
import { InvoiceSignals } from './invoice-signals';
import { InvoiceXmlFields } from './invoice-xml-fields';
import { PhotoViewer, type PhotoViewerHandle } from './photo-viewer';
import { usePainelMutation } from './use-painel-mutation';
import { usePainelQuery } from './use-painel-query';

/** The page renews the reviewer's hold this often while it stays open (the hold lasts five minutes). */
const RENEW_MS = 2 * 60 * 1000;

const idFromUrl = () => new URLSearchParams(window.location.search).get('id');

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** /painel/notas/revisar?id=… (revisor): one invoice, its files, the member, the risk signals and the decision. */
export function InvoiceReviewScreen() {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const read = () => setId(idFromUrl());
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);
  if (id === undefined) return <Spinner label="Carregando a nota…" />;
  if (id === null) {
    return (
      <div className="painel-page">
        <h1>Analisar nota fiscal</h1>
        <p>
          Escolha uma nota na <Link href={routes.painelInvoices()}>fila de notas fiscais</Link>.
        </p>
      </div>
    );
  }
  return (
    <Review
      key={id}
      id={id}
      go={(next) => {
        window.history.pushState(null, '', reviewHref(next));
        setId(next);
      }}
    />
  );
}

function Review({ id, go }: { id: string; go: (next: string) => void }) {
  const query = usePainelQuery(QStaffInvoice, { variables: { id } });
  const [invoice, setInvoice] = useState<StaffInvoiceDetailFieldsFragment | null>(null);
  const [lease, setLease] = useState<StaffInvoiceLeaseFieldsFragment | null>(null);
  const [leaseProblem, setLeaseProblem] = useState<string | null>(null);
  const [take] = usePainelMutation(MStaffTakeInvoice);
  useEffect(() => {
    if (query.data) setInvoice(query.data.staffInvoice);
  }, [query.data]);

  const waiting = invoice?.status === 'received' || invoice?.status === 'in_review';
  // Opening the invoice takes it; the hold is renewed while the page is open and let go when it closes.
  useEffect(() => {
    if (!waiting) return;
    let active = true;
    const renew = () =>
      take({ id })
        .then((result) => active && setLease(result.staffTakeInvoice))
        .catch((problem: unknown) => active && setLeaseProblem(errorMessage(problem as never)));
    void renew();
    const timer = window.setInterval(() => void renew(), RENEW_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
      void painelRequest(MStaffReleaseInvoice, { id }).catch(() => {});
    };
  }, [id, waiting, take]);

  if (!invoice) {
    return (
      <div className="painel-page">
        <h1>Analisar nota fiscal</h1>
        {query.error ? (
          <FormAlert message={errorMessage(query.error as never)} />
        ) : (
          <Spinner label="Carregando a nota…" />
        )}
      </div>
    );
  }
  return (
    <Workspace
      invoice={invoice}
      lease={lease}
      leaseProblem={leaseProblem}
      onDecided={(updated) => {
        setInvoice(updated);
        setLease(null);
      }}
      go={go}
    />
  );
}

function Workspace({
  invoice,
  lease,
  leaseProblem,
  onDecided,
  go,
}: {
  invoice: StaffInvoiceDetailFieldsFragment;
  lease: StaffInvoiceLeaseFieldsFragment | null;
  leaseProblem: string | null;
  onDecided: (invoice: StaffInvoiceDetailFieldsFragment) => void;
  go: (next: string) => void;
}) {
  const waiting = invoice.status === 'received' || invoice.status === 'in_review';
  const mine = waiting && lease?.mine === true;
  const [points, setPoints] = useState(invoice.suggestedPoints === null ? '' : String(invoice.suggestedPoints));
  const [template, setTemplate] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [nextProblem, setNextProblem] = useState<string | null>(null);
  const [approve, approving] = usePainelMutation(MStaffApproveInvoice);
  const [reject, rejecting] = usePainelMutation(MStaffRejectInvoice);
  const viewer = useRef<PhotoViewerHandle>(null);
  const pointsField = useRef<HTMLInputElement>(null);
  const templateField = useRef<HTMLSelectElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const busy = approving.loading || rejecting.loading;

  const next = useCallback(async () => {
    setNextProblem(null);
    try {
      const found = await painelRequest(QStaffNextInvoice, { after: invoice.id });
      const nextId = found.staffNextInvoice ?? (await painelRequest(QStaffNextInvoice, {})).staffNextInvoice ?? null;
      if (nextId && nextId !== invoice.id) go(nextId);
      else setNextProblem('Não há outra nota livre na fila.');
    } catch (failure) {
      setNextProblem(errorMessage(failure as never));
    }
  }, [go, invoice.id]);

  const doApprove = async (event?: FormEvent) => {
    event?.preventDefault();
    const value = Number(points);
    if (points.trim() === '' || !Number.isInteger(value) || value < 0) {
      setProblem('Informe os pontos: um número inteiro de 0 a 10.000.000.');
      pointsField.current?.focus();
      return;
    }
    setProblem(null);
    try {
      const result = await approve({ id: invoice.id, points: value });
      onDecided(result.staffApproveInvoice);
      setDone(`Nota #${invoice.id} aprovada com ${formatPoints(value)} pontos.`);
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
      const result = await reject({ id: invoice.id, reason: text });
      onDecided(result.staffRejectInvoice);
      setDone(`Nota #${invoice.id} recusada. O membro lerá: “${text}”`);
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
        a: () => mine && !busy && void approveRef.current(),
        r: () => mine && templateField.current?.focus(),
        p: () => void next(),
        '+': () => viewer.current?.zoom(1),
        '=': () => viewer.current?.zoom(1),
        '-': () => viewer.current?.zoom(-1),
        '[': () => viewer.current?.rotate(-1),
        ']': () => viewer.current?.rotate(1),
        f: () => viewer.current?.fullScreen(),
      };
      const action = act[event.key.toLowerCase()];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy, mine, next]);

  const photos = invoice.files.filter((f) => isPhoto(f.kind));
  const pdfs = invoice.files.filter((f) => f.kind === 'pdf');
  const member = invoice.member;

  return (
    <div className="painel-page invoice-review">
      <p className="invoice-review__back">
        <Link href={routes.painelInvoices()}>← Fila de notas fiscais</Link>
      </p>
      <h1>Nota #{invoice.id}</h1>
      <p className="muted">
        {INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status} · enviada em {formatDateTime(invoice.createdAt)}
      </p>
      {waiting && lease && !lease.mine && (
        <p className="alert alert--error" role="alert">
          {lease.staffName} está analisando esta nota até {formatDateTime(lease.expiresAt)}. Abra outra.
        </p>
      )}
      <FormAlert message={leaseProblem} />

      <div className="invoice-review__grid">
        <section className="invoice-review__files" aria-labelledby="arquivos">
          <h2 id="arquivos">Arquivos</h2>
          {photos.map((file, index) => (
            <PhotoViewer
              key={file.id}
              ref={index === 0 ? viewer : undefined}
              src={file.url}
              alt={`Foto da nota #${invoice.id}${photos.length > 1 ? ` (${index + 1} de ${photos.length})` : ''}`}
            />
          ))}
          {pdfs.map((file) => (
            <div key={file.id} className="invoice-review__pdf">
              <iframe src={file.url} title={`PDF da nota #${invoice.id}: ${file.name}`} />
              <a href={file.url} target="_blank" rel="noopener noreferrer">
                Abrir o PDF em outra aba
              </a>
            </div>
          ))}
          {invoice.hasXml && <InvoiceXmlFields invoice={invoice} />}
          {invoice.files.length === 0 && <p>Esta nota não tem arquivos visíveis.</p>}
        </section>

        <aside className="invoice-review__side" aria-label="Conferência">
          <section aria-labelledby="chave">
            <h2 id="chave">Chave lida</h2>
            <p className="invoice-key">{groupedKey(invoice.accessKey)}</p>
            <dl className="invoice-review__facts">
              <dt>Modelo, série e número</dt>
              <dd>
                {invoice.model === 65 ? 'NFC-e' : 'NF-e'} · série {invoice.series} · nº {invoice.number}
              </dd>
              <dt>UF e mês de emissão</dt>
              <dd>
                {invoice.uf} · {invoice.issuedMonth}
              </dd>
              <dt>Emitente</dt>
              <dd>
                {invoice.storeName ?? 'Loja não cadastrada'} · {formatCnpj(invoice.issuerCnpj)}
              </dd>
            </dl>
          </section>

          <section aria-labelledby="membro">
            <h2 id="membro">Membro</h2>
            <dl className="invoice-review__facts">
              <dt>Nome</dt>
              <dd>{member.name}</dd>
              <dt>CPF</dt>
              <dd>{member.cpfMasked}</dd>
              <dt>No clube desde</dt>
              <dd>{formatDate(member.since)}</dd>
              <dt>Aprovação</dt>
              <dd>
                {member.approvalRate === null
                  ? 'Nenhuma nota analisada ainda'
                  : `${member.approvalRate}% (${member.approved} aprovadas, ${member.rejected} recusadas)`}
              </dd>
            </dl>
            <h3>Últimas notas</h3>
            <ul className="invoice-review__history">
              {member.lastInvoices.map((last) => (
                <li key={last.id}>
                  #{last.id} · {formatDate(last.createdAt)} · {INVOICE_STATUS_LABELS[last.status] ?? last.status}
                  {last.points !== null ? ` · ${formatPoints(last.points)} pontos` : ''}
                </li>
              ))}
            </ul>
          </section>

          <InvoiceSignals signals={invoice.signals} go={go} />

          <section aria-labelledby="decisao">
            <h2 id="decisao">Decisão</h2>
            {done && (
              <p ref={status} tabIndex={-1} className="alert alert--success" role="status">
                {done}
              </p>
            )}
            {!waiting && !done && (
              <p>
                Esta nota já foi analisada: {INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status}
                {invoice.points !== null ? ` com ${formatPoints(invoice.points)} pontos` : ''}
                {invoice.rejectionReason ? ` (${invoice.rejectionReason})` : ''}.
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
                    hint={
                      invoice.suggestedPoints === null
                        ? 'Sem valor total (sem XML): informe os pontos.'
                        : `Sugeridos pelo total de ${formatCents(invoice.totalCents ?? 0)}: ${invoice.suggestedParts
                            .map((p) => `${p.name} ${formatPoints(p.points)}`)
                            .join(' + ')}`
                    }
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
                    value={template}
                    onChange={(event) => setTemplate(event.target.value)}
                    disabled={!mine}
                    aria-keyshortcuts="r"
                  >
                    <option value="">Escolha um motivo…</option>
                    {REJECTION_TEMPLATES.map((text) => (
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
                        maxLength={400}
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
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void next()}
              aria-keyshortcuts="p"
            >
              Próxima
            </button>
            <FormAlert message={nextProblem} />
          </section>

          <section aria-labelledby="atalhos">
            <h2 id="atalhos">Atalhos do teclado</h2>
            <dl className="invoice-review__shortcuts">
              {REVIEW_SHORTCUTS.map((shortcut) => (
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
