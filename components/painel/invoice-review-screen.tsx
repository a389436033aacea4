'use client';
import Link from 'next/link';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDate, formatDateTime } from '@/common/format/dates';
import { formatCents, formatCount, formatPoints } from '@/common/format/numbers';
import { formatCnpj } from '@/common/format/cnpj';
import { queueDraftOf, queueHref, queueQuery, reviewHref } from '@/common/painel/invoice-queue';
import { queueSearchHere } from '@/lib/painel/invoice-queue';
import {
  groupedKey,
  INVOICE_STATUS_LABELS,
  isPhoto,
  REJECTION_TEMPLATES,
  REVIEW_SHORTCUTS,
  SIGNAL_LABELS,
} from '@/common/painel/invoice-review';
import {
  MStaffApproveInvoice,
  MStaffConfirmInvoiceApproval,
  MStaffRejectInvoice,
  MStaffReverseInvoiceApproval,
  MStaffReleaseInvoice,
  MStaffTakeInvoice,
  MStaffTakeOverInvoice,
  QStaffInvoice,
  QStaffNextInvoice,
  type StaffInvoiceDetailFieldsFragment,
  type StaffInvoiceLeaseFieldsFragment,
} from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';
import { approvalSaid } from '@/common/painel/review-desk';
import { painelRoutes } from '@/common/painel/routes';
import { FormAlert } from '../ui/form-alert';
import { InvoiceSignals } from './invoice-signals';
import { InvoiceXmlFields } from './invoice-xml-fields';
import { PhotoViewer, type PhotoViewerHandle } from './photo-viewer';
import { CorrectionForm } from './review/correction-form';
import { DecisionForms } from './review/decision-forms';
import { KeyedApproval, keyedApprovalChoice, keyedApprovalInput } from './review/keyed-approval';
import { useManualPoints } from './review/manual-points';
import { useKeyedItems } from './review/use-keyed-items';
import { LeaseNotice } from './review/lease-notice';
import { ShortcutList } from './review/shortcut-list';
import { useStaff } from './staff-context';
import { useDecision } from './review/use-decision';
import { reviewDesk } from './review/review-desk';
import { ReviewPage } from './review/review-page';
import type { ReviewItem } from './review/use-review-item';
import { useReviewNext } from './review/use-review-next';
import { useReviewShortcuts } from './review/use-review-shortcuts';

const isWaiting = (status: string) => status === 'received' || status === 'in_review';

const DESK = reviewDesk(
  [QStaffInvoice, 'staffInvoice'],
  [MStaffTakeInvoice, 'staffTakeInvoice', MStaffReleaseInvoice],
  {
    title: 'Analisar nota fiscal',
    choose: (
      <>
        Escolha uma nota na <Link href={painelRoutes.painelInvoices()}>fila de notas fiscais</Link>.
      </>
    ),
    loadingLabel: 'Carregando a nota…',
    // Opening another invoice in place keeps the queue's filters, for its next and previous.
    href: (id) => reviewHref(id, queueSearchHere()),
    isWaiting,
  },
);

/** /painel/notas/revisar?id=… (revisor): one invoice, its files, the member, the risk signals and the decision. */
export function InvoiceReviewScreen() {
  return <ReviewPage desk={DESK} layout={Workspace} />;
}

