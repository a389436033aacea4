import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { StaffMeFieldsFragment } from '@/lib/painel/operations';
import type { StaffMemberPointsAdjustmentsFieldsFragment } from '@/lib/painel/points-adjustments';
import { parseAdjustmentPoints } from '@/lib/painel/points-adjustments';
import { painelRequest } from '@/lib/painel/request';
import type { StaffRole } from '@/common/painel/roles';
import { StaffProvider } from '../staff-context';
import { PointsAdjustment } from './points-adjustment';

jest.mock('@/lib/painel/request', () => ({ painelRequest: jest.fn() }));
const request = jest.mocked(painelRequest);

const staff = (roles: StaffRole[]): StaffMeFieldsFragment => ({
  id: '7',
  name: 'Carla Chefe',
  email: 'carla@clube.test',
  roles,
  sessionExpiresAt: '2026-11-22T22:00:00.000Z',
});

const adjustment = (over: Partial<StaffMemberPointsAdjustmentsFieldsFragment['adjustments'][number]> = {}) => ({
  id: '5',
  points: 150,
  reason: 'Compensação',
  status: 'applied',
  requestedBy: 'Carla Chefe <carla@clube.test>',
  requestedAt: '2026-11-20T15:00:00.000Z',
  mine: true,
  decidedBy: null,
  decidedAt: null,
  refusalReason: null,
  appliedAt: '2026-11-20T15:00:00.000Z',
  reversedBy: null,
  reversedAt: null,
  reversalReason: null,
  ...over,
});

const state = (
  over: Partial<StaffMemberPointsAdjustmentsFieldsFragment> = {},
): StaffMemberPointsAdjustmentsFieldsFragment => ({
  memberId: '3',
  memberName: 'Ana Souza',
  balance: 1000,
  confirmPoints: 2000,
  fourEyesPoints: 10000,
  pointsMax: 1_000_000,
  pending: null,
  adjustments: [],
  ...over,
});

function renderAs(roles: StaffRole[]) {
  return render(
    <StaffProvider value={staff(roles)}>
      <PointsAdjustment memberId="3" />
    </StaffProvider>,
  );
}

beforeEach(() => request.mockReset());

it('is hidden for roles other than admin, and asks nothing', () => {
  const { container } = renderAs(['atendimento', 'revisor']);
  expect(container).toBeEmptyDOMElement();
  expect(request).not.toHaveBeenCalled();
});

it('reads "−150" and "1.500" as the points', () => {
  expect(parseAdjustmentPoints('−150')).toBe(-150);
  expect(parseAdjustmentPoints('-1.500')).toBe(-1500);
  expect(parseAdjustmentPoints('+150')).toBe(150);
  expect(parseAdjustmentPoints('1,5')).toBeNull();
  expect(parseAdjustmentPoints('abc')).toBeNull();
});

it('says what is missing next to the fields before asking the API', async () => {
  request.mockResolvedValueOnce({ staffMemberPointsAdjustments: state() });
  renderAs(['admin']);
  fireEvent.click(await screen.findByRole('button', { name: 'Revisar ajuste' }));
  expect(screen.getByLabelText('Pontos (use − para debitar)')).toHaveAccessibleDescription(
    expect.stringContaining('Informe os pontos: um número inteiro diferente de zero'),
  );
  expect(screen.getByLabelText('Pontos (use − para debitar)')).toHaveFocus();
  fireEvent.change(screen.getByLabelText('Pontos (use − para debitar)'), { target: { value: '150' } });
  fireEvent.click(screen.getByRole('button', { name: 'Revisar ajuste' }));
  expect(screen.getByText('Informe o motivo (3 a 500 caracteres): o membro lê no extrato.')).toBeVisible();
  expect(request).toHaveBeenCalledTimes(1);
});

it('confirms naming the member and the points, then applies the credit', async () => {
  request.mockResolvedValueOnce({ staffMemberPointsAdjustments: state() });
  renderAs(['admin']);
  fireEvent.change(await screen.findByLabelText('Pontos (use − para debitar)'), { target: { value: '150' } });
  fireEvent.change(screen.getByLabelText('Motivo (o membro lê no extrato)'), { target: { value: 'Nota perdida' } });
  fireEvent.click(screen.getByRole('button', { name: 'Revisar ajuste' }));
  expect(screen.getByText('Creditar +150 pontos para Ana Souza?')).toBeVisible();
  expect(screen.getByText(/O membro lerá no extrato: “Ajuste: Nota perdida”/)).toBeVisible();
  request.mockResolvedValueOnce({
    staffAdjustMemberPoints: state({ balance: 1150, adjustments: [adjustment({ reason: 'Nota perdida' })] }),
  });
  fireEvent.click(screen.getByRole('button', { name: 'Aplicar ajuste' }));
  expect(await screen.findByText('Ajuste de +150 pontos aplicado. Saldo: 1.150 pontos.')).toBeVisible();
  expect(request.mock.calls[1]![1]).toEqual({ id: '3', points: 150, reason: 'Nota perdida', confirmed: true });
  const table = screen.getByRole('table', { name: /Ajustes de pontos/ });
  expect(within(table).getByRole('rowheader', { name: 'Nota perdida' })).toBeVisible();
  expect(within(table).getByRole('button', { name: 'Estornar o ajuste de +150 pontos' })).toBeVisible();
});

