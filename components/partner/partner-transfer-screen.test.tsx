import type { MockedResponse } from '@apollo/client/testing';
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
const listMock = (items: PartnerTransferFieldsFragment[]): MockedResponse => ({
  request: { query: QPartnerTransfers, variables: { first: TRANSFERS_PAGE_SIZE } },
  result: {
    data: { myPartnerTransfers: { __typename: 'PartnerTransferPage', data: items, hasMore: false, nextCursor: null } },
  },
});

const renderScreen = (mocks: MockedResponse[]) =>
  render(
    <MockedProvider mocks={mocks}>
      <PartnerTransferScreen />
    </MockedProvider>,
  );

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

  it('simulates (points out and in, rate, minimum and multiple, balance after) and confirms with one key', async () => {
    renderScreen([
      programMock(program()),
      listMock([]),
      {
        request: { query: QPartnerTransferSimulation, variables: { points: 1500 } },
        result: {
          data: {
            partnerTransferSimulation: {
              __typename: 'PartnerTransferSimulation',
              points: 1500,
              partnerPoints: 1500,
              rateClubPoints: 1,
              ratePartnerPoints: 1,
              minimum: 1000,
              multiple: 100,
              balance: 2500,
              balanceAfter: 1000,
            },
          },
        },
      },
      {
        request: {
          query: MTransferToPointsPartner,
          variables: { input: { points: 1500, idempotencyKey: 'chave-de-teste-1' } },
        },
        result: { data: { transferToPointsPartner: transfer({ points: 1500, partnerPoints: 1500 }) } },
      },
      listMock([transfer({ points: 1500, partnerPoints: 1500 })]),
      programMock(program({ balance: 1000, maxTransferable: 1000, canTransferToday: false })),
    ]);
    fireEvent.change(await screen.findByLabelText('Pontos do clube a transferir'), { target: { value: '1.500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simular' }));
    await screen.findByRole('heading', { name: 'Simulação' });
    const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(value('Saem do clube')).toBe('1.500 pontos');
    expect(value('Entram no Programa Parceiro')).toBe('1.500 pontos');
    expect(value('Taxa')).toBe('1 ponto do clube = 1 ponto Programa Parceiro');
    expect(value('Mínimo e múltiplo')).toBe('1.000 pontos, em múltiplos de 100');
    expect(value('Saldo depois')).toBe('1.000 pontos');

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar transferência de 1.500 pontos' }));
    const done = await screen.findByRole('status');
    expect(within(done).getByRole('heading', { name: 'Transferência solicitada' })).toBeInTheDocument();
    expect(done).toHaveTextContent('Transferência nº 7: 1.500 pontos do clube para 1.500 pontos Programa Parceiro.');
  });

  it('lists the transfers with their status, and a refused one with its reason and the points given back', async () => {
    renderScreen([
      programMock(program({ canTransferToday: false })),
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
    expect(screen.getByText(/Você já fez a transferência de hoje/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Pontos do clube a transferir')).not.toBeInTheDocument();
  });
});
