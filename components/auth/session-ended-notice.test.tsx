import { render, screen } from '@testing-library/react';
import { rememberSessionEnd } from '@/lib/session/session-end-key';
import { SessionEndedNotice } from './session-ended-notice';

describe('SessionEndedNotice', () => {
  afterEach(() => sessionStorage.clear());

  it('tells the member, once, that they were signed out from another device', () => {
    rememberSessionEnd([{ message: 'x', extensions: { code: 'UNAUTHENTICATED', reason: 'SESSION_ENDED_ELSEWHERE' } }]);
    const { unmount } = render(<SessionEndedNotice />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Você saiu deste aparelho pelo perfil em outro aparelho. Para continuar aqui, entre de novo.',
    );
    unmount();
    render(<SessionEndedNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says nothing for a reason the member need not hear, or none', () => {
    rememberSessionEnd([{ message: 'Sessão expirada. Entre novamente.', extensions: { code: 'UNAUTHENTICATED' } }]);
    const unknown = render(<SessionEndedNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    unknown.unmount();
    rememberSessionEnd(undefined);
    render(<SessionEndedNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
