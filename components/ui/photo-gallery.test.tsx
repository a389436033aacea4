import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { PhotoGallery } from './photo-gallery';

const photo = (position: number) => ({
  alt: `Projeto 7 — foto ${position + 1} de 3`,
  url: `/arquivos/projetos/7/${position}.jpg`,
  width: 1600,
  height: 1200,
  thumbnailUrl: `/arquivos/projetos/7/${position}-mini.jpg`,
  thumbnailWidth: 480,
});
const photos = [photo(0), photo(1), photo(2)];

describe('PhotoGallery', () => {
  it('moves one photo with ArrowRight and ArrowLeft while it has focus, and says which one it shows', () => {
    render(<PhotoGallery photos={photos} label="Fotos do projeto" />);
    const track = screen.getByRole('list', { name: /use as setas/ });
    expect(screen.getByText('Foto 1 de 3')).toBeInTheDocument();

    track.focus();
    fireEvent.keyDown(track, { key: 'ArrowRight' });
    expect(screen.getByText('Foto 2 de 3')).toBeInTheDocument();
    fireEvent.keyDown(track, { key: 'ArrowRight' });
    fireEvent.keyDown(track, { key: 'ArrowRight' });
    expect(screen.getByText('Foto 3 de 3')).toBeInTheDocument();
    fireEvent.keyDown(track, { key: 'ArrowLeft' });
    expect(screen.getByText('Foto 2 de 3')).toBeInTheDocument();
  });

  it('has previous and next buttons that stay focusable at the ends', () => {
    render(<PhotoGallery photos={photos} label="Fotos do projeto" />);
    const previous = screen.getByRole('button', { name: 'Foto anterior' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(previous);
    expect(screen.getByText('Foto 1 de 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima foto' }));
    expect(screen.getByText('Foto 2 de 3')).toBeInTheDocument();
  });

  it('loads only the first photo at once, each with its size and the alt text from the API', () => {
    render(<PhotoGallery photos={photos} label="Fotos do projeto" />);
    const images = document.querySelectorAll('img');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    expect(images[1]).toHaveAttribute('alt', 'Projeto 7 — foto 2 de 3');
    expect(images[1]).toHaveAttribute('height', '1200');
  });

  it('opens the tapped photo full screen, with a zoom toggle, and closes again', async () => {
    render(<PhotoGallery photos={photos} label="Fotos do projeto" />);
    fireEvent.click(screen.getByRole('button', { name: /foto 1 de 3 \(ampliar\)/ }));

    const viewer = await screen.findByRole('dialog', { name: 'Foto 1 de 3' });
    expect(within(viewer).getByRole('img', { name: 'Projeto 7 — foto 1 de 3' })).toBeInTheDocument();
    const zoom = within(viewer).getByRole('button', { name: 'Ver no tamanho real' });
    fireEvent.click(zoom);
    expect(within(viewer).getByRole('button', { name: 'Ajustar à tela' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.keyDown(zoom, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'Foto 2 de 3' })).toBeInTheDocument();
    // Another photo starts fitted to the screen.
    expect(within(viewer).getByRole('button', { name: 'Ver no tamanho real' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    fireEvent.click(within(viewer).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Foto 2 de 3')).toBeInTheDocument();
  });

  it('gives the full-screen photo its own history entry: Back closes it and stays on the page', async () => {
    render(<PhotoGallery photos={photos} label="Fotos do projeto" />);
    const before = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: /foto 1 de 3 \(ampliar\)/ }));
    await screen.findByRole('dialog', { name: 'Foto 1 de 3' });
    expect(window.history.length).toBe(before + 1);

    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await popped;
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Fotos do projeto' })).toBeInTheDocument();
  });

  it('takes its history entry off again when closed with "Fechar", so the next Back leaves the page', async () => {
    render(<PhotoGallery photos={photos} label="Fotos do projeto" />);
    fireEvent.click(screen.getByRole('button', { name: /foto 1 de 3 \(ampliar\)/ }));
    const viewer = await screen.findByRole('dialog', { name: 'Foto 1 de 3' });
    const length = window.history.length;
    const entry = (window.history.state as { __clubeOverlay?: string }).__clubeOverlay;
    expect(entry).toEqual(expect.any(String));
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    fireEvent.click(within(viewer).getByRole('button', { name: 'Fechar' }));
    await act(async () => {
      await popped;
    });
    // Back on the page's own entry: the viewer's is behind it, and a new page would replace it.
    expect((window.history.state as { __clubeOverlay?: string } | null)?.__clubeOverlay).not.toBe(entry);
    expect(window.history.length).toBe(length);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
