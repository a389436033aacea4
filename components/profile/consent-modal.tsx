'use client';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { MAnswerConsent } from '@/lib/profile/operations';
import { config } from '@/lib/config';
import { useCurrentUser } from '../providers/current-user';
import { Modal } from '../ui/modal';

/**
 * Shown on private pages while profileStatus.showModalConsent is true. The answer is recorded and updates the
 * cached status, so it does not come back; closing without answering hides it until the next visit.
 */
export function ConsentModal() {
  const user = useCurrentUser();
  const [dismissed, setDismissed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answer, { loading }] = useMutation(MAnswerConsent);
  const status = user.profileStatus;
  if (!status.showModalConsent || dismissed) return null;

  const send = async (accepted: boolean) => {
    setError(null);
    try {
      await answer({ variables: { accepted } });
    } catch (e) {
      setError(errorMessage(e as Error));
    }
  };

  return (
    <Modal open title="Uso dos seus dados" onClose={() => setDismissed(true)}>
      <p>{status.messageModalConsent}</p>
      <p>
        <a href={config.links.privacyPolicy} target="_blank" rel="noopener noreferrer">
          Ler a política de privacidade
        </a>
      </p>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="consent-actions">
        <button
          type="button"
          className="button button--primary button--block"
          disabled={loading}
          onClick={() => void send(true)}
        >
          Aceito
        </button>
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={loading}
          onClick={() => void send(false)}
        >
          Não aceito
        </button>
      </div>
    </Modal>
  );
}