function Workspace({
  review: { item: invoice, lease, leaseProblem, changed: onDecided, hold, held },
  go,
}: {
  review: ReviewItem<StaffInvoiceDetailFieldsFragment, StaffInvoiceLeaseFieldsFragment>;
  go: (next: string) => void;
}) {
  const waiting = isWaiting(invoice.status);
  // Nobody else holds it: the reviewer may act, and the first action takes it (a decision takes it before it is sent).
  const mine = waiting && (lease === null || lease.mine);
  const admin = useStaff().roles.includes('admin');
  const [takeOverProblem, setTakeOverProblem] = useState<string | null>(null);
  const takeOver = async () => {
    setTakeOverProblem(null);
    try {
      held((await painelRequest(MStaffTakeOverInvoice, { id: invoice.id })).staffTakeOverInvoice);
    } catch (failure) {
      setTakeOverProblem(errorMessage(failure as never));
    }
  };
  const viewer = useRef<PhotoViewerHandle>(null);
  // The page renews the files' signed links while it is open; a PDF already shown keeps its first link, so it is not
  // loaded again (and scrolled back to the top) at each renewal. The link to open it in a tab takes the newest.
  const shownUrls = useRef(new Map<string, string>());
  const firstUrl = (file: { id: string; url: string }) => {
    if (!shownUrls.current.has(file.id)) shownUrls.current.set(file.id, file.url);
    return shownUrls.current.get(file.id)!;
  };
  const flags = invoice.signals.map((signal) => `${SIGNAL_LABELS[signal.kind] ?? signal.kind}: ${signal.message}`);
  // A photo or a PDF: the reviewer keys its lines of the brand (an admin may give points by hand, with a reason).
  const keyedInvoice = !invoice.hasXml;
  const keyed = useKeyedItems(invoice.id);
  const manual = useManualPoints();
  const productField = useRef<HTMLInputElement>(null);
  const decision = useDecision({
    initialPoints: invoice.suggestedPoints === null ? '' : String(invoice.suggestedPoints),
    pointsProblemAt: 'alert',
    flagged: flags.length > 0,
    ...(keyedInvoice
      ? { approvalPoints: () => keyedApprovalChoice(keyed, manual, () => productField.current?.focus()) }
      : {}),
    approve: async (points, confirmed) => {
      await hold();
      const input = keyedInvoice ? keyedApprovalInput(keyed, manual, points) : { points };
      const answer = (await painelRequest(MStaffApproveInvoice, { id: invoice.id, ...input, confirmed }))
        .staffApproveInvoice;
      onDecided(answer);
      return approvalSaid(answer, `Nota #${invoice.id}`, 'aprovada', points);
    },
    reject: async (reason) => {
      await hold();
      onDecided((await painelRequest(MStaffRejectInvoice, { id: invoice.id, reason })).staffRejectInvoice);
      return `Nota #${invoice.id} recusada. O membro lerá: “${reason}”`;
    },
  });
  // A line added or removed answers "add a line first" (or a refusal of the lines before): the message goes.
  const { clearProblem } = decision;
  useEffect(() => {
    if (keyed.lines.length > 0) clearProblem();
    // Only a change of the lines clears it, not each render's new function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyed.lines]);
  // The queue's filters and order, as the reviewer left them (the address carries them from the queue).
  const search = useMemo(() => queueSearchHere(), []);
  const walk = useMemo(() => queueQuery(queueDraftOf(search)), [search]);
  // After the last invoice of the filtered queue, the first one still free.
  const next = useReviewNext(
    async () => {
      const found = await painelRequest(QStaffNextInvoice, { ...walk, after: invoice.id });
      const nextId = found.staffNextInvoice ?? (await painelRequest(QStaffNextInvoice, walk)).staffNextInvoice ?? null;
      return nextId !== invoice.id ? nextId : null;
    },
    go,
    'Não há outra nota livre na fila.',
  );
  const previous = useReviewNext(
    async () =>
      (await painelRequest(QStaffNextInvoice, { ...walk, after: invoice.id, backwards: true })).staffNextInvoice ??
      null,
    go,
    'Não há nota livre antes desta na fila.',
  );
  useReviewShortcuts({ decision, mine, next: next.run, photos: viewer });
  const confirmRequest = () =>
    void decision.run('confirm', async () => {
      const requested = invoice.approvalRequest;
      onDecided((await painelRequest(MStaffConfirmInvoiceApproval, { id: invoice.id })).staffConfirmInvoiceApproval);
      return `Nota #${invoice.id} aprovada com ${formatPoints(requested?.points ?? 0)} pontos, pedidos por ${requested?.requestedBy ?? 'outra pessoa'}.`;
    });
  const reverse = (reason: string) =>
    void decision.run('reverse', async () => {
      onDecided(
        (await painelRequest(MStaffReverseInvoiceApproval, { id: invoice.id, reason })).staffReverseInvoiceApproval,
      );
      return `Aprovação da nota #${invoice.id} estornada: os pontos saíram do saldo do membro, que lerá “${reason}”.`;
    });

  const photos = invoice.files.filter((f) => isPhoto(f.kind));
  const pdfs = invoice.files.filter((f) => f.kind === 'pdf');
  const member = invoice.member;
  const situation = INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status;

  return (
    <div className="painel-page invoice-review">
      <p className="invoice-review__back">
        <Link href={queueHref(search)}>← Fila de notas fiscais</Link>{' '}
        <button type="button" className="button button--ghost" onClick={previous.run}>
          Nota anterior da fila
        </button>
      </p>
      <FormAlert message={previous.problem} />
      <h1>Nota #{invoice.id}</h1>
      <p className="muted">
        {situation} · enviada em {formatDateTime(invoice.createdAt)}
      </p>
      <LeaseNotice
        waiting={waiting}
        lease={lease}
        problem={leaseProblem ?? takeOverProblem}
        what="esta nota"
        other="Abra outra."
        takeOver={admin ? { label: 'Assumir esta nota', run: () => void takeOver() } : undefined}
      />

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
              <iframe src={firstUrl(file)} title={`PDF da nota #${invoice.id}: ${file.name}`} />
              <a href={file.url} target="_blank" rel="noopener noreferrer">
                Abrir o PDF em outra aba
              </a>
            </div>
          ))}
          {invoice.hasXml && <InvoiceXmlFields invoice={invoice} />}
          {invoice.files.length === 0 && <p>Esta nota não tem arquivos visíveis.</p>}
        </section>

        <aside className="invoice-review__side" aria-label="Conferência">
          {/* What asks for care and the decision first, so its buttons are on the first screen at 1280×800. */}
          <InvoiceSignals signals={invoice.signals} go={go} />

          <DecisionForms
            decision={decision}
            waiting={waiting}
            mine={mine}
            earlier={{ lead: 'Esta nota já foi analisada', situation, item: invoice }}
            pointsHint={
              invoice.suggestedPoints === null
                ? 'Sem valor total (sem XML): informe os pontos.'
                : `Sugeridos pelo total de ${formatCents(invoice.totalCents ?? 0)}: ${invoice.suggestedParts
                    .map((p) => `${p.name} ${formatPoints(p.points)}`)
                    .join(' + ')}`
            }
            templates={REJECTION_TEMPLATES}
            reasonMax={400}
            next={{ label: 'Próxima', ...next }}
            facts={{
              member: `${member.name} · CPF ${member.cpfMasked}`,
              flags,
            }}
            request={invoice.approvalRequest ?? null}
            onConfirmRequest={confirmRequest}
            approveForm={
              keyedInvoice ? (
                <KeyedApproval
                  decision={decision}
                  keyed={keyed}
                  manual={manual}
                  admin={admin}
                  mine={mine}
                  productField={productField}
                />
              ) : undefined
            }
          >
            {invoice.status === 'approved' && (
              <CorrectionForm
                title="Estornar a aprovação"
                explanation={`Um débito de ${formatPoints(invoice.points ?? 0)} pontos ligado a esta nota; a nota fica recusada e o membro é avisado com o motivo.${
                  decision.rules && (invoice.points ?? 0) > decision.rules.fourEyesPoints
                    ? ` Acima de ${formatPoints(decision.rules.fourEyesPoints)} pontos, só um admin estorna.`
                    : ''
                }`}
                reasonLabel="Motivo do estorno (o membro lerá)"
                submitLabel={decision.pending === 'reverse' ? 'Estornando…' : 'Estornar a aprovação'}
                busy={decision.busy}
                onSubmit={reverse}
              />
            )}
          </DecisionForms>

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
                  : `${member.approvalRate}% (${formatCount(member.approved, 'aprovada', 'aprovadas')}, ${formatCount(member.rejected, 'recusada', 'recusadas')})`}
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

          <ShortcutList shortcuts={REVIEW_SHORTCUTS} />
        </aside>
      </div>
    </div>
  );
}
