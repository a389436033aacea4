import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MRedeemReward, QRedemptionPreview, QReward } from '@/lib/rewards/operations';
import { RewardScreen } from './reward-screen';
import { order, reward, rewardPhoto } from './test-data';

jest.mock('next/navigation', () => ({ usePathname: () => window.location.pathname }));
jest.mock('@/lib/network/attempt-key', () => ({ newAttemptKey: () => 'attempt-1' }));

function renderAt(slug: string, mocks: MockedResponse[]) {
  window.history.pushState({}, '', `/premios/${slug}`);
  return render(
    <MockedProvider mocks={mocks}>
      <RewardScreen />
    </MockedProvider>,
  );
}

const answer = (value: ReturnType<typeof reward>): MockedResponse => ({
  request: { query: QReward, variables: { slug: value.slug } },
  result: { data: { reward: value } },
});

const paulista = {
  __typename: 'RewardDeliveryAddress' as const,
  cep: '01310100',
  address: 'Avenida Paulista',
  number: '1000',
  complement: 'Sala 2',
  district: 'Bela Vista',
  city: 'São Paulo',
  uf: 'SP',
};

const year = new Date().getUTCFullYear();
/** Points of two credits: December's of this year first, then January's of the next. */
const spends = [
  { __typename: 'RedemptionSpend' as const, points: 700, expiresAt: `${year}-12-08T15:00:00.000Z` },
  { __typename: 'RedemptionSpend' as const, points: 200, expiresAt: `${year + 1}-01-20T15:00:00.000Z` },
];

// Used twice: the redemption evicts the balance, and the confirmation still on screen reads it again.
const preview = (balance: number, address: typeof paulista | null = paulista): MockedResponse => ({
  request: { query: QRedemptionPreview, variables: { slug: 'tupia-compacta' } },
  maxUsageCount: 2,
  result: {
    data: {
      me: { __typename: 'User', id: '1', pointsBalance: balance },
      redemptionPreview: {
        __typename: 'RedemptionPreview',
        balance,
        balanceAfter: balance >= 900 ? balance - 900 : null,
        spends: balance >= 900 ? spends : [],
        address,
      },
    },
  },
});

const redeem = (result: MockedResponse['result']): MockedResponse => ({
  request: {
    query: MRedeemReward,
    variables: { input: { slug: 'tupia-compacta', idempotencyKey: 'attempt-1' } },
  },
  result,
});

// jsdom lays nothing out and has no scrollIntoView: the confirmation's own test checks what it scrolls.
beforeEach(() => {
  Element.prototype.scrollIntoView = () => undefined;
});

describe('RewardScreen', () => {
  it('shows the description, the delivery and the points, and confirms in one tap with the balance after', async () => {
    renderAt('tupia-compacta', [answer(reward()), preview(2380), redeem({ data: { redeemReward: order() } })]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Tupia compacta' })).toBeInTheDocument();
    expect(screen.getByText('Tupia de 530 W com fresas.')).toBeInTheDocument();
    expect(screen.getByText('Pelos Correios, em até 15 dias úteis.')).toBeInTheDocument();
    expect(screen.getByText('Até 1 resgate por membro.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Trocar por 900 pontos' }));
    expect(await screen.findByText('1.480 pontos')).toBeInTheDocument();
    expect(screen.getByText('2.380 pontos')).toBeInTheDocument();
    expect(
      screen.getByText('Avenida Paulista, 1000 – Sala 2, Bela Vista, São Paulo/SP, CEP 01310-100'),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar troca por 900 pontos' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Pedido nº 41');
    expect(done).toHaveTextContent('o código de rastreio aparece em Meus resgates');
    expect(screen.getByRole('link', { name: 'Ver meus resgates' })).toHaveAttribute('href', '/meus-resgates');
  });

  it('names the points spent, those expiring first first, with the day each group expires', async () => {
    renderAt('tupia-compacta', [answer(reward()), preview(2380)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Trocar por 900 pontos' }));
    const spent = await screen.findByRole('list', { name: 'Pontos usados' });
    expect(
      within(spent)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '700 pontos que vencem em 08/12 serão usados primeiro',
      `depois, 200 pontos que vencem em 20/01/${year + 1}`,
    ]);
    expect(screen.getByRole('button', { name: 'Alterar endereço desta entrega' })).toBeInTheDocument();
  });

  it('shows the photos as a gallery, and the drawing when the reward has none', async () => {
    const withPhotos = reward({ photos: [rewardPhoto('tupia', 1), rewardPhoto('tupia', 2)] });
    const { unmount } = renderAt('tupia-compacta', [answer(withPhotos)]);
    const gallery = await screen.findByRole('region', { name: 'Fotos do prêmio' });
    expect(within(gallery).getByRole('img', { name: 'Foto 1 do prêmio' })).toHaveAttribute('width', '1024');
    expect(screen.getByText('Foto 1 de 2')).toBeInTheDocument();
    unmount();

    renderAt('tupia-compacta', [answer(reward())]);
    await screen.findByRole('heading', { level: 1, name: 'Tupia compacta' });
    expect(screen.queryByRole('region', { name: 'Fotos do prêmio' })).not.toBeInTheDocument();
    expect(document.querySelector('.reward-picture svg')).not.toBeNull();
  });

  it("a voucher needs no address; the API's refusal is shown in Portuguese", async () => {
    const vale = reward({ type: 'VALE', category: 'VALES', needsAddress: false });
    renderAt('tupia-compacta', [
      answer(vale),
      preview(2380, null),
      redeem({ errors: [new GraphQLError('Este prêmio esgotou.', { extensions: { code: 'BAD_USER_INPUT' } })] }),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Trocar por 900 pontos' }));
    await screen.findByText('1.480 pontos');
    expect(screen.queryByText('Entrega em')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar troca por 900 pontos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este prêmio esgotou.');
  });

  it('tells a member who cannot afford it how many points are missing, without the button', async () => {
    renderAt('tupia-compacta', [answer(reward({ affordable: false, missingPoints: 620 }))]);
    expect(await screen.findByText(/Faltam 620 pontos para este prêmio/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Trocar por/ })).not.toBeInTheDocument();
  });

  it('a reward at the member’s limit says so instead of offering it again', async () => {
    renderAt('tupia-compacta', [answer(reward({ limitReached: true, perMemberLimit: 1 }))]);
    expect(await screen.findByText(/Você já trocou este prêmio uma vez, o limite por membro/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Trocar por/ })).not.toBeInTheDocument();
  });

  it('an editor previewing a draft reads that it is a draft, with nothing to redeem', async () => {
    renderAt('tupia-compacta', [answer(reward({ draft: true }))]);
    expect(await screen.findByText(/Rascunho: só contas de editor veem este prêmio/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Trocar por/ })).not.toBeInTheDocument();
  });

  it('an unknown slug gets the friendly not-found page', async () => {
    renderAt('nao-existe', [
      {
        request: { query: QReward, variables: { slug: 'nao-existe' } },
        result: { errors: [new GraphQLError('Prêmio não encontrado.', { extensions: { code: 'NOT_FOUND' } })] },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Prêmio não encontrado' })).toBeInTheDocument();
    expect(document.querySelector('[data-param="rewardSlug"]')).toHaveTextContent('nao-existe');
  });
});
