import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MCancelRewardOrder, QRewardOrders } from '@/lib/rewards/operations';
import { saveSnapshotPart } from '@/lib/session/member-snapshot';
import { useSessionStore } from '@/lib/session/store';
import { ORDERS_PAGE_SIZE, RewardOrdersScreen } from './reward-orders-screen';
import { event, order } from './test-data';

const page = (items: ReturnType<typeof order>[]) => ({
  __typename: 'RewardOrderPage' as const,
  data: items,
  hasMore: false,
  nextCursor: null,
});

const list = (items: ReturnType<typeof order>[]): MockedResponse => ({
  request: { query: QRewardOrders, variables: { first: ORDERS_PAGE_SIZE } },
  result: { data: { myRewardOrders: page(items) } },
});

const renderScreen = (mocks: MockedResponse[]) =>
  render(
    <MockedProvider mocks={mocks}>
      <RewardOrdersScreen />
    </MockedProvider>,
  );

const shipped = order({
  id: '40',
  status: 'SHIPPED',
  carrier: 'Correios',
  trackingCode: 'BR123456789BR',
  trackingUrl: 'https://rastreamento.correios.com.br/app/index.php?objetos=BR123456789BR',
  createdAt: '2026-03-01T15:00:00.000Z',
  reward: { ...order().reward, slug: 'trena', name: 'Trena laser' },
  events: [
    event('REQUESTED', '2026-03-01T15:00:00.000Z'),
    event('SEPARATING', '2026-03-02T15:00:00.000Z'),
    event('SHIPPED', '2026-03-03T15:00:00.000Z', 'Correios BR123456789BR'),
  ],
});

const voucherCode = { __typename: 'RewardCode' as const, value: 'VALE-7K2M9Q', validUntil: '2027-02-24' };
const voucherOrder = () =>
  order({
    id: '42',
    status: 'DELIVERED',
    code: voucherCode,
    reward: {
      ...order().reward,
      slug: 'vale-compra-100',
      name: 'Vale-compra de R$ 100',
      type: 'VALE',
      delivery: 'Apresente o código no caixa de qualquer loja parceira.',
    },
    events: [
      event('REQUESTED', '2026-11-26T15:00:00.000Z'),
      event('DELIVERED', '2026-11-26T15:00:00.000Z', 'Código emitido'),
    ],
  });

