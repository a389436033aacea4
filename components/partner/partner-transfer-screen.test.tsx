import { ApolloLink, Observable } from '@apollo/client';
import { MockLink, type MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { PartnerProgramFieldsFragment, PartnerTransferFieldsFragment } from '@/lib/graphql/generated/graphql';
import {
  MLinkPointsPartner,
  MTransferToPointsPartner,
  QPartnerTransferSimulation,
  QPartnerTransfers,
  QPointsPartner,
} from '@/lib/partner/operations';
import { PartnerTransferScreen, TRANSFERS_PAGE_SIZE } from './partner-transfer-screen';

jest.mock('@/lib/network/attempt-key', () => ({ newAttemptKey: () => 'chave-de-teste-1' }));

/** 09:00 of 22/11/2026 in São Paulo; the next transfer, once today's is made, from 00:00 of 23/11. */
const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const TOMORROW = '2026-11-23T03:00:00.000Z';
beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});

const program = (fields: Partial<PartnerProgramFieldsFragment> = {}) => ({
  __typename: 'PointsPartnerProgram' as const,
  name: 'Programa Parceiro',
  linkedAccount: '12345678',
  linkedAt: '2026-11-20T12:00:00.000Z',
  rateClubPoints: 1,
  ratePartnerPoints: 1,
  minimum: 1000,
  multiple: 100,
  transfersPerDay: 1,
  answerWithinHours: 24,
  balance: 2500,
  maxTransferable: 2500,
  canTransferToday: true,
  nextTransferAt: null,
  ...fields,
});

const transfer = (fields: Partial<PartnerTransferFieldsFragment> = {}) => ({
  __typename: 'PartnerTransfer' as const,
  id: '7',
  status: 'REQUESTED' as PartnerTransferFieldsFragment['status'],
  program: 'Programa Parceiro',
  accountId: '12345678',
  points: 1000,
  partnerPoints: 1000,
  refuseReason: null,
  refundedPoints: 0,
  createdAt: '2026-11-22T12:00:00.000Z',
  settledAt: null,
  ...fields,
});

const programMock = (p: PartnerProgramFieldsFragment): MockedResponse => ({
  request: { query: QPointsPartner },
  result: { data: { me: { __typename: 'User', id: '1', pointsBalance: p.balance }, pointsPartner: p } },
});
const simulationMock = (points: number, rate = { rateClubPoints: 1, ratePartnerPoints: 1 }): MockedResponse => ({
  request: { query: QPartnerTransferSimulation, variables: { points } },
  result: {
    data: {
      partnerTransferSimulation: {
        __typename: 'PartnerTransferSimulation',
        points,
        partnerPoints: (points * rate.ratePartnerPoints) / rate.rateClubPoints,
        ...rate,
        minimum: 1000,
        multiple: 100,
        balance: 2500,
        balanceAfter: 2500 - points,
      },
    },
  },
});
const transferMock = (points: number, made = transfer({ points, partnerPoints: points })): MockedResponse => ({
  request: { query: MTransferToPointsPartner, variables: { input: { points, idempotencyKey: 'chave-de-teste-1' } } },
  result: { data: { transferToPointsPartner: made } },
});
const listMock = (items: PartnerTransferFieldsFragment[]): MockedResponse => ({
  request: { query: QPartnerTransfers, variables: { first: TRANSFERS_PAGE_SIZE } },
  result: {
    data: { myPartnerTransfers: { __typename: 'PartnerTransferPage', data: items, hasMore: false, nextCursor: null } },
  },
});

const renderScreen = (mocks: MockedResponse[], link?: ApolloLink) =>
  render(
    <MockedProvider mocks={mocks} link={link && ApolloLink.from([link, new MockLink(mocks)])}>
      <PartnerTransferScreen />
    </MockedProvider>,
  );

/** Holds every read of the program after the first until `release`, to see the screen while it is on its way. */
/** The transfer's answer. Found by its heading: the list's loading spinner, still there when the list answers late,
 * is a status too. */
async function findTransferAnswer(title = 'Transferência solicitada') {
  const heading = await screen.findByRole('heading', { name: title });
  const answer = heading.closest<HTMLElement>('[role="status"]');
  if (!answer) throw new Error(`"${title}" is not inside a status`);
  return answer;
}

function holdProgramRereads() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reads = 0;
  const link = new ApolloLink((operation, forward) => {
    if (operation.operationName !== 'QPointsPartner' || ++reads === 1) return forward(operation);
    return new Observable((observer) => {
      let forwarded: { unsubscribe: () => void } | undefined;
      void released.then(() => {
        forwarded = forward(operation).subscribe(observer);
      });
      return () => forwarded?.unsubscribe();
    });
  });
  return { link, release };
}

