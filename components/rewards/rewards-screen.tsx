'use client';
import { useQuery } from '@apollo/client/react';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import type { RewardCategory } from '@/lib/graphql/generated/graphql';
import { formatPoints } from '@/common/format/numbers';
import { appendPage } from '@/lib/apollo/append-page';
import { errorMessage } from '@/lib/apollo/errors';
import { REWARD_CATEGORIES } from '@/common/rewards/labels';
import { QRewards } from '@/lib/rewards/operations';
import { routes } from '@/common/routes';
import { filterFromSearch, searchOfFilter } from '@/common/routing/url-filters';
import { useDeviceCopy } from '@/lib/session/use-device-copy';
import { DeviceCopy } from '../ui/device-copy';
import { ListStatus, OlderItemsButton } from '../ui/list-states';
import { useLoadMore } from '../ui/use-load-more';
import { useCurrentUser } from '../providers/current-user';
import { RewardCard } from './reward-card';

/** Cards per page: fills 1, 2 or 3 columns evenly. */
export const REWARDS_PAGE_SIZE = 12;

function EmptyRewards({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="projects-empty">
      {filtered ? (
        <>
          <p>Nenhum prêmio com esses filtros por enquanto. Envie notas fiscais para juntar mais pontos.</p>
          <button type="button" className="button button--secondary" onClick={onClear}>
            Ver todos os prêmios
          </button>
        </>
      ) : (
        <>
          <p>
            O catálogo de prêmios está vazio no momento. Novos prêmios chegam em breve; seus pontos continuam valendo.
          </p>
          <Link className="button button--secondary" href={routes.history()}>
            Ver meu extrato
          </Link>
        </>
      )}
    </div>
  );
}

/** The filters as the address keeps them: `?categoria=ferramentas&posso-trocar=sim`. */
const NO_FILTER = { categoria: '', 'posso-trocar': '' };
type Filter = { category: RewardCategory | null; affordable: boolean };

function filterOfAddress(search: string): Filter {
  const read = filterFromSearch(NO_FILTER, search);
  const category = REWARD_CATEGORIES.find((c) => c.value.toLowerCase() === read.categoria)?.value ?? null;
  return { category, affordable: read['posso-trocar'] === 'sim' };
}

/**
 * The filters live in the address, so Back from a reward (or a reload) finds the catalogue as it was left. The export
 * has no query string at build time: the address is read once the page runs, before the first query.
 */
function useCatalogueFilter() {
  const [filter, setFilter] = useState<Filter | null>(null);
  useEffect(() => {
    const read = () => setFilter(filterOfAddress(window.location.search));
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);
  const change = (next: Filter) => {
    setFilter(next);
    // Replaced, not pushed: Back leaves the catalogue rather than walking through every filter tapped.
    const search = searchOfFilter({
      categoria: next.category?.toLowerCase() ?? '',
      'posso-trocar': next.affordable ? 'sim' : '',
    });
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}`);
  };
  return { filter, change };
}

export function RewardsScreen() {
  const user = useCurrentUser();
  const { filter, change } = useCatalogueFilter();
  const category = filter?.category ?? null;
  const affordable = filter?.affordable ?? false;
  const setCategory = (value: RewardCategory | null) => change({ category: value, affordable });
  const setAffordable = (value: boolean) => change({ category, affordable: value });
  // Only the filters that are on travel: the API's defaults are "every category" and "every reward".
  const filters = { ...(category ? { category } : {}), ...(affordable ? { affordable: true } : {}) };
  const { data, loading, error, fetchMore } = useQuery(QRewards, {
    variables: { first: REWARDS_PAGE_SIZE, ...filters },
    // Stock and the balance change with every redemption: come back to fresh numbers.
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
    skip: filter === null,
  });
  const filtered = category !== null || affordable;
  // The whole catalogue as the club last sent it, for a screen opened without signal (a filtered view is not kept).
  const copy = useDeviceCopy('rewards', data?.rewards, !filtered);
  const page = copy.value;
  const cursor = page?.hasMore && !copy.fromDevice ? page.nextCursor : null;
  const { loadingMore, loadMoreError, loadMore } = useLoadMore(
    cursor
      ? () =>
          fetchMore({
            variables: { first: REWARDS_PAGE_SIZE, ...filters, after: cursor },
            updateQuery: (shown, { fetchMoreResult }) => ({
              rewards: appendPage(shown.rewards, fetchMoreResult.rewards),
            }),
          })
      : null,
  );

  return (
    <section className="card projects-screen rewards-screen" aria-labelledby="page-title">
      <header className="projects-screen__header">
        <h1 id="page-title">Prêmios</h1>
        <Link className="button button--secondary" href={routes.rewardOrders()}>
          Meus resgates
        </Link>
        <Link className="button button--secondary" href={routes.rewardTransfer()}>
          Transferir pontos
        </Link>
      </header>
      <p className="rewards-screen__balance">
        Seu saldo: <strong>{formatPoints(user.pointsBalance)} pontos</strong>
      </p>
      <p className="muted rewards-screen__intro">
        Troque seus pontos por ferramentas, acessórios, cursos, vales-compra e experiências.
      </p>

      <div className="reward-filters">
        <div className="reward-filters__categories" role="group" aria-label="Categoria">
          <button type="button" className="chip" aria-pressed={category === null} onClick={() => setCategory(null)}>
            Todos
          </button>
          {REWARD_CATEGORIES.map((c) => (
            <button
              key={c.value}
              type="button"
              className="chip"
              aria-pressed={category === c.value}
              onClick={() => setCategory(c.value)}
            >
              {c.label}
            </button>
          ))}
        </div>
        <label className="reward-filters__affordable">
          <input type="checkbox" checked={affordable} onChange={(event) => setAffordable(event.target.checked)} />
          Posso trocar agora
        </label>
      </div>

      <DeviceCopy shown={copy.fromDevice} savedAt={copy.savedAt} />
      {copy.fromDevice && (
        <p className="muted">
          Os pontos e o estoque dos prêmios podem ter mudado desde então: a troca confere com o clube.
        </p>
      )}
      <ListStatus
        error={error && !page ? errorMessage(error) : null}
        loading={loading && !page}
        empty={false}
        loadingLabel="Carregando os prêmios"
        emptyText=""
      />
      {page && page.data.length === 0 && (
        <EmptyRewards filtered={filtered} onClear={() => change({ category: null, affordable: false })} />
      )}
      {page && page.data.length > 0 && (
        <>
          <ul
            className="content-grid projects-grid rewards-grid"
            aria-label={
              affordable
                ? 'Prêmios que você pode trocar agora, dos que custam menos pontos aos que custam mais'
                : 'Prêmios: primeiro os que você pode trocar agora, depois os outros, dos que custam menos pontos aos que custam mais'
            }
          >
            {page.data.map((reward) => (
              <li key={reward.slug}>
                <RewardCard reward={reward} />
              </li>
            ))}
          </ul>
          <div className="projects-screen__more">
            <p className="muted" aria-live="polite">
              {page.data.length} {page.data.length === 1 ? 'prêmio' : 'prêmios'} na tela
            </p>
            {cursor && (
              <OlderItemsButton loading={loadingMore} error={loadMoreError} onClick={loadMore}>
                Carregar mais
              </OlderItemsButton>
            )}
          </div>
        </>
      )}
    </section>
  );
}
