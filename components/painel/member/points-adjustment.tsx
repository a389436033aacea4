'use client';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatDateTime } from '@/common/format/dates';
import { formatPoints, formatSignedPoints } from '@/common/format/numbers';
import {
  ADJUSTMENT_FORM_MESSAGES,
  ADJUSTMENT_REASON_MAX,
  ADJUSTMENT_REASON_MIN,
  ADJUSTMENT_STATUS_LABELS,
  adjustmentProblem,
  MStaffAdjustMemberPoints,
  MStaffConfirmPointsAdjustment,
  MStaffRefusePointsAdjustment,
  MStaffReversePointsAdjustment,
  parseAdjustmentPoints,
  QStaffMemberPointsAdjustments,
  type StaffMemberPointsAdjustmentsFieldsFragment,
  type StaffPointsAdjustmentFieldsFragment,
} from '@/lib/painel/points-adjustments';
import { painelRequest } from '@/lib/painel/request';
import { Spinner } from '../../ui/spinner';
import { FieldFrame } from '../../ui/field-frame';
import { FormAlert } from '../../ui/form-alert';
import { DoneNotice, useDoneNotice } from '../done-notice';
import { PainelTable } from '../painel-table';
import { useStaff } from '../staff-context';
import { usePainelQuery } from '../use-painel-query';

type State = StaffMemberPointsAdjustmentsFieldsFragment;
type Adjustment = StaffPointsAdjustmentFieldsFragment;

const validReason = (text: string) =>
  text.trim().length >= ADJUSTMENT_REASON_MIN && text.trim().length <= ADJUSTMENT_REASON_MAX;

/**
 * The member page's manual points adjustment (admin only; nothing for other roles): a credit or a debit with the reason
 * the member reads in the extract, confirmed naming the member and the points; above the four-eyes threshold a request
 * that another admin confirms or refuses; "Estornar" with a reason on an applied one.
 */
export function PointsAdjustment({ memberId }: { memberId: string }) {
  const admin = useStaff().roles.includes('admin');
  if (!admin) return null;
  return <PointsAdjustmentPanel memberId={memberId} />;
}

export function PointsAdjustmentPanel({ memberId }: { memberId: string }) {
  const query = usePainelQuery(QStaffMemberPointsAdjustments, { variables: { id: memberId } });
  const [changed, setChanged] = useState<State | null>(null);
  const { done, setDone, status } = useDoneNotice();
  const state = changed ?? query.data?.staffMemberPointsAdjustments ?? null;
  const onChanged = (next: State, text: string) => {
    setChanged(next);
    setDone(text);
  };
  return (
    <section aria-labelledby="ajuste-pontos" className="member-page__section points-adjustment">
      <h2 id="ajuste-pontos">Ajuste de pontos</h2>
      <DoneNotice done={done} status={status} />
      {!state && !query.error && <Spinner label="Carregando os ajustes…" />}
      {!state && query.error && <FormAlert message={errorMessage(query.error as never)} />}
      {state && (
        <>
          <p>
            Saldo atual: <strong>{formatPoints(state.balance)} pontos</strong>. Acima de{' '}
            {formatPoints(state.fourEyesPoints)} pontos (crédito ou débito), outro admin confirma antes de os pontos
            entrarem no extrato.
          </p>
          {state.pending ? (
            <PendingAdjustment state={state} pending={state.pending} onChanged={onChanged} />
          ) : (
            <AdjustmentForm state={state} onChanged={onChanged} />
          )}
          <AdjustmentList state={state} onChanged={onChanged} />
        </>
      )}
    </section>
  );
}

type Changed = (next: State, done: string) => void;