describe('PartnerTransferScreen', () => {
  it('asks for the account with a visible label and shows the partner’s refusal under the field', async () => {
    renderScreen([
      programMock(program({ linkedAccount: null, linkedAt: null })),
      listMock([]),
      {
        request: { query: MLinkPointsPartner, variables: { accountId: '00000000' } },
        result: {
          errors: [
            new GraphQLError('Não encontramos esta conta no programa parceiro. Confira o número.', {
              extensions: {
                code: 'BAD_USER_INPUT',
                fields: { accountId: 'Não encontramos esta conta no programa parceiro. Confira o número.' },
              },
            }),
          ],
        },
      },
    ]);
    const account = await screen.findByLabelText('Número da conta no Programa Parceiro');
    fireEvent.click(screen.getByRole('button', { name: 'Vincular conta' }));
    expect(await screen.findByText('Informe o número da sua conta no programa parceiro.')).toBeInTheDocument();
    fireEvent.change(account, { target: { value: '00000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Vincular conta' }));
    expect(
      await screen.findByText('Não encontramos esta conta no programa parceiro. Confira o número.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Você ainda não transferiu pontos.')).toBeInTheDocument();
  });

  it('simulates (points out and in, conversion, minimum and multiple, balance after) and confirms with one key', async () => {
    renderScreen([
      programMock(program()),
      listMock([]),
      simulationMock(1500),
      transferMock(1500),
      listMock([transfer({ points: 1500, partnerPoints: 1500 })]),
      programMock(program({ balance: 1000, maxTransferable: 1000, canTransferToday: false, nextTransferAt: TOMORROW })),
    ]);
    expect(await screen.findByText('Conversão: 1 ponto do clube = 1 ponto no Programa Parceiro')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Pontos do clube a transferir'), { target: { value: '1.500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simular' }));
    await screen.findByRole('heading', { name: 'Simulação' });
    const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(value('Saem do clube')).toBe('1.500 pontos');
    expect(value('Entram no Programa Parceiro')).toBe('1.500 pontos');
    expect(value('Conversão')).toBe('1 ponto do clube = 1 ponto no Programa Parceiro');
    expect(screen.queryByText('Taxa')).not.toBeInTheDocument();
    expect(value('Mínimo e múltiplo')).toBe('1.000 pontos, em múltiplos de 100');
    expect(value('Saldo depois')).toBe('1.000 pontos');

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar transferência de 1.500 pontos' }));
    const done = await findTransferAnswer();
    expect(done).toHaveTextContent('Transferência nº 7: 1.500 pontos do clube para 1.500 pontos Programa Parceiro.');
  });

  it('shows the conversion at the rate the API answers, in pt-BR numbers', async () => {
    const rate = { rateClubPoints: 1000, ratePartnerPoints: 3 };
    renderScreen([programMock(program(rate)), listMock([]), simulationMock(2000, rate)]);
    expect(
      await screen.findByText('Conversão: 1.000 pontos do clube = 3 pontos no Programa Parceiro'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Pontos do clube a transferir'), { target: { value: '2000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simular' }));
    await screen.findByRole('heading', { name: 'Simulação' });
    expect(screen.getByText('Conversão').nextElementSibling).toHaveTextContent(
      '1.000 pontos do clube = 3 pontos no Programa Parceiro',
    );
    expect(screen.getByText('Entram no Programa Parceiro').nextElementSibling).toHaveTextContent('6 pontos');
  });

  it('after the day’s transfer, says when the next one can be and leads back to Prêmios instead of another simulation', async () => {
    const hold = holdProgramRereads();
    renderScreen(
      [
        programMock(program()),
        listMock([]),
        simulationMock(1000),
        transferMock(1000),
        listMock([transfer()]),
        programMock(
          program({ balance: 1500, maxTransferable: 1500, canTransferToday: false, nextTransferAt: TOMORROW }),
        ),
      ],
      hold.link,
    );
    fireEvent.change(await screen.findByLabelText('Pontos do clube a transferir'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simular' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar transferência de 1.000 pontos' }));
    const done = await findTransferAnswer();
    expect(within(done).queryByRole('button', { name: 'Fazer outra simulação' })).not.toBeInTheDocument();
    expect(within(done).queryByRole('link', { name: 'Voltar para Prêmios' })).not.toBeInTheDocument();

    // Until the program read again after the transfer answers, nothing is offered; its answer: the day's is made.
    hold.release();
    expect(await within(done).findByText('Você poderá fazer outra transferência amanhã, 23/11.')).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'Voltar para Prêmios' })).toHaveAttribute('href', '/premios');
    expect(within(done).queryByRole('button', { name: 'Fazer outra simulação' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Pontos do clube a transferir')).not.toBeInTheDocument();
  });

  it('offers another simulation after a transfer when the day allows more', async () => {
    renderScreen([
      programMock(program({ transfersPerDay: 2 })),
      listMock([]),
      simulationMock(1000),
      transferMock(1000),
      listMock([transfer()]),
      programMock(program({ transfersPerDay: 2, balance: 1500, maxTransferable: 1500 })),
    ]);
    fireEvent.change(await screen.findByLabelText('Pontos do clube a transferir'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simular' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar transferência de 1.000 pontos' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Fazer outra simulação' }));
    expect(await screen.findByLabelText('Pontos do clube a transferir')).toBeInTheDocument();
    expect(screen.queryByText(/Você poderá fazer outra transferência/)).not.toBeInTheDocument();
  });

  it('lists the transfers with their status, and a refused one with its reason and the points given back', async () => {
    renderScreen([
      programMock(program({ canTransferToday: false, nextTransferAt: TOMORROW })),
      listMock([
        transfer({ id: '9', status: 'COMPLETED' }),
        transfer({ id: '8', status: 'REFUSED', refuseReason: 'Conta bloqueada.', refundedPoints: 1000 }),
      ]),
    ]);
    const list = await screen.findByRole('list', { name: 'Transferências, da mais nova à mais antiga' });
    const [completed, refused] = within(list).getAllByRole('article');
    expect(completed).toHaveTextContent('Transferência nº 9');
    expect(completed).toHaveTextContent('Concluída');
    expect(refused).toHaveTextContent('Recusada');
    expect(refused).toHaveTextContent('Motivo: Conta bloqueada. · 1.000 pontos devolvidos ao seu saldo');
    // The day's transfer is made: when the next one can be and a way on, no form that could only refuse.
    expect(
      screen.getByText('Você já fez a transferência de hoje. Você poderá fazer outra transferência amanhã, 23/11.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Prêmios' })).toHaveAttribute('href', '/premios');
    expect(screen.queryByLabelText('Pontos do clube a transferir')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simular' })).not.toBeInTheDocument();
  });
});
