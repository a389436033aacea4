'use client';
import { useId, useState, type FormEvent } from 'react';
import { FieldFrame } from '../../ui/field-frame';
import { FormAlert } from '../../ui/form-alert';

const REASON_MIN = 3;
const REASON_MAX = 500;

/**
 * A correction of something already decided (reversing an approval, unpublishing a project): never one click, always
 * with the reason that goes to the audit (and, where it says so, to the member).
 */
export function CorrectionForm({
  title,
  explanation,
  reasonLabel,
  submitLabel,
  busy,
  onSubmit,
}: {
  title: string;
  explanation: string;
  reasonLabel: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < REASON_MIN) {
      setProblem(`Informe o motivo (${REASON_MIN} a ${REASON_MAX} caracteres).`);
      return;
    }
    setProblem(null);
    onSubmit(text);
  };
  return (
    <form className="review-correction" aria-labelledby={headingId} onSubmit={submit}>
      <h3 id={headingId}>{title}</h3>
      <p className="muted">{explanation}</p>
      <FormAlert message={problem} />
      <FieldFrame label={reasonLabel}>
        {(control) => (
          <textarea
            className="field__input"
            rows={2}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            {...control}
          />
        )}
      </FieldFrame>
      <button type="submit" className="button button--secondary" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
