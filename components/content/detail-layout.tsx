import Link from 'next/link';
import type { ReactNode } from 'react';
import type { ContentStatusValue } from '@/lib/content/format';
import { formatPeriod } from '@/lib/content/format';
import { ContentImage, type ContentImageData } from './content-image';
import type { BackLink } from '../ui/content-states';
import { DraftBadge, DraftNotice, StatusBadge } from './badges';

/** The frame of a details page: back link, banner, title, status and period, then the page's own parts. */
export function DetailLayout({
  back,
  title,
  banner,
  status,
  periodStart,
  periodEnd,
  isDraft,
  preview,
  children,
}: {
  back: BackLink;
  title: string;
  banner?: ContentImageData | null;
  status?: ContentStatusValue;
  periodStart?: string | null;
  periodEnd?: string | null;
  isDraft: boolean;
  preview: boolean;
  children: ReactNode;
}) {
  return (
    <article className="card content-detail" aria-labelledby="page-title">
      <p className="content-detail__back">
        <Link href={back.href}>← {back.label}</Link>
      </p>
      {preview && <DraftNotice isDraft={isDraft} />}
      {banner && <ContentImage image={banner} className="content-detail__banner" priority />}
      <h1 id="page-title">{title}</h1>
      {(status || isDraft || periodStart || periodEnd) && (
        <p className="content-detail__meta">
          {status && <StatusBadge status={status} />}
          {isDraft && <DraftBadge />}
          {(periodStart || periodEnd) && (
            <span>
              <span className="visually-hidden">Período: </span>
              {formatPeriod(periodStart, periodEnd)}
            </span>
          )}
        </p>
      )}
      {children}
    </article>
  );
}
