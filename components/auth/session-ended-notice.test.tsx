import { render, screen } from '@testing-library/react';
import { rememberSessionEnd } from '@/lib/session/session-end-key';
import { SessionEndedNotice } from './session-ended-notice';

describe('SessionEndedNotice', () => {
  afterEach(() => sessionStorage.clear());

  it('tells the member, once, that they were signed out from another device', () => {
    rememberSessionEnd('SESSION_ENDED_ELSEWHERE');
    const { unmount } = render(<SessionEndedNotice />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Você saiu deste aparelho pelo perfil em outro aparelho. Para continuar aqui, entre de novo.',
    );
    unmount();
    render(<SessionEndedNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says nothing for a reason the member need not hear, or none', () => {
    rememberSessionEnd('SOMETHING_ELSE');
    const unknown = render(<SessionEndedNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    unknown.unmount();
    rememberSessionEnd(null);
    render(<SessionEndedNotice />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
