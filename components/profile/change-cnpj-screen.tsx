'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { Suspense, useState } from 'react';
import { maskCnpj } from '@/common/format/masks';
import { QProfile } from '@/lib/profile/operations';
import { routes } from '@/common/routes';
import { lazyNow } from '../ui/lazy-now';
import { Spinner } from '../ui/spinner';

// The form (with react-hook-form) travels beside the member's data instead of in the page's first load.
const ChangeCnpjForm = lazyNow(() => import('./change-cnpj-form').then((m) => m.ChangeCnpjForm));

const brDate = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** CNPJ with check digits, numeric or alphanumeric (from July 2026); a change is allowed once every 90 days. */
export function ChangeCnpjScreen() {
  const { data, loading: loadingProfile } = useQuery(QProfile, { fetchPolicy: 'network-only' });
  const [savedCnpj, setSavedCnpj] = useState<string | null>(null);
  const current = data?.me?.userWoodWork;

  return (
    <section className="card card--narrow" aria-labelledby="page-title">
      <h1 id="page-title">Alterar CNPJ</h1>
      {loadingProfile && !data ? (
        <Spinner />
      ) : savedCnpj ? (
        <div className="form">
          <p className="alert alert--info" role="status">
            CNPJ {maskCnpj(savedCnpj)} salvo.
          </p>
          <Link className="button button--primary button--block" href={routes.profile()}>
            Voltar ao perfil
          </Link>
        </div>
      ) : (
        <>
          <p className="muted">
            {current?.cnpj ? (
              <>
                CNPJ atual: <strong>{maskCnpj(current.cnpj)}</strong>.{' '}
              </>
            ) : (
              'Você ainda não informou o CNPJ da sua marcenaria. '
            )}
            O CNPJ pode ser alterado uma vez a cada 90 dias.
          </p>
          {current?.cnpjChangeAllowedFrom && (
            <p className="alert alert--info" role="status">
              Você poderá alterar o CNPJ a partir de {brDate(current.cnpjChangeAllowedFrom)}.
            </p>
          )}
          <Suspense fallback={<Spinner />}>
            <ChangeCnpjForm onSaved={setSavedCnpj} />
          </Suspense>
        </>
      )}
    </section>
  );
}
