'use client';
import { useRef, useState } from 'react';
import { KEYED_MESSAGES } from '@/lib/painel/keyed-items';
import { POINTS_MAX } from '@/common/painel/review-desk';
import { TextField } from '../../ui/text-field';

const REASON_MIN = 3;
const REASON_MAX = 500;

export type ManualPoints = ReturnType<typeof useManualPoints>;

/** An admin's free number of points for an invoice without XML, with the reason the audit keeps. */
export function useManualPoints() {
  const [open, setOpen] = useState(false);
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ points?: string; reason?: string }>({});
  const pointsField = useRef<HTMLInputElement>(null);
  const reasonField = useRef<HTMLInputElement>(null);
  return {
    open,
    points,
    setPoints,
    reason,
    setReason,
    errors,
    pointsField,
    reasonField,
    toggle() {
      setOpen(!open);
      setErrors({});
    },
    /** The points and the reason when both are right; else null, with each error beside its field and focused. */
    check(): { points: number; reason: string } | null {
      const value = Number(points);
      const text = reason.trim();
      const next = {
        ...(points.trim() === '' || !Number.isInteger(value) || value > POINTS_MAX
          ? { points: KEYED_MESSAGES.manualPoints }
          : {}),
        ...(text.length < REASON_MIN || text.length > REASON_MAX ? { reason: KEYED_MESSAGES.manualReason } : {}),
      };
      setErrors(next);
      if (next.points) pointsField.current?.focus();
      else if (next.reason) reasonField.current?.focus();
      return next.points || next.reason ? null : { points: value, reason: text };
    },
  };
}

/**
 * "Definir pontos manualmente" (admin only): instead of the keyed lines, a number of points and why, written in the
 * audit line. A secondary path: closed, the approval goes by the lines.
 */
export function ManualPointsFields({ manual, disabled }: { manual: ManualPoints; disabled: boolean }) {
  return (
    <div className="manual-points">
      <button
        type="button"
        className="button button--ghost"
        aria-expanded={manual.open}
        onClick={manual.toggle}
        disabled={disabled}
      >
        {manual.open ? 'Voltar aos itens da marca' : 'Definir pontos manualmente'}
      </button>
      {manual.open && (
        <fieldset className="manual-points__fields">
          <legend>Pontos definidos à mão (admin)</legend>
          <TextField
            ref={manual.pointsField}
            label="Pontos"
            inputMode="numeric"
            value={manual.points}
            onChange={(event) => manual.setPoints(event.target.value.replace(/\D/g, ''))}
            error={manual.errors.points}
            disabled={disabled}
          />
          <TextField
            ref={manual.reasonField}
            label="Motivo (fica na auditoria)"
            maxLength={REASON_MAX}
            value={manual.reason}
            onChange={(event) => manual.setReason(event.target.value)}
            error={manual.errors.reason}
            disabled={disabled}
          />
        </fieldset>
      )}
    </div>
  );
}
