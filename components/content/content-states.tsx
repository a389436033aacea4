'use client';
import Link from 'next/link';
import type { ReactNode } from 'react';

/** Placeholder blocks while content loads; hidden from screen readers, which hear the busy region instead. */
export function CardListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="content-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="content-card content-card--skeleton">
          <div className="skeleton skeleton--banner" />
          <div className="content-card__body">
            <div className="skeleton skeleton--line skeleton--wide" />
            <div className="skeleton skeleton--line" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function DetailSkeleton() {
  return (
    <div aria-hidden="true" className="detail-skeleton">
      <div className="skeleton skeleton--banner" />
      <div className="skeleton skeleton--line skeleton--wide" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--line skeleton--wide" />
    </div>
  );
}

/** Region that tells assistive technology the content is still arriving. */
export function Loading({ children, label = 'Carregando conteúdo' }: { children: ReactNode; label?: string }) {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      {children}
    </div>
  );
}

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
        {message}
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
