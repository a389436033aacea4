'use client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { contentErrorKind } from '@/lib/content/errors';
import { QPromotions } from '@/lib/content/operations';
import { routes } from '@/lib/routes';
import { ContentCard } from './cards';
import { LIST_PAGE_SIZE } from './campaigns-screen';
import { CardListSkeleton, EmptyState, ErrorState, Loading, UnavailableState } from './content-states';
import { DraftNotice } from './badges';
import { LoadMore } from './paged-list';

export function PromotionsScreen({ preview = false }: { preview?: boolean }) {
  const [loadingMore, setLoadingMore] = useState(false);
  const { data, error, loading, refetch, fetchMore } = useQuery(QPromotions, {
    variables: { page: 1, pageSize: LIST_PAGE_SIZE, preview },
  });
  const list = data?.promotions;
  const title = preview ? 'Rascunho das promoções' : 'Promoções';

  if (error && !list) {
    if (contentErrorKind(error) === 'unavailable') return <UnavailableState />;
    return <ErrorState title={title} message={errorMessage(error)} onRetry={() => void refetch()} />;
  }

  const loadMore = async () => {
    if (!list) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { page: Math.floor(list.data.length / LIST_PAGE_SIZE) + 1 },
        updateQuery: (previous, { fetchMoreResult }) => ({
          promotions: {
            ...fetchMoreResult.promotions,
            data: [...(previous.promotions?.data ?? []), ...fetchMoreResult.promotions.data],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  const hrefOf = (slug: string) =>
    preview ? routes.draftPromotion({ promotionSlug: slug }) : routes.promotion({ promotionSlug: slug });

  return (
    <section aria-labelledby="page-title" className="content-page">
      <header className="content-page__header">
        <h1 id="page-title">{title}</h1>
        {preview && <DraftNotice />}
        <p className="muted">Prêmios, sorteios e pesquisas para quem faz parte do clube.</p>
      </header>
      {loading && !list ? (
        <Loading>
          <CardListSkeleton />
        </Loading>
      ) : list && list.data.length === 0 ? (
        <EmptyState>Nenhuma promoção no momento. Volte em breve!</EmptyState>
      ) : list ? (
        <>
          <ul className="content-grid" aria-label="Promoções">
            {list.data.map((p) => (
              <li key={p.slug}>
                <ContentCard item={p} href={hrefOf(p.slug)} extra={p.hasSurvey ? 'Com pesquisa' : undefined} />
              </li>
            ))}
          </ul>
          <LoadMore
            shown={list.data.length}
            total={list.total}
            loading={loadingMore}
            onLoadMore={() => void loadMore()}
            noun="promoções"
          />
        </>
      ) : null}
    </section>
  );
}
