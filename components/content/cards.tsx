import Link from 'next/link';
import { formatPeriod, type ContentStatusValue } from '@/lib/content/format';
import { ContentImage, type ContentImageData } from './content-image';
import { DraftBadge, StatusBadge } from './badges';

export interface ContentCardData {
  title: string;
  summary: string;
  periodStart?: string | null;
  periodEnd?: string | null;
  status: ContentStatusValue;
  isDraft: boolean;
  banner?: ContentImageData | null;
}

/** A campaign or promotion in a list: the whole card is one link, named by its title. */
export function ContentCard({
  item,
  href,
  extra,
  headingLevel = 2,
}: {
  item: ContentCardData;
  href: string;
  extra?: string | undefined;
  /** 2 on the list pages, 3 inside a home section. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="content-card">
      {item.banner && <ContentImage image={{ ...item.banner, alt: '' }} className="content-card__banner" />}
      <div className="content-card__body">
        <p className="content-card__meta">
          <StatusBadge status={item.status} />
          {item.isDraft && <DraftBadge />}
          {extra && <span className="badge badge--info">{extra}</span>}
        </p>
        <Heading className="content-card__title">
          <Link href={href} className="content-card__link">
            {item.title}
          </Link>
        </Heading>
        {item.summary && <p className="content-card__summary">{item.summary}</p>}
        <p className="content-card__period">
          <span className="visually-hidden">Período: </span>
          {formatPeriod(item.periodStart, item.periodEnd)}
        </p>
      </div>
    </article>
  );
}
