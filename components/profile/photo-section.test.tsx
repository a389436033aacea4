import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { squarePhotoFile } from '@/lib/profile/photo';
import { PhotoSection } from './photo-section';

jest.mock('@/lib/profile/photo', () => ({ squarePhotoFile: jest.fn() }));

/** An API that saves whatever photo it gets and records the variables it was sent. */
function fakeApi() {
  const sent: Record<string, unknown>[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        sent.push(operation.variables);
        const profileImage = operation.variables['file'] ? '/uploads/profile/nova.jpg' : null;
        observer.next({ data: { updateProfileImage: { __typename: 'User', id: '1', profileImage } } });
        observer.complete();
      }),
  );
  return { client: new ApolloClient({ cache: new InMemoryCache(), link }), sent };
}

describe('PhotoSection', () => {
  let urls: number;
  beforeEach(() => {
    urls = 0;
    Object.assign(URL, { createObjectURL: jest.fn(() => `blob:foto-${++urls}`), revokeObjectURL: jest.fn() });
  });

  /** Picks a file through the label and waits for its preview, shown from the given object URL. */
  const pick = async (name: string, previewUrl: string) => {
    const cropped = new File(['jpeg'], 'foto.jpg', { type: 'image/jpeg' });
    jest.mocked(squarePhotoFile).mockResolvedValueOnce(cropped);
    const picked = new File(['x'], name, { type: 'image/png' });
    fireEvent.change(screen.getByLabelText(/foto/), { target: { files: [picked] } });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Prévia da nova foto' })).toHaveAttribute('src', previewUrl),
    );
    return cropped;
  };

  it('previews the crop through an object URL, uploads the file and revokes each URL it replaces', async () => {
    const { client, sent } = fakeApi();
    render(
      <ApolloProvider client={client}>
        <PhotoSection name="Ana" profileImage={null} />
      </ApolloProvider>,
    );
    await pick('primeira.png', 'blob:foto-1');
    const second = await pick('segunda.png', 'blob:foto-2');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:foto-1');

    fireEvent.click(screen.getByRole('button', { name: 'Salvar foto' }));
    expect(await screen.findByText('Foto salva.')).toBeInTheDocument();
    expect(sent).toEqual([{ file: second }]);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:foto-2');
    expect(screen.queryByRole('img', { name: 'Prévia da nova foto' })).not.toBeInTheDocument();
  });

  it('revokes the preview URL when the section goes away, and removes the photo with no file', async () => {
    const { client, sent } = fakeApi();
    const view = render(
      <ApolloProvider client={client}>
        <PhotoSection name="Ana" profileImage="/uploads/profile/atual.jpg" />
      </ApolloProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remover foto' }));
    expect(await screen.findByText('Foto removida.')).toBeInTheDocument();
    expect(sent).toEqual([{ file: null }]);

    await pick('outra.png', 'blob:foto-1');
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:foto-1');
  });
});
