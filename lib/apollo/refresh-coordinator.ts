/**
 * Keeps a single token refresh in flight, however many operations fail at once. An operation that failed with
 * a token older than the current one is simply retried with the current one, without refreshing again.
 */
export interface RefreshCoordinatorDeps {
  currentAccessToken: () => string | null;
  currentRefreshToken: () => string | null;
  /** Exchanges the refresh token for a new pair; must store it before resolving. */
  refresh: (refreshToken: string) => Promise<string>;
}

export function createRefreshCoordinator(deps: RefreshCoordinatorDeps) {
  let inFlight: Promise<string> | null = null;

  return {
    /** Resolves with the access token to retry with; rejects when there is no refresh token or it was refused. */
    accessTokenAfterFailure(failedWith: string | null): Promise<string> {
      if (inFlight) return inFlight;
      const current = deps.currentAccessToken();
      if (current && current !== failedWith) return Promise.resolve(current);
      const refreshToken = deps.currentRefreshToken();
      if (!refreshToken) return Promise.reject(new Error('no refresh token'));
      inFlight = deps.refresh(refreshToken).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
