'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { QCampaigns } from '@/lib/content/operations';
import { routes } from '@/lib/routes';
import { ContentCard } from './cards';
import { CardListSkeleton, EmptyState, ErrorState, Loading } from './content-states';
import { LoadMore } from './paged-list';

export const LIST_PAGE_SIZE = 6;

export function CampaignsScreen() {
  const [loadingMore, setLoadingMore] = useState(false);
  const { data, error, loading, refetch, fetchMore } = useQuery(QCampaigns, {
    variables: { page: 1, pageSize: LIST_PAGE_SIZE },
    notifyOnNetworkStatusChange: false,
  });
  const list = data?.customCampaigns;

  if (error && !list) {
    return <ErrorState title="Campanhas" message={errorMessage(error)} onRetry={() => void refetch()} />;
  }

  const loadMore = async () => {
    if (!list) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { page: Math.floor(list.data.length / LIST_PAGE_SIZE) + 1 },
        updateQuery: (previous, { fetchMoreResult }) => ({
          customCampaigns: {
            ...fetchMoreResult.customCampaigns,
            data: [...(previous.customCampaigns?.data ?? []), ...fetchMoreResult.customCampaigns.data],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section aria-labelledby="page-title" className="content-page">
      <header className="content-page__header">
        <h1 id="page-title">Campanhas</h1>
        <p className="muted">
          Campanhas dão pontos extras por um período. Fora delas vale a{' '}
          <Link href={routes.standardCampaign()}>campanha padrão</Link>.
        </p>
      </header>
      {loading && !list ? (
        <Loading>
          <CardListSkeleton />
        </Loading>
      ) : list && list.data.length === 0 ? (
        <EmptyState>Nenhuma campanha no momento. Volte em breve!</EmptyState>
      ) : list ? (
        <>
          <ul className="content-grid" aria-label="Campanhas">
            {list.data.map((c) => (
              <li key={c.id}>
                <ContentCard item={c} href={routes.campaign({ campaignId: c.id })} />
              </li>
            ))}
          </ul>
          <LoadMore
            shown={list.data.length}
            total={list.total}
            loading={loadingMore}
            onLoadMore={() => void loadMore()}
            noun="campanhas"
          />
        </>
      ) : null}
    </section>
  );
}
