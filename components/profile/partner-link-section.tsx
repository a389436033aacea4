'use client';
import { useApolloClient, useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDate } from '@/common/format/dates';
import { storeProgram } from '@/lib/partner/labels';
import { MUnlinkPointsPartner, QPointsPartner } from '@/lib/partner/operations';
import { routes } from '@/common/routes';
import { Spinner } from '../ui/spinner';

/** "Programa de pontos parceiro" in /perfil: the linked account and "Desvincular", asked twice. */
export function PartnerLinkSection() {
  const client = useApolloClient();
  const { data, error } = useQuery(QPointsPartner, { fetchPolicy: 'cache-and-network' });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const program = data?.pointsPartner;

  if (!program) {
    if (error) {
      return (
        <p className="alert alert--error" role="alert">
          {errorMessage(error)}
        </p>
      );
    }
    return <Spinner label="Carregando o programa parceiro" />;
  }

  const unlink = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await client.mutate({
        mutation: MUnlinkPointsPartner,
        update: (cache, { data: answer }) => {
          if (answer) storeProgram(cache, answer.unlinkPointsPartner);
        },
      });
      setAsking(false);
    } catch (caught) {
      setFailure(errorMessage(caught as Error));
    } finally {
      setBusy(false);
    }
  };

  if (!program.linkedAccount) {
    return (
      <div className="form">
        <p>Nenhuma conta do {program.name} vinculada.</p>
        <p>
          <Link className="button button--secondary" href={routes.rewardTransfer()}>
            Vincular conta e transferir pontos
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="form">
      <p>
        Conta <strong>{program.linkedAccount}</strong> no {program.name}
        {program.linkedAt && (
          <>
            , vinculada em <time dateTime={program.linkedAt}>{formatDate(program.linkedAt)}</time>
          </>
        )}
        .
      </p>
      {failure && (
        <p className="alert alert--error" role="alert">
          {failure}
        </p>
      )}
      {asking ? (
        <div role="group" aria-label="Desvincular a conta do programa parceiro">
          <p>
            Desvincular a conta {program.linkedAccount}? Você só volta a transferir pontos depois de vincular uma conta
            de novo. Transferências já solicitadas continuam.
          </p>
          <div className="reward-confirm__actions">
            <button type="button" className="button button--danger" onClick={() => void unlink()} disabled={busy}>
              {busy ? 'Desvinculando…' : 'Sim, desvincular'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setAsking(false)} disabled={busy}>
              Cancelar
            </button>
          </div>
        </div>
      ) : (
        <p>
          <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
            Desvincular
          </button>
        </p>
      )}
    </div>
  );
}
