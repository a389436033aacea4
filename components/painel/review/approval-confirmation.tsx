'use client';
import { formatPoints } from '@/common/format/numbers';
import { Modal } from '../../ui/modal';

/** Who and what a large or flagged approval credits, as the confirmation names them. */
export interface ApprovalFacts {
  member: string;
  /** The signals the page shows (the buyer's CPF, the device rule, the same file elsewhere…). */
  flags: readonly string[];
  /** Above it, the approval is only a request until another staff account confirms it. */
  fourEyesPoints: number;
}

/**
 * The deliberate step before a large or flagged approval: the member, the points and the flags, on a modal dialog
 * (focus kept inside, Esc or "Voltar" goes back to the points). Only "Confirmar a aprovação" sends it.
 */
export function ApprovalConfirmation({
  points,
  facts,
  onConfirm,
  onCancel,
}: {
  points: number;
  facts: ApprovalFacts;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const request = points > facts.fourEyesPoints;
  return (
    <Modal open title="Confirmar a aprovação" onClose={onCancel} className="approval-confirmation">
      <dl className="approval-confirmation__facts">
        <dt>Membro</dt>
        <dd>{facts.member}</dd>
        <dt>Pontos</dt>
        <dd>{formatPoints(points)}</dd>
      </dl>
      {facts.flags.length > 0 ? (
        <>
          <p>
            <strong>Alertas que você conferiu:</strong>
          </p>
          <ul>
            {facts.flags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>Sem alertas nesta análise.</p>
      )}
      {request && (
        <p>
          Acima de {formatPoints(facts.fourEyesPoints)} pontos a aprovação fica pedida: nenhum ponto é creditado até
          outra pessoa da equipe confirmar.
        </p>
      )}
      <div className="approval-confirmation__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Voltar
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {request ? 'Pedir a aprovação' : 'Confirmar a aprovação'}
        </button>
      </div>
    </Modal>
  );
}
