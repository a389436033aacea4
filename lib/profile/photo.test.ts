import { PHOTO_ERRORS, squarePhotoFile } from './photo';

/** jsdom neither decodes images nor draws: a fake <img> of the given size and a canvas that records its drawing. */
function fakeBrowser(width: number, height: number, blob: Blob | null = new Blob(['jpeg'], { type: 'image/jpeg' })) {
  class FakeImage {
    naturalWidth = width;
    naturalHeight = height;
    onload?: () => void;
    onerror?: () => void;
    set src(_url: string) {
      setTimeout(() => this.onload?.());
    }
  }
  const drawImage = jest.fn();
  const toBlob = jest.fn((callback: BlobCallback) => callback(blob));
  Object.assign(globalThis, { Image: FakeImage });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:original'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as never);
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(toBlob);
  return { drawImage, toBlob };
}

const picked = (type = 'image/png') => new File(['x'], 'foto.png', { type });

describe('squarePhotoFile', () => {
  it('crops the centre square, scales it to 512 px and gives a JPEG file to upload', async () => {
    const { drawImage, toBlob } = fakeBrowser(1200, 800);
    const file = await squarePhotoFile(picked());
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 200, 0, 800, 800, 0, 0, 512, 512);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.85);
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('foto.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:original');
  });

  it('keeps a photo smaller than 512 px at its own size', async () => {
    const { drawImage } = fakeBrowser(300, 400);
    await squarePhotoFile(picked());
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 50, 300, 300, 0, 0, 300, 300);
  });

  it('refuses other types and a canvas that cannot encode', async () => {
    fakeBrowser(10, 10, null);
    await expect(squarePhotoFile(picked('image/gif'))).rejects.toThrow(PHOTO_ERRORS.type);
    await expect(squarePhotoFile(picked())).rejects.toThrow(PHOTO_ERRORS.read);
  });
});
