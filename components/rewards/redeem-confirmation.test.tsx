import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RewardAddressInput } from '@/lib/graphql/generated/graphql';
import { expiryDay, RedeemConfirmation } from './redeem-confirmation';
import { order, reward } from './test-data';

jest.mock('@/lib/network/attempt-key', () => ({ newAttemptKey: () => 'attempt-1' }));

const paulista = {
  __typename: 'RewardDeliveryAddress' as const,
  cep: '01310100',
  address: 'Avenida Paulista',
  number: '1000',
  complement: null,
  district: 'Bela Vista',
  city: 'São Paulo',
  uf: 'SP',
};

const STATES = [
  { __typename: 'State' as const, id: '19', uf: 'RJ', name: 'Rio de Janeiro' },
  { __typename: 'State' as const, id: '25', uf: 'SP', name: 'São Paulo' },
];

/** An API that answers the confirmation's operations by name and records what the redemption sent. */
function fakeApi(address: typeof paulista | null) {
  const redeemed: { slug: string; address?: RewardAddressInput }[] = [];
  const answers: Record<string, (variables: Record<string, unknown>) => unknown> = {
    QRedemptionPreview: () => ({
      me: { __typename: 'User', id: '1', pointsBalance: 2380 },
      redemptionPreview: {
        __typename: 'RedemptionPreview',
        balance: 2380,
        balanceAfter: 1480,
        spends: [{ __typename: 'RedemptionSpend', points: 900, expiresAt: '2027-01-20T15:00:00.000Z' }],
        address,
      },
    }),
    QDeliveryStates: () => ({ states: STATES }),
    QCities: () => ({ cities: [] }),
    QCepAddress: ({ cep }) => ({
      cepAddress:
        cep === '20040002'
          ? {
              __typename: 'CepAddress',
              cep: '20040002',
              address: 'Avenida Rio Branco',
              district: 'Centro',
              state: STATES[0],
              cityName: 'Rio de Janeiro',
            }
          : null,
    }),
    MRedeemReward: ({ input }) => {
      redeemed.push(input as (typeof redeemed)[number]);
      return { redeemReward: order() };
    },
  };
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        observer.next({ data: answers[operation.operationName!]!(operation.variables) as Record<string, unknown> });
        observer.complete();
      }),
  );
  return { client: new ApolloClient({ cache: new InMemoryCache(), link }), redeemed };
}

function renderConfirmation(address: typeof paulista | null) {
  const api = fakeApi(address);
  const onDone = jest.fn();
  render(
    <ApolloProvider client={api.client}>
      <RedeemConfirmation reward={reward()} onCancel={() => {}} onDone={onDone} />
    </ApolloProvider>,
  );
  return { ...api, onDone };
}

const entrega = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

/** What the confirmation asked the browser to scroll into view (jsdom has no layout to scroll). */
const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});

describe('RedeemConfirmation', () => {
  it('comes into view with its heading focused, again once its lines arrive', async () => {
    renderConfirmation(paulista);
    expect(await screen.findByText('Saldo depois')).toBeInTheDocument();
    const heading = screen.getByRole('heading', { name: 'Confirme o resgate' });
    expect(heading).toHaveFocus();
    const section = heading.closest('section');
    expect(scrolled.length).toBeGreaterThanOrEqual(2);
    expect(scrolled.at(-1)).toBe(section);
  });

  it('changes the address of this order only: the CEP fills the street, and the order carries it', async () => {
    const { redeemed, onDone } = renderConfirmation(paulista);
    expect(await screen.findByText('Entrega em')).toBeInTheDocument();
    expect(entrega('Entrega em')).toHaveTextContent('Avenida Paulista, 1000, Bela Vista, São Paulo/SP, CEP 01310-100');

    fireEvent.click(screen.getByRole('button', { name: 'Alterar endereço desta entrega' }));
    const form = await screen.findByRole('form', { name: 'Endereço desta entrega' });
    expect(within(form).getByLabelText('Endereço')).toHaveValue('Avenida Paulista');
    // The confirmation waits for the address: one decision at a time.
    expect(screen.queryByRole('button', { name: /^Confirmar troca/ })).not.toBeInTheDocument();

    fireEvent.change(within(form).getByLabelText('CEP'), { target: { value: '20040002' } });
    await waitFor(() => expect(within(form).getByLabelText('Endereço')).toHaveValue('Avenida Rio Branco'));
    expect(within(form).getByLabelText('Bairro')).toHaveValue('Centro');
    expect(within(form).getByLabelText('Estado')).toHaveValue('19');
    expect(within(form).getByLabelText('Cidade')).toHaveValue('Rio de Janeiro');
    fireEvent.change(within(form).getByLabelText('Número'), { target: { value: '15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Usar este endereço' }));

    expect(await screen.findByText('Entrega neste resgate em')).toBeInTheDocument();
    expect(entrega('Entrega neste resgate em')).toHaveTextContent(
      'Avenida Rio Branco, 15, Centro, Rio de Janeiro/RJ, CEP 20040-002',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar troca por 900 pontos' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(redeemed).toEqual([
      {
        slug: 'tupia-compacta',
        idempotencyKey: 'attempt-1',
        address: {
          cep: '20040002',
          address: 'Avenida Rio Branco',
          number: '15',
          complement: null,
          district: 'Centro',
          city: 'Rio de Janeiro',
          uf: 'RJ',
        },
      },
    ]);
  });

  it('keeps the profile address when the change is given up, and sends none of its own', async () => {
    const { redeemed, onDone } = renderConfirmation(paulista);
    fireEvent.click(await screen.findByRole('button', { name: 'Alterar endereço desta entrega' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Manter o endereço anterior' }));
    expect(entrega('Entrega em')).toHaveTextContent('Avenida Paulista, 1000');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar troca por 900 pontos' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(redeemed).toEqual([{ slug: 'tupia-compacta', idempotencyKey: 'attempt-1' }]);
  });

  it('opens the form at once when the profile has no address, with a pt-BR message under each missing field', async () => {
    renderConfirmation(null);
    expect(await screen.findByText(/Seu perfil ainda não tem um endereço completo/)).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Endereço desta entrega' });
    expect(within(form).queryByRole('button', { name: 'Manter o endereço anterior' })).not.toBeInTheDocument();

    fireEvent.click(within(form).getByRole('button', { name: 'Usar este endereço' }));
    expect(await within(form).findByText('Informe o CEP.')).toBeInTheDocument();
    expect(within(form).getByText('Informe a rua do endereço de entrega.')).toBeInTheDocument();
    expect(within(form).getByText('Informe o número do endereço (ou "s/n").')).toBeInTheDocument();
    expect(within(form).getByText('Escolha o estado do endereço de entrega.')).toBeInTheDocument();
    expect(within(form).getByText('Informe a cidade do endereço de entrega.')).toBeInTheDocument();
    expect(within(form).getByLabelText('CEP')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('expiryDay', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');
  it('says the day and month for this year, and the year too for another', () => {
    expect(expiryDay('2026-12-08T15:00:00.000Z', now)).toBe('08/12');
    expect(expiryDay('2027-01-20T15:00:00.000Z', now)).toBe('20/01/2027');
    // 31/12 at 23:30 in São Paulo is still this year, although UTC has moved on.
    expect(expiryDay('2027-01-01T02:30:00.000Z', now)).toBe('31/12');
  });
});
