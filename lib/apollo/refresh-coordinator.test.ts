import { createRefreshCoordinator } from './refresh-coordinator';

describe('refresh coordinator', () => {
  it('runs one refresh for many simultaneous failures and hands every caller the new token', async () => {
    let token = 'old';
    let resolveRefresh: (t: string) => void = () => {};
    const refresh = jest.fn(
      () =>
        new Promise<string>((resolve) => {
          resolveRefresh = (t) => {
            token = t;
            resolve(t);
          };
        }),
    );
    const c = createRefreshCoordinator({
      currentAccessToken: () => token,
      currentRefreshToken: () => 'refresh',
      refresh,
    });
    const waits = Array.from({ length: 20 }, () => c.accessTokenAfterFailure('old'));
    resolveRefresh('new');
    await expect(Promise.all(waits)).resolves.toEqual(Array(20).fill('new'));
    expect(refresh).toHaveBeenCalledTimes(1);
    // A late failure of a request sent with the old token is retried with the new one, no second refresh.
    await expect(c.accessTokenAfterFailure('old')).resolves.toBe('new');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('rejects without a refresh token and when the refresh is refused', async () => {
    const none = createRefreshCoordinator({
      currentAccessToken: () => null,
      currentRefreshToken: () => null,
      refresh: jest.fn(),
    });
    await expect(none.accessTokenAfterFailure(null)).rejects.toThrow();
    const refused = createRefreshCoordinator({
      currentAccessToken: () => 'a',
      currentRefreshToken: () => 'r',
      refresh: () => Promise.reject(new Error('refused')),
    });
    await expect(refused.accessTokenAfterFailure('a')).rejects.toThrow('refused');
  });
});
