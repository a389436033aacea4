import { MockedProvider } from '@apollo/client/testing/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { QHomeReward } from '@/lib/home/operations';
import { HomeReward } from './home-reward';
import { installIdleCallbacks } from '@/lib/testing/idle-callbacks';

jest.mock('next/navigation', () => ({ useRouter: () => ({ prefetch: jest.fn() }) }));

const tupia = (affordable: boolean, missingPoints: number) => ({
  __typename: 'Reward' as const,
  slug: 'tupia-laminadora',
  name: 'Tupia laminadora 530 W',
  category: 'FERRAMENTAS' as const,
  points: 8500,
  affordable,
  missingPoints,
  photos: [
    {
      __typename: 'RewardPhoto' as const,
      thumbnailUrl: '/conteudo/imagens/tupia-mini.webp',
      thumbnailWidth: 480,
      thumbnailHeight: 360,
    },
  ],
});

function renderWith(closestReward: ReturnType<typeof tupia> | null) {
  const me = { __typename: 'User', id: '1', pointsBalance: 1200 };
  const answered = jest.fn(() => ({ data: { me, closestReward } }));
  const view = render(
    <MockedProvider mocks={[{ request: { query: QHomeReward }, result: answered }]}>
      <HomeReward />
    </MockedProvider>,
  );
  return { ...view, answered };
}

beforeAll(installIdleCallbacks);

describe('HomeReward', () => {
  it('shows the reward the balance already covers, with its thumbnail and a link to it', async () => {
    renderWith(tupia(true, 0));
    expect(await screen.findByRole('heading', { name: 'Você já pode trocar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tupia laminadora 530 W' })).toHaveAttribute(
      'href',
      '/premios/tupia-laminadora',
    );
    expect(screen.getByText('8.500 pontos')).toBeInTheDocument();
    const thumbnail = document.querySelector('img');
    expect(thumbnail).toHaveAttribute('width', '480');
    expect(thumbnail).toHaveAttribute('alt', '');
  });

  it('names the next reward and the points still missing', async () => {
    renderWith(tupia(false, 1200));
    expect(await screen.findByRole('heading', { name: 'Seu próximo prêmio' })).toBeInTheDocument();
    expect(screen.getByText('8.500 pontos · faltam 1.200')).toBeInTheDocument();
  });

  it('shows nothing when the catalogue has no reward to point to, and gives back the room it kept', async () => {
    const { container, answered } = renderWith(null);
    // While it loads, the card's room is kept so what is under it stays put.
    expect(container.querySelector('.home-reward--pending')).toBeInTheDocument();
    await waitFor(() => expect(answered).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.textContent).toBe('');
    expect(container.querySelector('.home-reward--pending')).not.toBeInTheDocument();
  });
});
