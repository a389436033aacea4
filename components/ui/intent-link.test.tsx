import { fireEvent, render, screen } from '@testing-library/react';
import { IntentLink } from './intent-link';

const prefetch = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ prefetch }) }));

beforeEach(() => prefetch.mockClear());

describe('IntentLink', () => {
  it('fetches nothing while it is only on screen', () => {
    render(<IntentLink href="/cadastro">Cadastre-se</IntentLink>);
    expect(screen.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/cadastro');
    expect(prefetch).not.toHaveBeenCalled();
  });

  it.each([
    ['a pointer over it', (link: HTMLElement) => fireEvent.pointerEnter(link)],
    ['a finger on it', (link: HTMLElement) => fireEvent.touchStart(link)],
    ['keyboard focus', (link: HTMLElement) => fireEvent.focus(link)],
  ])('fetches its page on %s, and still runs the caller’s own handler', (_what, reach) => {
    const onFocus = jest.fn();
    render(
      <IntentLink href="/recuperar-senha" onFocus={onFocus}>
        Esqueci minha senha
      </IntentLink>,
    );
    const link = screen.getByRole('link', { name: 'Esqueci minha senha' });
    reach(link);
    expect(prefetch).toHaveBeenCalledWith('/recuperar-senha');
    fireEvent.focus(link);
    expect(onFocus).toHaveBeenCalled();
  });
});