/** The form, then the confirmation that names the member and the points. */
function AdjustmentForm({ state, onChanged }: { state: State; onChanged: Changed }) {
  const [pointsText, setPointsText] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [review, setReview] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const pointsField = useRef<HTMLInputElement>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);

  const check = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = adjustmentProblem(pointsText, reason, state.pointsMax);
    setProblem(found);
    if (found) {
      (found.field === 'points' ? pointsField : reasonField).current?.focus();
      return;
    }
    setReview(parseAdjustmentPoints(pointsText));
    // The confirmation takes the focus once drawn.
    setTimeout(() => confirmation.current?.focus(), 0);
  };

  const apply = async (points: number) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await painelRequest(MStaffAdjustMemberPoints, {
        id: state.memberId,
        points,
        reason: reason.trim(),
        confirmed: true,
      });
      const next = result.staffAdjustMemberPoints;
      setReview(null);
      setPointsText('');
      setReason('');
      onChanged(
        next,
        next.pending
          ? `Ajuste de ${formatSignedPoints(points)} pontos pedido: outro admin confirma antes de os pontos entrarem.`
          : `Ajuste de ${formatSignedPoints(points)} pontos aplicado. Saldo: ${formatPoints(next.balance)} pontos.`,
      );
    } catch (error) {
      setReview(null);
      setFailure(error as Error);
    } finally {
      setBusy(false);
    }
  };

  const apiFields = fieldErrors(failure as never);
  const fieldError = (name: string) => (problem?.field === name ? problem.message : apiFields[name]);
  const general = failure && !apiFields.points && !apiFields.reason ? errorMessage(failure as never) : null;

  if (review !== null) {
    const large = Math.abs(review) > state.fourEyesPoints;
    return (
      <div className="points-adjustment__confirm" role="group" aria-labelledby="ajuste-confirmar">
        <p id="ajuste-confirmar" ref={confirmation} tabIndex={-1}>
          <strong>
            {review > 0 ? 'Creditar' : 'Debitar'} {formatSignedPoints(review)} pontos {review > 0 ? 'para' : 'de'}{' '}
            {state.memberName}?
          </strong>{' '}
          O membro lerá no extrato: “Ajuste: {reason.trim().replace(/\s+/g, ' ')}”.
          {large ? ' Como passa do limite, o ajuste fica esperando a confirmação de outro admin.' : ''}
        </p>
        <div className="points-adjustment__actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void apply(review)}>
            {busy ? 'Enviando…' : large ? 'Pedir confirmação de outro admin' : 'Aplicar ajuste'}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => {
              setReview(null);
              setTimeout(() => pointsField.current?.focus(), 0);
            }}
          >
            Voltar e corrigir
          </button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={check} aria-label="Ajustar pontos" noValidate>
      <FormAlert message={general} />
      <FieldFrame
        label="Pontos (use − para debitar)"
        hint={`Um número inteiro: 150 credita, −150 debita. Até ${formatPoints(state.pointsMax)} pontos.`}
        error={fieldError('points')}
      >
        {(control) => (
          <input
            ref={pointsField}
            className="field__input points-adjustment__points"
            type="text"
            inputMode="text"
            autoComplete="off"
            value={pointsText}
            onChange={(event) => setPointsText(event.target.value)}
            {...control}
          />
        )}
      </FieldFrame>
      <FieldFrame
        label="Motivo (o membro lê no extrato)"
        hint="Aparece no extrato como “Ajuste: motivo” e fica na auditoria."
        error={fieldError('reason')}
      >
        {(control) => (
          <textarea
            ref={reasonField}
            className="field__input"
            rows={2}
            maxLength={ADJUSTMENT_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            {...control}
          />
        )}
      </FieldFrame>
      <button type="submit" className="button button--primary">
        Revisar ajuste
      </button>
    </form>
  );
}

