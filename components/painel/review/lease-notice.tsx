import { formatDateTime } from '@/common/format/dates';
import { FormAlert } from '../../ui/form-alert';

/**
 * Who else holds a waiting item and until when ("Rafael está analisando esta nota até …. Abra outra."), and why the
 * page could not take it.
 */
export function LeaseNotice({
  waiting,
  lease,
  problem,
  what,
  other,
  takeOver,
}: {
  waiting: boolean;
  lease: { mine: boolean; staffName: string; expiresAt: string } | null;
  problem: string | null;
  /** "esta nota", "este projeto". */
  what: string;
  /** "Abra outra.", "Abra outro." */
  other: string;
  /** An admin's "Assumir": takes the item from whoever holds it. */
  takeOver?: { label: string; run: () => void } | undefined;
}) {
  return (
    <>
      {waiting && lease && !lease.mine && (
        <p className="alert alert--error" role="alert">
          {lease.staffName} está analisando {what} até {formatDateTime(lease.expiresAt)}. {other}
          {takeOver && (
            <>
              {' '}
              <button type="button" className="button button--secondary" onClick={takeOver.run}>
                {takeOver.label}
              </button>
            </>
          )}
        </p>
      )}
      <FormAlert message={problem} />
    </>
  );
}
