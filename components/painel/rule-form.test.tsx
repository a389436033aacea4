import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { painelRequest } from '@/lib/painel/request';
import { RuleForm } from './rule-form';
import { ruleBudget, ruleFilters, ruleGives } from './rules-screen';

jest.mock('@/lib/painel/request', () => ({ painelRequest: jest.fn() }));
const request = jest.mocked(painelRequest);

describe('the new campaign form', () => {
  beforeEach(() => request.mockReset());

  it('says what is missing in Portuguese before asking the API', async () => {
    render(<RuleForm onAdded={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Criar campanha' }));
    expect(await screen.findByText('Informe o nome da campanha (3 a 80 caracteres).')).toBeVisible();
    expect(screen.getByText('Informe o primeiro dia da campanha.')).toBeVisible();
    expect(request).not.toHaveBeenCalled();
  });

  it('shows the estimated cost of the draft before saving, then creates it', async () => {
    const onAdded = jest.fn();
    render(<RuleForm onAdded={onAdded} />);
    fireEvent.change(screen.getByLabelText('Nome da campanha'), { target: { value: 'MDF em dobro SP' } });
    fireEvent.click(screen.getByLabelText('Chapas de MDF (mdf)'));
    fireEvent.change(screen.getByLabelText(/Estados/), { target: { value: 'SP' } });
    fireEvent.change(screen.getByLabelText('Primeiro dia'), { target: { value: '2026-12-01' } });
    fireEvent.change(screen.getByLabelText(/Orçamento/), { target: { value: '1000' } });
    request.mockResolvedValueOnce({
      staffEstimateRuleCost: {
        points: 1000,
        pointsBeforeBudget: 1333,
        invoicesConsidered: 40,
        invoicesWithPoints: 2,
        members: 1,
        limited: false,
        fromDay: '2026-09-01',
        toDay: '2026-11-30',
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Calcular custo estimado' }));
    expect(
      await screen.findByText(/Custo estimado: 1\.000 pontos \(sem o orçamento seriam 1\.333\), em 2 de 40 notas/),
    ).toBeVisible();
    expect(request.mock.calls[0]![1]).toEqual({
      input: expect.objectContaining({
        kind: 'multiplier',
        rate: 200,
        lines: ['mdf'],
        ufs: ['SP'],
        budgetPoints: 1000,
      }),
    });

    request.mockRejectedValueOnce(new Error('x'));
    fireEvent.click(screen.getByRole('button', { name: 'Criar campanha' }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(onAdded).not.toHaveBeenCalled();
  });
});

describe('a rule in the table', () => {
  it('reads as people say it', () => {
    expect(ruleGives({ kind: 'multiplier', rate: 200, per: 'real' })).toBe('Em dobro (200%)');
    expect(ruleGives({ kind: 'base', rate: 10, per: 'unit' })).toBe('10 pontos por unidade');
    expect(ruleFilters({ lines: ['mdf'], gtins: [], ufs: ['SP'], stores: [] })).toBe('Linhas: mdf · Estados: SP');
    expect(ruleBudget({ budgetPoints: 5000, budgetUsed: 1200 })).toBe('1.200 usado de 5.000');
    expect(ruleBudget({ budgetPoints: null, budgetUsed: 0 })).toBe('Sem orçamento');
  });
});
