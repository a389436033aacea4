'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Suspense, useState } from 'react';
import { maskPhone } from '@/common/format/masks';
import { nextCompletionStep } from '@/lib/profile/next-step';
import { routes } from '@/common/routes';
import { useCurrentUser } from '../providers/current-user';
import { lazyNow } from '../ui/lazy-now';
import { Spinner } from '../ui/spinner';

// The form (with react-hook-form) travels beside the member's data instead of in the page's first load.
const PhoneChangeFlow = lazyNow(() => import('./phone-change-flow').then((m) => m.PhoneChangeFlow));

/** Completion step two: a celular confirmed by SMS. */
export function CompletePhoneScreen() {
  const user = useCurrentUser();
  const router = useRouter();
  return (
    <section className="card card--narrow profile-step" aria-labelledby="page-title">
      <p className="step-indicator">Complete seu cadastro</p>
      <h1 id="page-title">Cadastre seu celular</h1>
      <p className="muted">Usamos o celular para confirmar que é você e para avisos importantes do clube.</p>
      <Suspense fallback={<Spinner />}>
        <PhoneChangeFlow
          initialPhone={user.phoneNumber ?? ''}
          onDone={(status) => router.replace(nextCompletionStep(status))}
        />
      </Suspense>
    </section>
  );
}

export function ChangePhoneScreen() {
  const user = useCurrentUser();
  const [done, setDone] = useState(false);
  return (
    <section className="card card--narrow" aria-labelledby="page-title">
      <h1 id="page-title">Alterar celular</h1>
      {done ? (
        <div className="form">
          <p className="alert alert--info" role="status">
            Pronto! Seu celular foi alterado.
          </p>
          <Link className="button button--primary button--block" href={routes.profile()}>
            Voltar ao perfil
          </Link>
        </div>
      ) : (
        <>
          {user.phoneNumber && (
            <p className="muted">
              Celular atual: <strong>{maskPhone(user.phoneNumber)}</strong>
            </p>
          )}
          <Suspense fallback={<Spinner />}>
            <PhoneChangeFlow initialPhone="" onDone={() => setDone(true)} />
          </Suspense>
        </>
      )}
    </section>
  );
}
