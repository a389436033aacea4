'use client';
import { useQuery } from '@apollo/client/react';
import { Suspense, useState } from 'react';
import { QProfile } from '@/lib/profile/operations';
import { useCurrentUser } from '../providers/current-user';
import { lazyNow } from '../ui/lazy-now';
import { Spinner } from '../ui/spinner';

// The form (with react-hook-form) travels beside the member's data instead of in the page's first load.
const ChangeEmailForm = lazyNow(() => import('./change-email-form').then((m) => m.ChangeEmailForm));

/** New e-mail → confirmation link; the e-mail changes only when the member opens it (/confirmar-email). */
export function ChangeEmailScreen() {
  const user = useCurrentUser();
  const { data } = useQuery(QProfile, { fetchPolicy: 'network-only' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const pending = sentTo ?? data?.me?.pendingEmail ?? null;

  return (
    <section className="card card--narrow" aria-labelledby="page-title">
      <h1 id="page-title">Alterar e-mail</h1>
      <p className="muted">
        E-mail atual: <strong>{user.email}</strong>
      </p>
      {pending && (
        <p className="alert alert--info" role="status">
          Enviamos um link de confirmação para <strong>{pending}</strong>. Seu e-mail só muda quando você abrir o link
          (ele vale por 48 horas).
        </p>
      )}
      <Suspense fallback={<Spinner />}>
        <ChangeEmailForm pending={Boolean(pending)} onSent={setSentTo} />
      </Suspense>
    </section>
  );
}
