import type { ApiContext } from '../../graphql/context';
import { login, refresh, type AuthDeps } from './service';

const depsOf = (ctx: ApiContext): AuthDeps => ({
  db: ctx.db,
  tokens: ctx.config,
  limiter: ctx.loginLimiter,
  ip: ctx.ip,
});

export const authResolvers = {
  Mutation: {
    userLogin: async (_root: unknown, args: { login: string; password: string }, ctx: ApiContext) => {
      const pair = await login(depsOf(ctx), args.login, args.password);
      return { token: pair.accessToken, refresh_token: pair.refreshToken };
    },
    refreshToken: async (_root: unknown, args: { refreshToken: string }, ctx: ApiContext) => {
      const pair = await refresh(depsOf(ctx), args.refreshToken);
      return { access_token: pair.accessToken, refresh_token: pair.refreshToken, token_type: 'Bearer' };
    },
  },
};
