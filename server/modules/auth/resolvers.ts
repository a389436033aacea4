import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { confirmEmail } from './email-confirmation';
import { passwordResetChannels, requestPasswordReset, resetPassword } from './password-reset';
import { login, logout, refresh, updatePassword, type TokenPair } from './service';
import { createUser, createUserSecondStep, resendSignUpCode, resumeSignUp } from './signup';

const pairResult = (pair: TokenPair) => ({ access_token: pair.accessToken, refresh_token: pair.refreshToken });

export const authResolvers: Resolvers = {
  Query: {
    passwordResetChannels: async (_root, args, ctx) => {
      await ctx.humanCheck.check(args.altcha);
      return passwordResetChannels(ctx, args.login);
    },
  },
  Mutation: {
    userLogin: async (_root, args, ctx) => {
      await ctx.humanCheck.check(args.altcha);
      const pair = await login(ctx, args.login, args.password);
      return { token: pair.accessToken, refresh_token: pair.refreshToken };
    },
    refreshToken: async (_root, args, ctx) => {
      const pair = await refresh(ctx, args.refreshToken);
      return { ...pairResult(pair), token_type: 'Bearer' };
    },
    createUser: async (_root, args, ctx) => {
      await ctx.humanCheck.check(args.altcha);
      return createUser(ctx, args.input, args.subsidiarySlug);
    },
    createUserSecondStep: async (_root, args, ctx) => pairResult(await createUserSecondStep(ctx, args.input)),
    resumeSignUp: async (_root, args, ctx) => {
      await ctx.humanCheck.check(args.altcha);
      return resumeSignUp(ctx, args.cpf);
    },
    resendCode: (_root, args, ctx) => resendSignUpCode(ctx, args.signupId),
    requestPasswordReset: (_root, args, ctx) => requestPasswordReset(ctx, args.login, args.channel),
    resetPassword: async (_root, args, ctx) => {
      await resetPassword(ctx, args.login, { code: args.code, password: args.password });
      return { success: true };
    },
    confirmEmail: async (_root, args, ctx) => ({
      success: await confirmEmail(ctx, args.data.emailConfirmationToken),
    }),
    updatePassword: async (_root, args, ctx) =>
      pairResult(await updatePassword(ctx, args.currentPassword, args.password)),
    logout: async (_root, args, ctx) => {
      await logout(ctx, args.refreshToken);
      return { success: true };
    },
  },
};
