'use client';
import { useRouter } from 'next/navigation';
import { Suspense } from 'react';
import { nextCompletionStep } from '@/lib/profile/next-step';
import { storeLabel } from '@/lib/stores/store-label';
import { useCurrentUser } from '../providers/current-user';
import { lazyNow } from '../ui/lazy-now';
import { Spinner } from '../ui/spinner';

// The form (with react-hook-form) travels beside the member's data, as on /perfil, instead of in the first load.
const ProfileForm = lazyNow(() => import('./profile-form').then((m) => m.ProfileForm));

/** Completion step one: the member's basic profile; saving moves on to the next missing step, or home. */
export function CompleteDataScreen() {
  const user = useCurrentUser();
  const router = useRouter();
  return (
    <section className="card card--narrow profile-step" aria-labelledby="page-title">
      <p className="step-indicator">Complete seu cadastro</p>
      <h1 id="page-title">Complete seus dados</h1>
      <p className="muted">Precisamos destes dados para você participar das campanhas e receber seus prêmios.</p>
      {user.store && (
        <p className="alert alert--info">
          Loja de cadastro: <strong>{storeLabel(user.store)}</strong>
        </p>
      )}
      <Suspense fallback={<Spinner />}>
        <ProfileForm
          user={user}
          submitLabel="Salvar e continuar"
          onSaved={(s) => router.replace(nextCompletionStep(s))}
        />
      </Suspense>
    </section>
  );
}
