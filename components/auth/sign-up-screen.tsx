'use client';
import { IntentLink } from '../ui/intent-link';
import { useState } from 'react';
import { useRouteParams } from '@/lib/routing/use-route-params';
import { routes } from '@/common/routes';
import { SignUpCodeForm } from './sign-up-code-form';
import { SignUpForm, type PendingSignUp } from './sign-up-form';
import { StoreLinkNotice, useStoreLink } from './store-link-notice';

/**
 * Sign-up in two steps: data, then the SMS code and a password. Also the promo sign-up: /cadastro-promo/<slug>
 * links the new member to that store once the club confirms the store is active; a mistyped or retired link says
 * so and signs up without a store.
 */
export function SignUpScreen({ promo = false, storeLink = false }: { promo?: boolean; storeLink?: boolean }) {
  const params = useRouteParams();
  const asked = useStoreLink(params?.['subsidiarySlug'] ?? null);
  // Before the address is read (the exported page), a store's link is already "being checked": the notice's box is
  // there from the first paint and nothing below it moves.
  const link = storeLink && asked.kind === 'none' ? ({ kind: 'checking', slug: null } as const) : asked;
  const subsidiarySlug = 'slug' in link ? link.slug : null;
  const [pending, setPending] = useState<PendingSignUp | null>(null);
  return (
    <section className="card card--narrow" aria-labelledby="signup-title">
      <p className="step-indicator">Passo {pending ? 2 : 1} de 2</p>
      <h1 id="signup-title">{pending ? 'Confirme seu celular' : 'Cadastre-se no clube'}</h1>
      {!pending && (
        <p className="muted">
          {promo
            ? 'Cadastre-se e já participe das promoções: cada nota fiscal de produtos da marca vira pontos.'
            : 'Ganhe pontos com suas compras e participe das promoções para marceneiros.'}
        </p>
      )}
      <StoreLinkNotice link={link} />
      {/* Step one stays mounted (hidden) so "Corrigir meus dados" brings back everything typed. */}
      <div hidden={pending !== null}>
        <SignUpForm subsidiarySlug={subsidiarySlug} onSent={setPending} />
      </div>
      {pending && <SignUpCodeForm pending={pending} onRestart={() => setPending(null)} />}
      <p className="login__signup">
        Já é membro? <IntentLink href={routes.login()}>Entrar</IntentLink>
      </p>
    </section>
  );
}