describe('RewardOrdersScreen', () => {
  it('shows each order with its timeline, the tracking code once shipped and "Cancelar" only while Solicitado', async () => {
    renderScreen([list([order(), shipped])]);

    const [newest, older] = await screen.findAllByRole('article');
    expect(within(newest!).getByRole('heading', { name: 'Tupia compacta' })).toBeInTheDocument();
    expect(within(newest!).getByText(/Pedido nº 41/)).toBeInTheDocument();
    expect(within(newest!).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    const steps = within(newest!)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.timeline__status')?.textContent);
    expect(steps).toEqual(['Solicitado', 'Em separação', 'Enviado', 'Entregue']);

    expect(within(older!).getByText(/Correios · código de rastreio BR123456789BR/)).toBeInTheDocument();
    expect(within(older!).getByRole('link', { name: /Acompanhar a entrega/ })).toHaveAttribute(
      'href',
      'https://rastreamento.correios.com.br/app/index.php?objetos=BR123456789BR',
    );
    expect(within(older!).queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
  });

  it('opened from a shipping notice (#pedido-40), scrolls to that order and focuses it, its tracking link inside', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    window.history.replaceState(null, '', '/meus-resgates#pedido-40');
    try {
      renderScreen([list([order(), shipped])]);
      const [, older] = await screen.findAllByRole('article');
      await waitFor(() => expect(older).toHaveFocus());
      expect(scrolled).toEqual([older]);
      expect(within(older!).getByRole('link', { name: /Acompanhar a entrega/ })).toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('cancels after a second tap and shows the reason and the points given back', async () => {
    const cancelled = order({
      status: 'CANCELLED',
      cancelReason: 'Cancelado pelo membro.',
      refundedPoints: 900,
      events: [event('REQUESTED', '2026-03-10T15:00:00.000Z'), event('CANCELLED', '2026-03-10T16:00:00.000Z')],
    });
    renderScreen([
      list([order()]),
      {
        request: { query: MCancelRewardOrder, variables: { id: '41' } },
        result: { data: { cancelRewardOrder: cancelled } },
      },
    ]);

    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(screen.getByText(/Os 900 pontos voltam para o seu saldo/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sim, cancelar' }));

    expect(
      await screen.findByText('Motivo: Cancelado pelo membro. · 900 pontos devolvidos ao seu saldo'),
    ).toBeInTheDocument();
    expect(screen.getByText('Cancelado', { selector: '.status-badge' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
  });

  it('leads a member without orders to the catalogue', async () => {
    renderScreen([list([])]);
    expect(await screen.findByRole('link', { name: 'Escolher um prêmio' })).toHaveAttribute('href', '/premios');
  });

  it('keeps a voucher code behind "Mostrar código", with its validity and how to use it', async () => {
    const voucher = voucherOrder();
    renderScreen([list([voucher])]);

    const card = await screen.findByRole('article');
    const steps = within(card)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.timeline__status')?.textContent);
    expect(steps).toEqual(['Solicitado', 'Entregue']);
    expect(within(card).queryByText('VALE-7K2M9Q')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();

    const reveal = within(card).getByRole('button', { name: 'Mostrar código' });
    expect(reveal).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(reveal);
    expect(within(card).getByText('VALE-7K2M9Q')).toBeInTheDocument();
    expect(card).toHaveTextContent('Válido até 24/02/2027.');
    expect(within(card).getByText('Apresente o código no caixa de qualquer loja parceira.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Ocultar código' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('"Copiar código" puts the code on the clipboard, and says so when the browser refuses', async () => {
    const writeText = jest.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('negado'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen([list([voucherOrder()])]);
    const card = await screen.findByRole('article');
    fireEvent.click(within(card).getByRole('button', { name: 'Mostrar código' }));
    const copy = within(card).getByRole('button', { name: 'Copiar código' });
    fireEvent.click(copy);
    expect(await within(card).findByText('Código copiado.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('VALE-7K2M9Q');
    fireEvent.click(copy);
    expect(await within(card).findByText(/Não foi possível copiar: digite o código/)).toBeInTheDocument();
  });

  it("without signal shows this member's orders and codes as the device kept them, with no cancelling", async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const token = `${b64({ alg: 'HS256' })}.${b64({ sub: '7', exp: 4_000_000_000 })}.c2ln`;
    useSessionStore.setState({ hydrated: true, token, refreshToken: token, initialized: true });
    saveSnapshotPart('7', 'myRewardOrders', page([order(), voucherOrder()]), Date.parse('2026-11-26T18:14:00Z'));
    renderScreen([
      { request: { query: QRewardOrders, variables: { first: ORDERS_PAGE_SIZE } }, error: new Error('offline') },
    ]);

    const [requested, voucher] = await screen.findAllByRole('article');
    expect(within(requested!).queryByRole('button', { name: 'Cancelar' })).not.toBeInTheDocument();
    fireEvent.click(within(voucher!).getByRole('button', { name: 'Mostrar código' }));
    expect(within(voucher!).getByText('VALE-7K2M9Q')).toBeInTheDocument();
    expect(within(voucher!).getByRole('button', { name: 'Copiar código' })).toBeInTheDocument();
    expect(await screen.findByText(/Atualizado/)).toBeInTheDocument();
  });

  it('says an order held for review is "Em análise", without a reason, and still lets the member cancel it', async () => {
    renderScreen([list([order({ status: 'IN_REVIEW' })])]);
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Em análise', { selector: '.status-badge' })).toBeInTheDocument();
    expect(within(card).getByText(/O clube está conferindo este resgate/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });
});
