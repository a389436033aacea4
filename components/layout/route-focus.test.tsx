import { act, render } from '@testing-library/react';
import { RouteFocus } from './route-focus';

let pathname = '/';
jest.mock('next/navigation', () => ({ usePathname: () => pathname }));

const nextFrames = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

function Page({ withField = false }: { withField?: boolean }) {
  return (
    <>
      <RouteFocus />
      <main>
        <h1>Extrato de pontos</h1>
        {withField && <input aria-label="Busca" />}
      </main>
    </>
  );
}

describe('RouteFocus', () => {
  it('leaves focus alone on the first load and moves it to the new page’s h1 after a route change', async () => {
    pathname = '/';
    const { rerender, getByRole } = render(<Page />);
    await nextFrames();
    expect(document.activeElement).toBe(document.body);

    pathname = '/historico';
    rerender(<Page />);
    await nextFrames();
    expect(document.activeElement).toBe(getByRole('heading', { level: 1 }));
  });

  it('never takes focus from a field the member is typing in', async () => {
    pathname = '/';
    const { rerender, getByLabelText } = render(<Page withField />);
    getByLabelText('Busca').focus();
    pathname = '/perfil';
    rerender(<Page withField />);
    await nextFrames();
    expect(document.activeElement).toBe(getByLabelText('Busca'));
  });
});
