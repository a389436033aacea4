import { fireEvent, render, screen } from '@testing-library/react';
import { IntentLink } from './intent-link';

const prefetch = jest.fn();
const push = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ prefetch, push }) }));

beforeEach(() => [prefetch, push].forEach((f) => f.mockClear()));

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

  it('opens its page in the app on a plain click', () => {
    const onClick = jest.fn();
    render(
      <IntentLink href="/minhas-nfs" onClick={onClick}>
        Notas
      </IntentLink>,
    );
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'Notas' }).dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(onClick).toHaveBeenCalled();
    expect(push).toHaveBeenCalledWith('/minhas-nfs');
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
    ['Shift', { shiftKey: true }],
  ])('leaves a click with %s to the browser (a new tab or window)', (_what, init) => {
    render(<IntentLink href="/premios">Prêmios</IntentLink>);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
    screen.getByRole('link', { name: 'Prêmios' }).dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(push).not.toHaveBeenCalled();
  });

  it('leaves to the browser a link opening in another tab and one the caller handled itself', () => {
    render(
      <>
        <IntentLink href="/regulamento" target="_blank">
          Regulamento
        </IntentLink>
        <IntentLink href="/faq" onClick={(event) => event.preventDefault()}>
          Dúvidas
        </IntentLink>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Regulamento' }));
    fireEvent.click(screen.getByRole('link', { name: 'Dúvidas' }));
    expect(push).not.toHaveBeenCalled();
  });
});
