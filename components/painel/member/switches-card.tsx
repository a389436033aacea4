'use client';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import {
  CONSENT_MAX,
  REASON_MAX,
  switchesFor,
  switchProblem,
  type StaffMemberDetailFieldsFragment,
  type SwitchKind,
} from '@/lib/painel/members';
import { FieldFrame } from '../../ui/field-frame';
import { FormAlert } from '../../ui/form-alert';
import { DoneNotice, useDoneNotice } from '../done-notice';
import { runSwitch } from './run-switch';

type Member = StaffMemberDetailFieldsFragment;

/** The switches of `npm run members`, one at a time, each with the reason the audit keeps. */
export function SwitchesCard({ member, onChanged }: { member: Member; onChanged: (member: Member) => void }) {
  const options = switchesFor(member);
  const [kind, setKind] = useState<SwitchKind | ''>('');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const messageField = useRef<HTMLTextAreaElement>(null);
  const firstChoice = useRef<HTMLInputElement>(null);
  const { done, setDone, status } = useDoneNotice();
  // A switch done is no longer on offer (Desativar becomes Reativar): nothing stays chosen.
  const chosen = options.some((o) => o.kind === kind) ? kind : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    const found = switchProblem(chosen, reason, message);
    setProblem(found);
    if (found) {
      (found.field === 'kind' ? firstChoice : found.field === 'message' ? messageField : reasonField).current?.focus();
      return;
    }
    setBusy(true);
    try {
      const updated = await runSwitch(chosen as SwitchKind, member.id, reason.trim(), message.trim());
      const option = options.find((o) => o.kind === chosen);
      onChanged(updated);
      setKind('');
      setReason('');
      setMessage('');
      setDone(option?.done ?? 'Feito.');
    } catch (error) {
      setFailure(error as Error);
    } finally {
      setBusy(false);
    }
  };
  const apiFields = fieldErrors(failure as never);
  const fieldError = (name: string) => (problem?.field === name ? problem.message : apiFields[name]);
  const choiceError = fieldError('kind');

  return (
    <section aria-labelledby="atendimento" className="member-page__card">
      <h2 id="atendimento">Mudar a conta</h2>
      <DoneNotice done={done} status={status} />
      <FormAlert message={failure && Object.keys(apiFields).length === 0 ? errorMessage(failure as never) : null} />
      <form onSubmit={(event) => void submit(event)} aria-label="Mudar a conta" noValidate>
        <fieldset className="member-switches" aria-describedby={choiceError ? 'switch-kind-error' : undefined}>
          <legend>O que mudar</legend>
          {options.map((option, index) => (
            <div className="checkbox-field" key={option.kind}>
              <input
                ref={index === 0 ? firstChoice : undefined}
                id={`switch-${option.kind}`}
                type="radio"
                name="switch"
                className="checkbox-field__input"
                value={option.kind}
                checked={chosen === option.kind}
                onChange={() => setKind(option.kind)}
              />
              <label className="checkbox-field__label" htmlFor={`switch-${option.kind}`}>
                {option.label}
              </label>
            </div>
          ))}
          {choiceError && (
            <p className="field__error" id="switch-kind-error">
              {choiceError}
            </p>
          )}
        </fieldset>
        {chosen === 'consent' && (
          <FieldFrame
            label="Mensagem do aviso"
            hint="O membro lê este texto e responde se aceita, no próximo acesso."
            error={fieldError('message')}
          >
            {(control) => (
              <textarea
                ref={messageField}
                className="field__input"
                rows={3}
                maxLength={CONSENT_MAX}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                {...control}
              />
            )}
          </FieldFrame>
        )}
        <FieldFrame
          label="Motivo"
          hint="Obrigatório. Fica na auditoria com quem fez e o que mudou; o membro não o lê."
          error={fieldError('reason')}
        >
          {(control) => (
            <textarea
              ref={reasonField}
              className="field__input"
              rows={2}
              maxLength={REASON_MAX}
              required
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              {...control}
            />
          )}
        </FieldFrame>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Aplicando…' : 'Aplicar'}
        </button>
      </form>
    </section>
  );
}
