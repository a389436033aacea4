'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { appendPage } from '@/lib/apollo/append-page';
import { errorMessage } from '@/lib/apollo/errors';
import { QCampaigns } from '@/lib/content/operations';
import { routes } from '@/common/routes';
import { ContentCard } from './cards';
import { useLoadMore } from '../ui/use-load-more';
import { ErrorState } from '../ui/content-states';
import { CardGrid, LIST_PAGE_SIZE, nextPageOf } from './paged-list';

export function CampaignsScreen() {
  const { data, error, loading, refetch, fetchMore } = useQuery(QCampaigns, {
    variables: { page: 1, pageSize: LIST_PAGE_SIZE },
    notifyOnNetworkStatusChange: false,
  });
  const list = data?.customCampaigns;
  const loadMore = useLoadMore(
    list
      ? () =>
          fetchMore({
            variables: { page: nextPageOf(list.data.length) },
            updateQuery: (shown, { fetchMoreResult }) => ({
              customCampaigns: appendPage(shown.customCampaigns, fetchMoreResult.customCampaigns),
            }),
          })
      : null,
  );

  if (error && !list) {
    return <ErrorState title="Campanhas" message={errorMessage(error)} onRetry={() => void refetch()} />;
  }

  return (
    <section aria-labelledby="page-title" className="content-page">
      <header className="content-page__header">
        <h1 id="page-title">Campanhas</h1>
        <p className="muted">
          Campanhas dão pontos extras por um período. Fora delas vale a{' '}
          <Link href={routes.standardCampaign()}>campanha padrão</Link>.
        </p>
      </header>
      <CardGrid
        list={list}
        loading={loading}
        label="Campanhas"
        noun="campanhas"
        emptyText="Nenhuma campanha no momento. Volte em breve!"
        loadMore={loadMore}
        keyOf={(c) => c.id}
        renderCard={(c) => <ContentCard item={c} href={routes.campaign({ campaignId: c.id })} />}
      />
    </section>
  );
}