it('a debit above the threshold becomes a request for another admin', async () => {
  request.mockResolvedValueOnce({ staffMemberPointsAdjustments: state({ balance: 50_000 }) });
  renderAs(['admin']);
  fireEvent.change(await screen.findByLabelText('Pontos (use − para debitar)'), { target: { value: '−12.000' } });
  fireEvent.change(screen.getByLabelText('Motivo (o membro lê no extrato)'), { target: { value: 'Crédito em dobro' } });
  fireEvent.click(screen.getByRole('button', { name: 'Revisar ajuste' }));
  expect(screen.getByText('Debitar −12.000 pontos de Ana Souza?')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Pedir confirmação de outro admin' })).toBeVisible();
});

it('shows the pending request: another admin confirms, the one who asked only refuses', async () => {
  const pending = adjustment({ id: '9', points: 12_000, status: 'pending', mine: false, appliedAt: null });
  request.mockResolvedValueOnce({ staffMemberPointsAdjustments: state({ pending, adjustments: [pending] }) });
  renderAs(['admin']);
  const group = await screen.findByRole('group', { name: 'Ajuste esperando outro admin' });
  expect(within(group).getByText('+12.000 pontos')).toBeVisible();
  request.mockResolvedValueOnce({
    staffConfirmPointsAdjustment: state({ balance: 13_000, adjustments: [{ ...pending, status: 'applied' }] }),
  });
  fireEvent.click(within(group).getByRole('button', { name: 'Confirmar ajuste' }));
  expect(
    await screen.findByText('Ajuste de +12.000 pontos confirmado e aplicado. Saldo: 13.000 pontos.'),
  ).toBeVisible();
  expect(request.mock.calls[1]![1]).toEqual({ adjustmentId: '9' });
});

it('the asker sees no "Confirmar ajuste"; a refusal asks for its reason', async () => {
  const pending = adjustment({ id: '9', points: 12_000, status: 'pending', mine: true, appliedAt: null });
  request.mockResolvedValueOnce({ staffMemberPointsAdjustments: state({ pending, adjustments: [pending] }) });
  renderAs(['admin']);
  const group = await screen.findByRole('group', { name: 'Ajuste esperando outro admin' });
  expect(within(group).queryByRole('button', { name: 'Confirmar ajuste' })).toBeNull();
  fireEvent.click(within(group).getByRole('button', { name: 'Recusar' }));
  fireEvent.click(screen.getByRole('button', { name: 'Recusar ajuste' }));
  expect(screen.getByText('Informe o motivo da recusa (3 a 500 caracteres).')).toBeVisible();
  expect(request).toHaveBeenCalledTimes(1);
});

it('reverses an applied adjustment with a reason', async () => {
  request.mockResolvedValueOnce({ staffMemberPointsAdjustments: state({ adjustments: [adjustment()] }) });
  renderAs(['admin']);
  fireEvent.click(await screen.findByRole('button', { name: 'Estornar o ajuste de +150 pontos' }));
  expect(screen.getByLabelText('Motivo do estorno')).toHaveFocus();
  fireEvent.change(screen.getByLabelText('Motivo do estorno'), { target: { value: 'Membro errado' } });
  request.mockResolvedValueOnce({
    staffReversePointsAdjustment: state({
      balance: 850,
      adjustments: [adjustment({ status: 'reversed', reversedBy: 'Dora', reversalReason: 'Membro errado' })],
    }),
  });
  fireEvent.click(screen.getByRole('button', { name: 'Confirmar estorno' }));
  await waitFor(() => expect(screen.getByText('Ajuste estornado por um lançamento oposto no extrato.')).toBeVisible());
  expect(request.mock.calls[1]![1]).toEqual({ adjustmentId: '5', reason: 'Membro errado' });
  expect(screen.getByText('Estornado por Dora: Membro errado')).toBeVisible();
});
