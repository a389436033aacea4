'use client';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { DetailSkeleton, Loading } from './skeletons';
import { ErrorText } from './error-text';

// The grey placeholders are their own module: the member layout's page skeleton uses them without the states below.
export { CardListSkeleton, DetailSkeleton, Loading } from './skeletons';

export interface BackLink {
  href: string;
  label: string;
}

/** The friendly page for an unknown id or slug; shows the value read from the URL. */
export function NotFoundState({
  title,
  param,
  value,
  back,
}: {
  title: string;
  param: string;
  value: string;
  back: BackLink;
}) {
  return (
    <section className="card content-state" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p>
        Não encontramos <code data-param={param}>{value}</code>. O endereço pode ter mudado ou o conteúdo saiu do ar.
      </p>
      <p>
        <Link className="button button--secondary" href={back.href}>
          {back.label}
        </Link>
      </p>
    </section>
  );
}

export function UnavailableState() {
  return (
    <section className="card content-state" aria-labelledby="page-title">
      <h1 id="page-title">Conteúdo indisponível</h1>
      <p>Este conteúdo ainda não foi publicado ou não está disponível para a sua conta.</p>
      <p>
        <Link className="button button--secondary" href="/">
          Ir para o início
        </Link>
      </p>
    </section>
  );
}

export function ErrorState({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <section className="card content-state" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p className="alert alert--error" role="alert">
        <ErrorText message={message} />
      </p>
      <p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          Tentar de novo
        </button>
      </p>
    </section>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="content-empty">{children}</p>;
}

/** A detail page (campaign, promotion, rule book, FAQ, survey) while its content travels: its title and grey lines. */
export function DetailLoading({ title }: { title: string }) {
  return (
    <section className="card content-detail" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <Loading>
        <DetailSkeleton />
      </Loading>
    </section>
  );
}
