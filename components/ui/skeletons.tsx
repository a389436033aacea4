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
