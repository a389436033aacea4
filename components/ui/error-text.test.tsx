import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { render, screen } from '@testing-library/react';
import { errorMessage } from '@/lib/apollo/errors';
import { ErrorState } from './content-states';
import { FormAlert } from './form-alert';

const internal = (errorId: unknown) =>
  new CombinedGraphQLErrors({
    errors: [
      {
        message: 'Erro interno. Tente novamente em instantes.',
        extensions: { code: 'INTERNAL_SERVER_ERROR', errorId },
      },
    ],
  });

describe('an internal error on screen', () => {
  it('shows the code a member can quote under the message of a form', () => {
    render(<FormAlert message={errorMessage(internal('7F3K-92QA'))} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Erro interno. Tente novamente em instantes.Código do erro: 7F3K-92QA');
    const code = screen.getByText('7F3K-92QA');
    expect(code.parentElement).toHaveClass('error-code');
    expect(code.parentElement).toHaveTextContent(/^Código do erro: 7F3K-92QA$/);
  });

  it('shows it under the message of a page that failed to load, with its retry', () => {
    render(<ErrorState title="Campanhas" message={errorMessage(internal('Z9XW-4K7M'))} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Código do erro: Z9XW-4K7M');
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });

  it('shows no code for a refusal, or for an id that is not one the API makes', () => {
    const refusal = new CombinedGraphQLErrors({
      errors: [{ message: 'Pontos insuficientes.', extensions: { code: 'BAD_USER_INPUT', errorId: '7F3K-92QA' } }],
    });
    const { unmount } = render(<FormAlert message={errorMessage(refusal)} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Pontos insuficientes\.$/);
    unmount();
    render(<FormAlert message={errorMessage(internal('<b>oi</b>'))} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Erro interno\. Tente novamente em instantes\.$/);
  });
});
