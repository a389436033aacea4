'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { maskPhone } from '@/lib/format/masks';
import { nextCompletionStep } from '@/lib/profile/next-step';
import { routes } from '@/lib/routes';
import { useCurrentUser } from '../providers/current-user';
import { PhoneChangeFlow } from './phone-change-flow';

/** Completion step two: a celular confirmed by SMS. */
export function CompletePhoneScreen() {
  const user = useCurrentUser();
  const router = useRouter();
  return (
    <section className="card card--narrow profile-step" aria-labelledby="page-title">
      <p className="step-indicator">Complete seu cadastro</p>
      <h1 id="page-title">Cadastre seu celular</h1>
      <p className="muted">Usamos o celular para confirmar que é você e para avisos importantes do clube.</p>
      <PhoneChangeFlow
        initialPhone={user.phoneNumber ?? ''}
        onDone={(status) => router.replace(nextCompletionStep(status))}
      />
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
          <PhoneChangeFlow initialPhone="" onDone={() => setDone(true)} />
        </>
      )}
    </section>
  );
}
