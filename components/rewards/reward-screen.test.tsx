import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { GraphQLError } from 'graphql';
import { fireEvent, render, screen } from '@testing-library/react';
import { MRedeemReward, QRedeemContext, QReward } from '@/lib/rewards/operations';
import { RewardScreen } from './reward-screen';
import { order, reward } from './test-data';

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

const me = {
  __typename: 'User' as const,
  id: 'u1',
  cep: '01310100',
  address: 'Avenida Paulista',
  number: '1000',
  complement: 'Sala 2',
  district: 'Bela Vista',
  state: { __typename: 'State' as const, id: '25', uf: 'SP' },
  city: { __typename: 'City' as const, id: '3550308', name: 'São Paulo' },
};

// Used twice: the redemption evicts the balance, and the confirmation still on screen reads it again.
const context = (balance: number, who: typeof me | null = me): MockedResponse => ({
  request: { query: QRedeemContext },
  maxUsageCount: 2,
  result: { data: { pointsSummary: { __typename: 'PointsSummary', balance }, me: who } },
});

const redeem = (result: MockedResponse['result']): MockedResponse => ({
  request: {
    query: MRedeemReward,
    variables: { input: { slug: 'tupia-compacta', idempotencyKey: 'attempt-1' } },
  },
  result,
});

describe('RewardScreen', () => {
  it('shows the description, the delivery and the points, and confirms in one tap with the balance after', async () => {
    renderAt('tupia-compacta', [answer(reward()), context(2380), redeem({ data: { redeemReward: order() } })]);

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

  it('a product without a complete profile address cannot be confirmed, and says where to fix it', async () => {
    renderAt('tupia-compacta', [answer(reward()), context(2380, { ...me, number: '' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Trocar por 900 pontos' }));
    expect(await screen.findByRole('link', { name: 'Complete o endereço no perfil' })).toHaveAttribute(
      'href',
      '/perfil',
    );
    expect(screen.getByRole('button', { name: 'Confirmar troca por 900 pontos' })).toBeDisabled();
  });

  it("a voucher needs no address; the API's refusal is shown in Portuguese", async () => {
    const vale = reward({ type: 'VALE', category: 'VALES', needsAddress: false });
    renderAt('tupia-compacta', [
      answer(vale),
      context(2380, null),
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
