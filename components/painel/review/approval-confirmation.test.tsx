import { fireEvent, render, screen, within } from '@testing-library/react';
import { ApprovalConfirmation } from './approval-confirmation';

const facts = {
  member: 'Ana Souza · CPF ***.444.***-35',
  flags: ['Alerta da conferência: O comprador da nota não é o CPF do cadastro.'],
  fourEyesPoints: 10_000,
};

describe('the confirmation of a large or flagged approval', () => {
  it('names the member, the points and the flags, and sends only on "Confirmar a aprovação"', () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ApprovalConfirmation points={745} facts={facts} onConfirm={onConfirm} onCancel={onCancel} />);
    const dialog = screen.getByRole('dialog', { name: 'Confirmar a aprovação' });
    expect(within(dialog).getByText('Ana Souza · CPF ***.444.***-35')).toBeInTheDocument();
    expect(within(dialog).getByText('745')).toBeInTheDocument();
    expect(within(dialog).getByText(/O comprador da nota não é o CPF do cadastro/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar a aprovação' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('says that above the four-eyes threshold nothing is credited until another person confirms', () => {
    render(
      <ApprovalConfirmation
        points={250_000}
        facts={{ ...facts, flags: [] }}
        onConfirm={jest.fn()}
        onCancel={jest.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirmar a aprovação' });
    expect(within(dialog).getByText('250.000')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/nenhum ponto é creditado até outra pessoa da equipe confirmar/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pedir a aprovação' })).toBeInTheDocument();
  });
});
