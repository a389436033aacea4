import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ApiContext } from '../../graphql/context';
import { getCurrentMember, requireMember } from '../users';
import { confirmPhoneChange, requestEmailChange, requestPhoneChange } from './contact-change';
import { deleteAccount, exportMyData } from './data-rights';
import { findWoodWorkByUser } from './repository';
import {
  answerConsent,
  assertOwnId,
  lookUpCep,
  ownSurvey,
  ownWoodWork,
  pendingEmailOf,
  referenceLists,
  replaceProfilePhoto,
  surveyView,
  updateCnpj,
  updateProfile,
  updateSurvey,
  updateWoodWork,
  woodWorkView,
} from './service';

const me = (ctx: ApiContext) => getCurrentMember(ctx);

/** A view read back right after its own write: missing means the write did not happen, which is a server fault. */
function saved<T>(view: T | null, what: string): T {
  if (view === null) throw new Error(`${what} ausente logo após ser gravado.`);
  return view;
}

export const profileResolvers: Resolvers = {
  User: {
    pendingEmail: async (parent, _args, ctx) =>
      pendingEmailOf(ctx.db, { id: Number(parent.id), email: parent.email }, ctx.config.now()),
    userWoodWork: (parent, _args, ctx) => woodWorkView(ctx.db, Number(parent.id), ctx.config.now()),
  },
  UserWoodWork: {
    woodworkSurvey: (parent) => parent.woodworkSurvey(),
  },
  Query: {
    user: async (_root, args, ctx) => {
      const user = await requireMember(ctx.db, ctx.userId);
      assertOwnId(args.id, user.id);
      return me(ctx);
    },
    userWoodWork: (_root, args, ctx) => ownWoodWork(ctx, args.id),
    woodworkSurvey: (_root, args, ctx) => ownSurvey(ctx, args.id),
    careers: (_root, _args, ctx) => referenceLists.careers(ctx.db),
    states: (_root, _args, ctx) => referenceLists.states(ctx.db),
    cities: (_root, args, ctx) => referenceLists.cities(ctx.db, args.stateId),
    equipments: (_root, _args, ctx) => referenceLists.equipments(ctx.db),
    cepAddress: (_root, args, ctx) => lookUpCep(ctx, args.cep),
    myData: (_root, _args, ctx) => exportMyData(ctx),
  },
  Mutation: {
    updateProfile: async (_root, args, ctx) => {
      await updateProfile(ctx, args.input);
      return me(ctx);
    },
    updateProfileImage: async (_root, args, ctx) => {
      await replaceProfilePhoto(ctx, args.file ?? null);
      return me(ctx);
    },
    updateUserWoodWork: async (_root, args, ctx) => {
      await updateWoodWork(ctx, args.id, args.input);
      return saved(await woodWorkView(ctx.db, ctx.userId!, ctx.config.now()), 'Marcenaria');
    },
    updateWoodworkSurvey: async (_root, args, ctx) => {
      await updateSurvey(ctx, args.id, args.input);
      const ww = await findWoodWorkByUser(ctx.db, ctx.userId!);
      return saved(ww ? await surveyView(ctx.db, ww.id) : null, 'Pesquisa da marcenaria');
    },
    updateCnpj: async (_root, args, ctx) => {
      await updateCnpj(ctx, { cnpj: args.cnpj });
      return saved(await woodWorkView(ctx.db, ctx.userId!, ctx.config.now()), 'Marcenaria');
    },
    requestPhoneChange: (_root, args, ctx) => requestPhoneChange(ctx, args.phoneNumber),
    confirmPhoneChange: async (_root, args, ctx) => {
      await confirmPhoneChange(ctx, args.code);
      return me(ctx);
    },
    requestEmailChange: async (_root, args, ctx) => ({
      pendingEmail: await requestEmailChange(ctx, args.email),
    }),
    answerConsent: (_root, args, ctx) => answerConsent(ctx, args.accepted),
    deleteAccount: async (_root, args, ctx) => {
      await deleteAccount(ctx, { password: args.password, confirmation: true });
      return { success: true };
    },
  },
};
