import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PointsEntries } from './points-entries';

const entry = (
  id: string,
  kind: string,
  points: number,
  description: string,
  orderId: string | null = null,
  transferId: string | null = null,
) => ({
  __typename: 'PointsEntry' as const,
  id,
  kind,
  points,
  description,
  createdAt: '2026-11-20T15:00:00.000Z',
  expiresAt: points > 0 && kind !== 'REFUND' ? '2027-11-20T15:00:00.000Z' : null,
  invoiceId: null,
  orderId,
  transferId,
});

/** An extract that answers every page with these entries and records the kinds asked. */
function fakeApi() {
  const kindsAsked: unknown[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        kindsAsked.push(operation.variables['kinds']);
        observer.next({
          data: {
            pointsEntries: {
              __typename: 'PointsEntryPage',
              data: [
                entry('5', 'REFUND', 1000, 'Estorno da transferência nº 7 para Pontos Parceiro', null, '7'),
                entry('4', 'REDEMPTION', -1000, 'Transferência nº 7 para Pontos Parceiro', null, '7'),
                entry('3', 'REFUND', 900, 'Estorno do resgate nº 41', '41'),
                entry('2', 'REDEMPTION', -900, 'Resgate: Tupia laminadora 530 W', '41'),
                entry('1', 'CREDIT', 1200, 'Nota fiscal nº 123'),
              ],
              hasMore: false,
              nextCursor: null,
            },
          },
        });
        observer.complete();
      }),
  );
  return { client: new ApolloClient({ cache: new InMemoryCache(), link }), kindsAsked };
}

describe('PointsEntries', () => {
  it('shows a redemption or a transfer as a debit and its refund as a credit, each labelled and linked to its order or transfer', async () => {
    const { client } = fakeApi();
    render(
      <ApolloProvider client={client}>
        <PointsEntries />
      </ApolloProvider>,
    );
    const rows = await screen.findAllByRole('listitem');
    const [transferRefund, transfer, refund, redemption, credit] = rows;
    expect(transfer).toHaveTextContent('20/11/2026 · Transferência · Transferência nº 7');
    expect(within(transfer!).getByRole('link', { name: 'Transferência nº 7' })).toHaveAttribute(
      'href',
      '/premios/transferir',
    );
    expect(transferRefund).toHaveTextContent('Estorno · Transferência nº 7');
    expect(redemption).toHaveTextContent('Resgate: Tupia laminadora 530 W');
    expect(redemption).toHaveTextContent('20/11/2026 · Resgate · Pedido nº 41');
    expect(redemption).toHaveTextContent('−900 pontos');
    expect(within(redemption!).getByRole('link', { name: 'Pedido nº 41' })).toHaveAttribute(
      'href',
      '/meus-resgates#order-41',
    );
    expect(refund).toHaveTextContent('Estorno · Pedido nº 41');
    expect(refund).toHaveTextContent('+900 pontos');
    expect(credit).toHaveTextContent('Crédito · vence em 20/11/2027');
    expect(within(credit!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('filters the redemptions and refunds together', async () => {
    const { client, kindsAsked } = fakeApi();
    render(
      <ApolloProvider client={client}>
        <PointsEntries />
      </ApolloProvider>,
    );
    await screen.findAllByRole('listitem');
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'rewards' } });
    await waitFor(() => expect(kindsAsked.at(-1)).toEqual(['REDEMPTION', 'REFUND']));
  });
});
