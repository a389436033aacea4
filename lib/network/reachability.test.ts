import { isClubUnreachable, reportReachable, trackReachability } from './reachability';

afterEach(() => reportReachable(true));

describe('trackReachability', () => {
  it('marks the club unreachable when a request cannot get through, and reachable on any HTTP answer', async () => {
    const failing = trackReachability(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(failing('/graphql')).rejects.toThrow('Failed to fetch');
    expect(isClubUnreachable()).toBe(true);

    const answering = trackReachability(() => Promise.resolve({ status: 500 } as Response));
    await answering('/graphql');
    expect(isClubUnreachable()).toBe(false);
  });

  it('says nothing when the page itself cancelled the request', async () => {
    const aborted = trackReachability(() => Promise.reject(new DOMException('cancelado', 'AbortError')));
    await expect(aborted('/graphql')).rejects.toThrow('cancelado');
    expect(isClubUnreachable()).toBe(false);
  });
});
