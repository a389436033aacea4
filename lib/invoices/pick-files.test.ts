import { perFileProgress } from './pick-files';

describe('perFileProgress', () => {
  it('fills the files in the order the multipart body carries them', () => {
    expect(perFileProgress([100, 300], 0, 1000)).toEqual([0, 0]);
    expect(perFileProgress([100, 300], 250, 1000)).toEqual([1, 0]);
    expect(perFileProgress([100, 300], 500, 1000)).toEqual([1, 100 / 300]);
    expect(perFileProgress([100, 300], 1000, 1000)).toEqual([1, 1]);
  });

  it('shows nothing while the total is unknown', () => {
    expect(perFileProgress([100], 50, 0)).toEqual([0]);
  });
});
