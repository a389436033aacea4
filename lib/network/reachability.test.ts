import { healthUrl, isClubUnreachable, probeClub, reportReachable, trackReachability } from './reachability';

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

describe('probeClub', () => {
  it('asks the API’s liveness route with a plain GET, never the GraphQL address the CSRF check refuses', async () => {
    reportReachable(false);
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    await probeClub(undefined, async (input, init) => {
      calls.push({ url: String(input), init });
      return { status: 200 } as Response;
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`${window.location.origin}/healthz`);
    expect(calls[0]!.init).toEqual({ method: 'GET', cache: 'no-store' });
    expect(isClubUnreachable()).toBe(false);
  });

  it('keeps the club unreachable while the probe gets no answer', async () => {
    reportReachable(false);
    await probeClub(undefined, () => Promise.reject(new TypeError('Failed to fetch')));
    expect(isClubUnreachable()).toBe(true);
  });

  it('asks the API’s own host when the app talks to GraphQL on another one', () => {
    expect(healthUrl('https://api.exemplo.com.br/graphql')).toBe('https://api.exemplo.com.br/healthz');
    expect(healthUrl('/graphql')).toBe(`${window.location.origin}/healthz`);
  });
});
