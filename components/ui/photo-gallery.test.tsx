import { fireEvent, render, screen, within } from '@testing-library/react';
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

  it('opens the tapped photo full screen, with a zoom toggle, and closes again', () => {
    render(<PhotoGallery photos={photos} label="Fotos do projeto" />);
    fireEvent.click(screen.getByRole('button', { name: /foto 1 de 3 \(ampliar\)/ }));

    const viewer = screen.getByRole('dialog', { name: 'Foto 1 de 3' });
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
});
