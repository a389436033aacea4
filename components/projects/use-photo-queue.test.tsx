import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { ProgressFetchOptions } from '@/lib/apollo/xhr-fetch';
import { PROJECT_PHOTO_MESSAGES } from '@/lib/projects/photos';
import { ProjectPhotosSection } from './project-photos-section';
import { PHOTO_QUEUE_MESSAGES, photosProblem, usePhotoQueue } from './use-photo-queue';

interface Upload {
  variables: Record<string, unknown>;
  progress: (loaded: number, total: number) => void;
  succeed: (id: string) => void;
  fail: () => void;
}

/** An API whose photo uploads answer only when the test says so, each reporting its progress on the way. */
function fakeApi() {
  const uploads: Upload[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const { fetchOptions } = operation.getContext() as { fetchOptions?: ProgressFetchOptions };
        uploads.push({
          variables: operation.variables,
          progress: (loaded, total) => fetchOptions?.onUploadProgress?.({ loaded, total }),
          succeed: (id) => {
            observer.next({
              data: {
                uploadProjectPhoto: {
                  __typename: 'UploadedProjectPhoto',
                  id,
                  width: 1200,
                  height: 900,
                  thumbnailUrl: `/arquivos/projetos/fotos/${id}-mini.jpg`,
                  thumbnailWidth: 240,
                  thumbnailHeight: 180,
                },
              },
            });
            observer.complete();
          },
          fail: () => observer.error(new TypeError('Failed to fetch')),
        });
      }),
  );
  return { client: new ApolloClient({ cache: new InMemoryCache(), link }), uploads };
}

function Photos() {
  const queue = usePhotoQueue([], null);
  return <ProjectPhotosSection queue={queue} problem={null} disabled={false} onPick={(f) => void queue.pick(f)} />;
}

/** A picked file starting with these bytes. */
function picked(name: string, head: number[]): File {
  const file = new File([new Uint8Array(head)], name);
  // jsdom's Blob has no arrayBuffer(); the browser's does.
  Object.defineProperty(file, 'slice', { value: () => ({ arrayBuffer: async () => new Uint8Array(head).buffer }) });
  return file;
}
const jpeg = (name: string) => picked(name, [0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);

/** Picks files as the member does, and lets the checks and the first upload start. */
async function pick(...files: File[]) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Fotos do projeto'), { target: { files } });
  });
}

const photoItem = (n: number) => screen.getAllByRole('listitem')[n - 1] as HTMLElement;

describe('usePhotoQueue', () => {
  let now: number;
  beforeEach(() => {
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });

  function renderPhotos() {
    const api = fakeApi();
    render(
      <ApolloProvider client={api.client}>
        <Photos />
      </ApolloProvider>,
    );
    return api;
  }

  it('sends one photo at a time, showing its progress and the seconds left, the next one queued', async () => {
    const { uploads } = renderPhotos();
    await pick(jpeg('frente.jpg'), jpeg('gavetas.jpg'));

    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.variables['file']).toHaveProperty('name', 'frente.jpg');
    expect(photoItem(1)).toHaveTextContent('Foto 1 (capa) frente.jpg');
    expect(photoItem(1)).toHaveTextContent('Enviando 0%');
    expect(photoItem(2)).toHaveTextContent('Preparando a foto…');

    now += 2000;
    act(() => uploads[0]?.progress(500, 1000));
    expect(photoItem(1)).toHaveTextContent('Enviando 50% · faltam 2 s');
    expect(within(photoItem(1)).getByRole('progressbar', { name: 'Envio da foto 1 (capa)' })).toHaveAttribute(
      'value',
      '50',
    );

    await act(async () => uploads[0]?.succeed('31'));
    expect(photoItem(1)).toHaveTextContent('Foto enviada');
    expect(within(photoItem(1)).getByRole('img', { name: 'Foto 1 (capa)' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/arquivos\/projetos\/fotos\/31-mini\.jpg$/),
    );
    expect(uploads).toHaveLength(2);
    expect(photoItem(2)).toHaveTextContent('Enviando 0%');
  });

  it('says in Portuguese that a photo was not sent, and "Tentar de novo" sends the same photo with the same key', async () => {
    const { uploads } = renderPhotos();
    await pick(jpeg('detalhe.jpg'));
    await act(async () => uploads[0]?.fail());

    expect(within(photoItem(1)).getByRole('alert')).toHaveTextContent(
      'A foto não foi enviada: Não foi possível falar com o clube. Verifique sua conexão e tente de novo.',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tentar de novo' })));
    expect(photoItem(1)).toHaveTextContent('Enviando 0%');
    expect(within(photoItem(1)).queryByRole('alert')).not.toBeInTheDocument();

    await act(async () => uploads[1]?.succeed('32'));
    expect(uploads).toHaveLength(2);
    expect(uploads[1]?.variables).toEqual(uploads[0]?.variables);
    expect(photoItem(1)).toHaveTextContent('Foto enviada');
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).not.toBeInTheDocument();
  });

  it('leaves out a file that is not a photo and says why, in Portuguese', async () => {
    const { uploads } = renderPhotos();
    await pick(picked('nota.pdf', [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]));

    expect(screen.getByRole('alert')).toHaveTextContent('nota.pdf: envie uma foto (JPEG, PNG, WebP ou HEIC).');
    expect(screen.queryByRole('list', { name: 'Fotos escolhidas' })).not.toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it('holds the project back while a photo is on its way or failed, and without any photo', () => {
    const photo = { key: 'k', progress: 0, secondsLeft: null, id: null, preview: '', width: 0, height: 0 };
    const item = (status: 'preparing' | 'uploading' | 'failed' | 'done') => ({
      ...photo,
      status,
      name: '',
      error: null,
    });
    expect(photosProblem([item('done'), item('uploading')])).toBe(PHOTO_QUEUE_MESSAGES.waiting);
    expect(photosProblem([item('done'), item('failed')])).toBe(PHOTO_QUEUE_MESSAGES.failed);
    expect(photosProblem([])).toBe(PROJECT_PHOTO_MESSAGES.none);
    expect(photosProblem([item('done')])).toBeNull();
  });
});