/** A reason asked for an action (the refusal, the reversal), and the buttons that send it or give up. */
function ReasonForm({
  label,
  hint,
  invalid,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  hint: string;
  invalid: string;
  submitLabel: string;
  onSubmit: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!validReason(reason)) {
      setProblem(invalid);
      field.current?.focus();
      return;
    }
    setProblem(undefined);
    setBusy(true);
    try {
      await onSubmit(reason.trim());
    } catch (error) {
      setProblem(fieldErrors(error as never).reason ?? errorMessage(error as never));
      field.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={submitLabel}
      noValidate
      className="points-adjustment__reason"
    >
      <FieldFrame label={label} hint={hint} error={problem}>
        {(control) => (
          <textarea
            ref={field}
            // The form opens on a person's click: the reason is what they type next.
            autoFocus
            className="field__input"
            rows={2}
            maxLength={ADJUSTMENT_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            {...control}
          />
        )}
      </FieldFrame>
      <div className="points-adjustment__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Enviando…' : submitLabel}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/** The request waiting for a second admin: another admin confirms it; any admin refuses it with a reason. */
function PendingAdjustment({ state, pending, onChanged }: { state: State; pending: Adjustment; onChanged: Changed }) {
  const [refusing, setRefusing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await painelRequest(MStaffConfirmPointsAdjustment, { adjustmentId: pending.id });
      const next = result.staffConfirmPointsAdjustment;
      onChanged(
        next,
        `Ajuste de ${formatSignedPoints(pending.points)} pontos confirmado e aplicado. Saldo: ${formatPoints(next.balance)} pontos.`,
      );
    } catch (error) {
      setFailure(error as Error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="points-adjustment__pending" role="group" aria-labelledby="ajuste-pendente">
      <h3 id="ajuste-pendente">Ajuste esperando outro admin</h3>
      <p>
        <strong>{formatSignedPoints(pending.points)} pontos</strong> para {state.memberName} · “{pending.reason}” ·
        pedido por {pending.requestedBy} em {formatDateTime(pending.requestedAt)}.
        {pending.mine ? ' Você pediu este ajuste: outro admin confirma.' : ''}
      </p>
      <FormAlert message={failure ? errorMessage(failure as never) : null} />
      {refusing ? (
        <ReasonForm
          label="Motivo da recusa"
          hint="Fica na auditoria; nenhum ponto é lançado."
          invalid={ADJUSTMENT_FORM_MESSAGES.refuseReason}
          submitLabel="Recusar ajuste"
          onCancel={() => setRefusing(false)}
          onSubmit={async (reason) => {
            const result = await painelRequest(MStaffRefusePointsAdjustment, { adjustmentId: pending.id, reason });
            onChanged(result.staffRefusePointsAdjustment, 'Ajuste recusado: nenhum ponto foi lançado.');
          }}
        />
      ) : (
        <div className="points-adjustment__actions">
          {!pending.mine && (
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void confirm()}>
              {busy ? 'Confirmando…' : 'Confirmar ajuste'}
            </button>
          )}
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setRefusing(true)}>
            Recusar
          </button>
        </div>
      )}
    </div>
  );
}

/** The latest adjustments, each with its status; "Estornar" on an applied one. */
function AdjustmentList({ state, onChanged }: { state: State; onChanged: Changed }) {
  const [reversing, setReversing] = useState<string | null>(null);
  if (state.adjustments.length === 0) return <p>Nenhum ajuste feito à mão neste membro.</p>;
  return (
    <>
      <PainelTable
        caption="Ajustes de pontos feitos à mão, o mais recente primeiro"
        columns={['Pedido em', { label: 'Pontos', className: 'member-number' }, 'Motivo', 'Situação', 'Ação']}
      >
        {state.adjustments.map((adjustment) => (
          <tr key={adjustment.id}>
            <td>{formatDateTime(adjustment.requestedAt)}</td>
            <td className="member-number">{formatSignedPoints(adjustment.points)}</td>
            <th scope="row">{adjustment.reason}</th>
            <td>{statusText(adjustment)}</td>
            <td>
              {adjustment.status === 'applied' && (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Estornar o ajuste de ${formatSignedPoints(adjustment.points)} pontos`}
                  aria-expanded={reversing === adjustment.id}
                  onClick={() => setReversing(adjustment.id)}
                >
                  Estornar
                </button>
              )}
            </td>
          </tr>
        ))}
      </PainelTable>
      {reversing && (
        <ReasonForm
          key={reversing}
          label="Motivo do estorno"
          hint="O membro lê no extrato como “Estorno de ajuste: motivo”; um lançamento oposto desfaz o ajuste."
          invalid={ADJUSTMENT_FORM_MESSAGES.reverseReason}
          submitLabel="Confirmar estorno"
          onCancel={() => setReversing(null)}
          onSubmit={async (reason) => {
            const result = await painelRequest(MStaffReversePointsAdjustment, { adjustmentId: reversing, reason });
            setReversing(null);
            onChanged(result.staffReversePointsAdjustment, 'Ajuste estornado por um lançamento oposto no extrato.');
          }}
        />
      )}
    </>
  );
}

function statusText(adjustment: Adjustment): string {
  const label = ADJUSTMENT_STATUS_LABELS[adjustment.status] ?? adjustment.status;
  if (adjustment.status === 'refused')
    return `${label} por ${adjustment.decidedBy ?? '—'}: ${adjustment.refusalReason ?? ''}`;
  if (adjustment.status === 'reversed')
    return `${label} por ${adjustment.reversedBy ?? '—'}: ${adjustment.reversalReason ?? ''}`;
  if (adjustment.status === 'applied' && adjustment.decidedBy)
    return `${label} (confirmado por ${adjustment.decidedBy})`;
  return label;
}
