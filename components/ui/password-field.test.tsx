import { fireEvent, render, screen } from '@testing-library/react';
import { PasswordField } from './password-field';

describe('PasswordField', () => {
  it('hides the password until "Mostrar" is pressed, and hides it again with "Ocultar"', () => {
    render(<PasswordField label="Senha" defaultValue="serragem fina" />);
    const input = screen.getByLabelText('Senha');
    expect(input).toHaveAttribute('type', 'password');

    fireEvent.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Ocultar' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveValue('serragem fina');
  });

  it('goes back to dots when its form is sent', () => {
    render(
      <form onSubmit={(e) => e.preventDefault()}>
        <PasswordField label="Senha" />
        <button type="submit">Entrar</button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar' }));
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'password');
  });
});
