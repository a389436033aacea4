'use client';
import { formatDateTime } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import type { ReactNode } from 'react';
import { DoneNotice } from '../done-notice';
import { FieldFrame } from '../../ui/field-frame';
import { FormAlert } from '../../ui/form-alert';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { ApprovalConfirmation, type ApprovalFacts } from './approval-confirmation';
import type { Decision } from './use-decision';

/** An approval above REVIEW_FOUR_EYES_POINTS waiting for a second staff account. */
export interface PendingRequest {
  points: number;
  requestedBy: string;
  requestedAt: string;
  mine: boolean;
}

/** What the page says of an item decided before it was opened: "Esta nota já foi analisada: Aprovada com 120 pontos." */
export interface EarlierDecision {
  lead: string;
  situation: string;
  item: { points: number | null; rejectionReason: string | null };
}

/**
 * The "Decisão" column of a review: what was done, the approval with its points and the refusal with a template and
 * words to the member (both only while the item waits, usable only by the reviewer who holds it), what else the desk
 * does (`children`), and the button to the next item.
 */
export function DecisionForms({
  decision,
  waiting,
  mine,
  earlier,
  pointsHint,
  templates,
  templateHint,
  reasonMax,
  next,
  facts,
  request,
  onConfirmRequest,
  approveForm,
  children,
}: {
  /** The approval of an item whose points are not typed (a photo's keyed lines): replaces the "Pontos" form. */
  approveForm?: ReactNode;
  decision: Decision;
  facts: Omit<ApprovalFacts, 'fourEyesPoints'>;
  request: PendingRequest | null;
  onConfirmRequest: () => void;
  waiting: boolean;
  mine: boolean;
  earlier: EarlierDecision;
  pointsHint: string;
  templates: readonly string[];
  templateHint?: string;
  reasonMax: number;
  next: { label: string; run: () => void; problem: string | null };
  children?: ReactNode;
}) {
  const { done, busy, pending } = decision;
  return (
    <section aria-labelledby="decisao">
      <h2 id="decisao">Decisão</h2>
      <DoneNotice done={done} status={decision.status} />
      {!waiting && !done && (
        <p>
          {earlier.lead}: {earlier.situation}
          {earlier.item.points !== null ? ` com ${formatPoints(earlier.item.points)} pontos` : ''}
          {earlier.item.rejectionReason ? ` (${earlier.item.rejectionReason})` : ''}.
        </p>
      )}
      <FormAlert message={decision.problem} />
      {decision.confirming !== null && (
        <ApprovalConfirmation
          points={decision.confirming}
          facts={{ ...facts, fourEyesPoints: decision.rules?.fourEyesPoints ?? 0 }}
          onConfirm={() => void decision.confirmApproval()}
          onCancel={decision.cancelConfirmation}
        />
      )}
      {waiting && request && (
        <div className="review-request" role="status">
          <p>
            <strong>Aprovação pedida por {request.requestedBy}</strong> em {formatDateTime(request.requestedAt)}:{' '}
            {formatPoints(request.points)} pontos. Nenhum ponto foi creditado ainda.
          </p>
          {request.mine ? (
            <p>Outra pessoa da equipe precisa confirmar: quem pediu não confirma.</p>
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={onConfirmRequest}
              disabled={!mine || busy}
            >
              {pending === 'confirm'
                ? 'Confirmando…'
                : `Confirmar a aprovação de ${formatPoints(request.points)} pontos`}
            </button>
          )}
        </div>
      )}
      {waiting && !request && approveForm}
      {waiting && !request && !approveForm && (
        <>
          <form onSubmit={(event) => void decision.approve(event)} aria-label="Aprovar">
            <TextField
              ref={decision.pointsField}
              label="Pontos"
              inputMode="numeric"
              hint={pointsHint}
              error={decision.pointsError}
              value={decision.points}
              onChange={(event) => decision.setPoints(event.target.value.replace(/\D/g, ''))}
              disabled={!mine}
            />
            <button type="submit" className="button button--primary" disabled={!mine || busy} aria-keyshortcuts="a">
              {pending === 'approve' ? 'Aprovando…' : 'Aprovar'}
            </button>
          </form>
        </>
      )}
      {waiting && (
        <>
          <form
            onSubmit={(event) => void decision.reject(event)}
            aria-label="Recusar"
            className="invoice-review__reject"
          >
            <SelectField
              ref={decision.templateField}
              label="Motivo da recusa"
              hint={templateHint}
              value={decision.template}
              onChange={(event) => decision.setTemplate(event.target.value)}
              disabled={!mine}
              aria-keyshortcuts="r"
            >
              <option value="">Escolha um motivo…</option>
              {templates.map((text) => (
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
                  maxLength={reasonMax}
                  value={decision.reason}
                  onChange={(event) => decision.setReason(event.target.value)}
                  disabled={!mine}
                  {...control}
                />
              )}
            </FieldFrame>
            <button type="submit" className="button button--secondary" disabled={!mine || busy}>
              {pending === 'reject' ? 'Recusando…' : 'Recusar'}
            </button>
          </form>
        </>
      )}
      {children}
      <button type="button" className="button button--secondary" onClick={next.run} aria-keyshortcuts="p">
        {next.label}
      </button>
      <FormAlert message={next.problem} />
    </section>
  );
}
