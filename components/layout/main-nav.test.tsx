import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MainNav } from './main-nav';

let pathname = '/';
jest.mock('next/navigation', () => ({ usePathname: () => pathname, useRouter: () => ({ prefetch: jest.fn() }) }));

function tabBar() {
  const bar = screen.getByRole('navigation', { name: 'Menu principal' }).querySelector<HTMLElement>('.tab-bar');
  if (!bar) throw new Error('no tab bar');
  return within(bar);
}

describe('MainNav', () => {
  it('gives a phone five tabs, the current one marked', () => {
    pathname = '/minhas-nfs';
    render(<MainNav onLogout={jest.fn()} />);
    const tabs = tabBar();
    const names = ['Início', 'Notas', 'Extrato', 'Prêmios'];
    for (const name of names) expect(tabs.getByRole('link', { name })).toBeInTheDocument();
    expect(tabs.getByRole('button', { name: 'Mais' })).toHaveAttribute('aria-expanded', 'false');
    expect(tabs.getByRole('link', { name: 'Notas' })).toHaveAttribute('aria-current', 'page');
    expect(tabs.getByRole('link', { name: 'Início' })).not.toHaveAttribute('aria-current');
  });

  it('keeps Prêmios lit on Meus resgates, as the part of the app, and leaves "Mais" unlit', () => {
    pathname = '/meus-resgates';
    render(<MainNav onLogout={jest.fn()} />);
    const tabs = tabBar();
    expect(tabs.getByRole('link', { name: 'Prêmios' })).toHaveAttribute('aria-current', 'true');
    expect(tabs.getByRole('button', { name: 'Mais' })).not.toHaveAttribute('data-current');
  });

  it('opens "Mais" with the rest and Sair, closes it with Escape and gives focus back', () => {
    pathname = '/perfil';
    const onLogout = jest.fn();
    render(<MainNav onLogout={onLogout} />);
    const tabs = tabBar();
    const more = tabs.getByRole('button', { name: 'Mais' });
    // The page is behind "Mais": the button shows it.
    expect(more).toHaveAttribute('data-current', 'true');
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const sheet = document.getElementById(more.getAttribute('aria-controls') ?? '');
    expect(sheet).toBeVisible();
    const links = within(sheet as HTMLElement)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual([
      'Promoções',
      'Meus resgates',
      'Campanhas',
      'Projetos',
      'Enviar projeto',
      'Dúvidas',
      'Regulamento',
      'Perfil',
    ]);
    expect(within(sheet as HTMLElement).getByRole('link', { name: 'Perfil' })).toHaveAttribute('aria-current', 'page');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(sheet).not.toBeVisible();
    expect(more).toHaveFocus();

    fireEvent.click(more);
    fireEvent.click(within(sheet as HTMLElement).getByRole('button', { name: 'Sair' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('closes "Mais" on a tap outside it', () => {
    pathname = '/';
    render(
      <>
        <MainNav onLogout={jest.fn()} />
        <p>Conteúdo</p>
      </>,
    );
    const more = tabBar().getByRole('button', { name: 'Mais' });
    fireEvent.click(more);
    fireEvent.pointerDown(screen.getByText('Conteúdo'));
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the wide-screen row of every destination', () => {
    pathname = '/';
    render(<MainNav onLogout={jest.fn()} />);
    const row = screen.getByRole('navigation', { name: 'Menu principal' }).querySelector('.main-nav__row');
    const names = within(row as HTMLElement)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual([
      'Início',
      'Campanhas',
      'Promoções',
      'Notas fiscais',
      'Extrato',
      'Prêmios',
      'Projetos',
      'Dúvidas',
      'Perfil',
    ]);
  });

  describe('at a known width', () => {
    const listeners = new Set<() => void>();
    let phone = true;
    beforeEach(() => {
      listeners.clear();
      window.matchMedia = (query: string) =>
        ({
          media: query,
          get matches() {
            return query === '(max-width: 640px)' && phone;
          },
          addEventListener: (_: string, listener: () => void) => listeners.add(listener),
          removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        }) as unknown as MediaQueryList;
    });
    afterEach(() => {
      delete (window as { matchMedia?: unknown }).matchMedia;
    });

    it('renders only the tab bar on a phone, and only the row once the screen is wide', () => {
      pathname = '/';
      phone = true;
      render(<MainNav onLogout={jest.fn()} />);
      const nav = screen.getByRole('navigation', { name: 'Menu principal' });
      expect(within(nav).getByRole('button', { name: 'Mais' })).toBeInTheDocument();
      expect(within(nav).queryByRole('link', { name: 'Notas fiscais' })).not.toBeInTheDocument();
      expect(
        within(nav)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Início', 'Notas', 'Extrato', 'Prêmios']);

      phone = false;
      act(() => listeners.forEach((listener) => listener()));
      expect(within(nav).queryByRole('button', { name: 'Mais' })).not.toBeInTheDocument();
      expect(within(nav).getByRole('link', { name: 'Notas fiscais' })).toBeInTheDocument();
    });
  });
});
