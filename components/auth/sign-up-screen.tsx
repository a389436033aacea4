'use client';
import Link from 'next/link';
import { useState } from 'react';
import { useRouteParams } from '@/lib/routing/use-route-params';
import { routes } from '@/lib/routes';
import { SignUpCodeForm } from './sign-up-code-form';
import { SignUpForm, type PendingSignUp } from './sign-up-form';

/**
 * Sign-up in two steps: data, then the SMS code and a password. Also the promo sign-up: /cadastro-promo/<slug>
 * links the new member to that store.
 */
export function SignUpScreen() {
  const params = useRouteParams();
  const subsidiarySlug = params?.['subsidiarySlug'] ?? null;
  const [pending, setPending] = useState<PendingSignUp | null>(null);
  return (
    <section className="card card--narrow" aria-labelledby="signup-title">
      <p className="step-indicator">Passo {pending ? 2 : 1} de 2</p>
      <h1 id="signup-title">{pending ? 'Confirme seu celular' : 'Cadastre-se no clube'}</h1>
      {!pending && <p className="muted">Ganhe pontos com suas compras e participe das promoções para marceneiros.</p>}
      {subsidiarySlug && (
        <p className="alert alert--info">
          Cadastro pela loja parceira <strong data-param="subsidiarySlug">{subsidiarySlug}</strong>
        </p>
      )}
      {/* Step one stays mounted (hidden) so "Corrigir meus dados" brings back everything typed. */}
      <div hidden={pending !== null}>
        <SignUpForm subsidiarySlug={subsidiarySlug} onSent={setPending} />
      </div>
      {pending && <SignUpCodeForm pending={pending} onRestart={() => setPending(null)} />}
      <p className="login__signup">
        Já é membro? <Link href={routes.login()}>Entrar</Link>
      </p>
    </section>
  );
}
