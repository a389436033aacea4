'use client';
import { useQuery } from '@apollo/client/react';
import { appendPage } from '@/lib/apollo/append-page';
import { errorMessage } from '@/lib/apollo/errors';
import { contentErrorKind } from '@/lib/content/errors';
import { QPromotions } from '@/lib/content/operations';
import { routes } from '@/common/routes';
import { ContentCard } from './cards';
import { useLoadMore } from '../ui/use-load-more';
import { ErrorState, UnavailableState } from '../ui/content-states';
import { DraftNotice } from './badges';
import { CardGrid, LIST_PAGE_SIZE, nextPageOf } from './paged-list';

export function PromotionsScreen({ preview = false }: { preview?: boolean }) {
  const { data, error, loading, refetch, fetchMore } = useQuery(QPromotions, {
    variables: { page: 1, pageSize: LIST_PAGE_SIZE, preview },
  });
  const list = data?.promotions;
  const title = preview ? 'Rascunho das promoções' : 'Promoções';
  const loadMore = useLoadMore(
    list
      ? () =>
          fetchMore({
            variables: { page: nextPageOf(list.data.length) },
            updateQuery: (shown, { fetchMoreResult }) => ({
              promotions: appendPage(shown.promotions, fetchMoreResult.promotions),
            }),
          })
      : null,
  );

  if (error && !list) {
    if (contentErrorKind(error) === 'unavailable') return <UnavailableState />;
    return <ErrorState title={title} message={errorMessage(error)} onRetry={() => void refetch()} />;
  }

  const hrefOf = (slug: string) =>
    preview ? routes.draftPromotion({ promotionSlug: slug }) : routes.promotion({ promotionSlug: slug });

  return (
    <section aria-labelledby="page-title" className="content-page">
      <header className="content-page__header">
        <h1 id="page-title">{title}</h1>
        {preview && <DraftNotice />}
        <p className="muted">Prêmios, sorteios e pesquisas para quem faz parte do clube.</p>
      </header>
      <CardGrid
        list={list}
        loading={loading}
        label="Promoções"
        noun="promoções"
        emptyText="Nenhuma promoção no momento. Volte em breve!"
        loadMore={loadMore}
        keyOf={(p) => p.slug}
        renderCard={(p) => (
          <ContentCard item={p} href={hrefOf(p.slug)} extra={p.hasSurvey ? 'Com pesquisa' : undefined} />
        )}
      />
    </section>
  );
}
