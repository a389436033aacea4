'use client';
import { useApolloClient } from '@apollo/client/react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Suspense, useState } from 'react';
import { nextCompletionStep } from '@/lib/profile/next-step';
import { routes } from '@/common/routes';
import { QMe } from '@/lib/session/operations';
import { useCurrentUser } from '../providers/current-user';
import { lazyNow } from '../ui/lazy-now';
import { Spinner } from '../ui/spinner';

// The form (with react-hook-form) travels beside the member's data instead of in the page's first load.
const PasswordChangeForm = lazyNow(() => import('./password-change-form').then((m) => m.PasswordChangeForm));

/** Completion step three: the club asked for a new password. */
export function CompletePasswordScreen() {
  const user = useCurrentUser();
  const client = useApolloClient();
  const router = useRouter();
  const required = user.profileStatus.changePasswordRequired;
  return (
    <section className="card card--narrow profile-step" aria-labelledby="page-title">
      <p className="step-indicator">Complete seu cadastro</p>
      <h1 id="page-title">Crie uma nova senha</h1>
      <p className="muted">Por segurança, crie uma nova senha para continuar no clube.</p>
      <Suspense fallback={<Spinner />}>
        <PasswordChangeForm
          askCurrent={!required}
          onDone={async () => {
            const { data } = await client.query({ query: QMe, fetchPolicy: 'network-only' });
            router.replace(data?.me ? nextCompletionStep(data.me.profileStatus) : routes.home());
          }}
        />
      </Suspense>
    </section>
  );
}

export function ChangePasswordScreen() {
  const user = useCurrentUser();
  const [done, setDone] = useState(false);
  return (
    <section className="card card--narrow" aria-labelledby="page-title">
      <h1 id="page-title">Alterar senha</h1>
      {done ? (
        <div className="form">
          <p className="alert alert--info" role="status">
            Senha alterada. Por segurança, encerramos suas sessões em outros aparelhos.
          </p>
          <Link className="button button--primary button--block" href={routes.profile()}>
            Voltar ao perfil
          </Link>
        </div>
      ) : (
        <Suspense fallback={<Spinner />}>
          <PasswordChangeForm askCurrent={!user.profileStatus.changePasswordRequired} onDone={() => setDone(true)} />
        </Suspense>
      )}
    </section>
  );
}
