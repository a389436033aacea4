import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ApiContext } from '../../graphql/context';
import { confirmEmail } from './email-confirmation';
import { flowDepsOf } from './flow-deps';
import { passwordResetChannels, requestPasswordReset, resetPassword } from './password-reset';
import { login, logout, refresh, updatePassword, type AuthDeps, type TokenPair } from './service';
import { createUser, createUserSecondStep, resendSignUpCode, resumeSignUp } from './signup';

const depsOf = (ctx: ApiContext): AuthDeps => ({
  db: ctx.db,
  tokens: ctx.config,
  limiter: ctx.loginLimiter,
  ip: ctx.ip,
});

const pairResult = (pair: TokenPair) => ({ access_token: pair.accessToken, refresh_token: pair.refreshToken });

export const authResolvers: Resolvers = {
  Query: {
    passwordResetChannels: async (_root, args, ctx) => {
      await ctx.humanCheck.check(args.altcha);
      return passwordResetChannels(flowDepsOf(ctx), args.login);
    },
  },
  Mutation: {
    userLogin: async (_root, args, ctx) => {
      await ctx.humanCheck.check(args.altcha);
      const pair = await login(depsOf(ctx), args.login, args.password);
      return { token: pair.accessToken, refresh_token: pair.refreshToken };
    },
    refreshToken: async (_root, args, ctx) => {
      const pair = await refresh(depsOf(ctx), args.refreshToken);
      return { ...pairResult(pair), token_type: 'Bearer' };
    },
    createUser: async (_root, args, ctx) => {
      await ctx.humanCheck.check(args.altcha);
      return createUser(flowDepsOf(ctx), args.input, args.subsidiarySlug);
    },
    createUserSecondStep: async (_root, args, ctx) =>
      pairResult(await createUserSecondStep(flowDepsOf(ctx), args.input)),
    resumeSignUp: async (_root, args, ctx) => {
      await ctx.humanCheck.check(args.altcha);
      return resumeSignUp(flowDepsOf(ctx), args.cpf);
    },
    resendCode: (_root, args, ctx) => resendSignUpCode(flowDepsOf(ctx), args.signupId),
    requestPasswordReset: (_root, args, ctx) => requestPasswordReset(flowDepsOf(ctx), args.login, args.channel),
    resetPassword: async (_root, args, ctx) => {
      await resetPassword(flowDepsOf(ctx), args.login, { code: args.code, password: args.password });
      return { success: true };
    },
    confirmEmail: async (_root, args, ctx) => ({
      success: await confirmEmail(
        { db: ctx.db, messenger: ctx.messenger, publicUrl: ctx.config.publicUrl, now: ctx.config.now },
        ctx.userId,
        args.data.emailConfirmationToken,
      ),
    }),
    updatePassword: async (_root, args, ctx) =>
      pairResult(await updatePassword(depsOf(ctx), ctx.userId, args.currentPassword, args.password)),
    logout: async (_root, args, ctx) => {
      await logout(depsOf(ctx), args.refreshToken);
      return { success: true };
    },
  },
};
