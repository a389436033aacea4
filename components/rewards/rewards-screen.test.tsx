import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QRewards } from '@/lib/rewards/operations';
import type { CurrentUser } from '@/lib/session/use-current-user-query';
import { CurrentUserProvider } from '../providers/current-user';
import { REWARDS_PAGE_SIZE, RewardsScreen } from './rewards-screen';
import { rewardCard } from './test-data';

const page = (items: ReturnType<typeof rewardCard>[], nextCursor: string | null = null) => ({
  __typename: 'RewardPage' as const,
  data: items,
  hasMore: nextCursor !== null,
  nextCursor,
});

const member = { id: '1', name: 'Ana', pointsBalance: 1380 } as CurrentUser;

const renderScreen = (mocks: MockedResponse[]) =>
  render(
    <MockedProvider mocks={mocks}>
      <CurrentUserProvider user={member}>
        <RewardsScreen />
      </CurrentUserProvider>
    </MockedProvider>,
  );

afterEach(() => window.history.replaceState(null, '', '/'));

const names = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('RewardsScreen', () => {
  it('shows each reward with its points, stock and how many points are still missing', async () => {
    renderScreen([
      {
        request: { query: QRewards, variables: { first: REWARDS_PAGE_SIZE } },
        result: {
          data: {
            rewards: page([
              rewardCard(3),
              rewardCard(12, { affordable: false, missingPoints: 350, stock: 1, category: 'CURSOS' }),
              rewardCard(20, { affordable: false, missingPoints: 1200, stock: 0 }),
            ]),
          },
        },
      },
    ]);

    expect(await screen.findByRole('link', { name: 'Prêmio 3' })).toHaveAttribute('href', '/premios/premio-3');
    const [first, second, third] = screen.getAllByRole('article');
    expect(within(first!).getByText('300 pontos')).toBeInTheDocument();
    expect(within(first!).getByText('Restam 5 unidades')).toBeInTheDocument();
    expect(within(first!).getByText('Você já pode trocar')).toBeInTheDocument();
    expect(within(second!).getByText('Cursos e capacitação')).toBeInTheDocument();
    expect(within(second!).getByText('Faltam 350 pontos')).toBeInTheDocument();
    expect(within(second!).getByText('Resta 1 unidade')).toBeInTheDocument();
    expect(within(third!).getByText('Esgotado')).toBeInTheDocument();
    expect(within(third!).queryByText(/Faltam/)).not.toBeInTheDocument();
    // The balance the cards are read against, at the top.
    expect(screen.getByText('Seu saldo:').closest('p')).toHaveTextContent('Seu saldo: 1.380 pontos');
  });

  it('keeps the filters in the address, so Back or a reload finds the catalogue as it was left', async () => {
    window.history.replaceState(null, '', '/premios?categoria=ferramentas&posso-trocar=sim');
    renderScreen([
      {
        request: {
          query: QRewards,
          variables: { first: REWARDS_PAGE_SIZE, category: 'FERRAMENTAS', affordable: true },
        },
        result: { data: { rewards: page([rewardCard(3)]) } },
      },
      {
        request: { query: QRewards, variables: { first: REWARDS_PAGE_SIZE, affordable: true } },
        result: { data: { rewards: page([rewardCard(3), rewardCard(4)]) } },
      },
      {
        request: { query: QRewards, variables: { first: REWARDS_PAGE_SIZE } },
        result: { data: { rewards: page([rewardCard(3), rewardCard(4), rewardCard(40)]) } },
      },
    ]);
    expect(await screen.findByText('Prêmio 3')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Posso trocar agora' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Ferramentas' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Todos' }));
    expect(await screen.findByText('Prêmio 4')).toBeInTheDocument();
    expect(window.location.search).toBe('?posso-trocar=sim');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Posso trocar agora' }));
    expect(await screen.findByText('Prêmio 40')).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('"Posso trocar agora" and a category ask the API for only those rewards', async () => {
    renderScreen([
      {
        request: { query: QRewards, variables: { first: REWARDS_PAGE_SIZE } },
        result: { data: { rewards: page([rewardCard(3), rewardCard(30, { affordable: false, missingPoints: 9 })]) } },
      },
      {
        request: { query: QRewards, variables: { first: REWARDS_PAGE_SIZE, affordable: true } },
        result: { data: { rewards: page([rewardCard(3)]) } },
      },
      {
        request: { query: QRewards, variables: { first: REWARDS_PAGE_SIZE, category: 'VALES', affordable: true } },
        result: { data: { rewards: page([]) } },
      },
    ]);
    await screen.findByText('Prêmio 30');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Posso trocar agora' }));
    await screen.findByText('Prêmio 3');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(names()).toEqual(['Prêmio 3']);

    const vales = screen.getByRole('button', { name: 'Vales-compra nas lojas parceiras' });
    fireEvent.click(vales);
    expect(vales).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(/Nenhum prêmio com esses filtros/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver todos os prêmios' })).toBeInTheDocument();
  });

  it('"Carregar mais" adds the next page under the first', async () => {
    renderScreen([
      {
        request: { query: QRewards, variables: { first: REWARDS_PAGE_SIZE } },
        result: { data: { rewards: page([rewardCard(1), rewardCard(2)], 'c2') } },
      },
      {
        request: { query: QRewards, variables: { first: REWARDS_PAGE_SIZE, after: 'c2' } },
        result: { data: { rewards: page([rewardCard(3)]) } },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByText('Prêmio 3')).toBeInTheDocument();
    expect(names()).toEqual(['Prêmio 1', 'Prêmio 2', 'Prêmio 3']);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('says so when the catalogue is empty', async () => {
    renderScreen([
      {
        request: { query: QRewards, variables: { first: REWARDS_PAGE_SIZE } },
        result: { data: { rewards: page([]) } },
      },
    ]);
    expect(await screen.findByText(/catálogo de prêmios está vazio/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver meu extrato' })).toHaveAttribute('href', '/historico');
  });
});
