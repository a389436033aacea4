import type { Resolvers } from '../../graphql/generated/resolvers-types';
import type { ApiContext } from '../../graphql/context';
import { badUserInput } from '../../errors/api-errors';
import { createCepProvider, type CepProvider } from '../../adapters/cep';
import { drainUploads } from '../../uploads/file-upload';
import { getCurrentMember, updateUser, requireMember } from '../users';
import { confirmPhoneChange, requestEmailChange, requestPhoneChange } from './contact-change';
import { deleteAccount, exportMyData } from './data-rights';
import { receivePhoto, removePhoto, storePhoto } from './profile-image';
import * as repo from './repository';
import { findSurveyByWoodWork, findWoodWorkByUser } from './repository';
import {
  answerConsent,
  assertOwnId,
  pendingEmailOf,
  surveyView,
  updateCnpj,
  updateProfile,
  updateSurvey,
  updateWoodWork,
  woodWorkView,
} from './service';
import { nowOf } from '../service-deps';

/** One provider per configuration: ViaCEP, or the bundled sample. */
const providers = new Map<string, CepProvider>();
const cepProviderOf = (ctx: ApiContext): CepProvider => {
  let provider = providers.get(ctx.config.cepProvider);
  if (!provider) {
    provider = createCepProvider(ctx.config.cepProvider, {
      onError: (error) => console.warn('Consulta de CEP falhou; usando a amostra local.', (error as Error).message),
    });
    providers.set(ctx.config.cepProvider, provider);
  }
  return provider;
};

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
    userWoodWork: async (_root, args, ctx) => {
      const user = await requireMember(ctx.db, ctx.userId);
      assertOwnId(args.id, (await findWoodWorkByUser(ctx.db, user.id))?.id);
      return woodWorkView(ctx.db, user.id, ctx.config.now());
    },
    woodworkSurvey: async (_root, args, ctx) => {
      const user = await requireMember(ctx.db, ctx.userId);
      const ww = await findWoodWorkByUser(ctx.db, user.id);
      const survey = ww ? await findSurveyByWoodWork(ctx.db, ww.id) : undefined;
      assertOwnId(args.id, survey?.id);
      return ww ? surveyView(ctx.db, ww.id) : null;
    },
    careers: async (_root, _args, ctx) => {
      const rows = await repo.allCareers(ctx.db);
      return rows.map((c) => ({ id: String(c.id), name: c.name, woodWorkRelated: c.wood_work_related === 1 }));
    },
    states: async (_root, _args, ctx) => {
      const rows = await repo.allStates(ctx.db);
      return rows.map((s) => ({ id: String(s.id), uf: s.uf, name: s.name }));
    },
    cities: async (_root, args, ctx) => {
      if (!/^\d{1,9}$/.test(args.stateId)) return [];
      const rows = await repo.listedCitiesOf(ctx.db, Number(args.stateId));
      return rows.map((c) => ({ id: String(c.id), name: c.name }));
    },
    equipments: async (_root, _args, ctx) => {
      const rows = await repo.allEquipments(ctx.db);
      return rows.map((e) => ({ id: String(e.id), name: e.name }));
    },
    cepAddress: async (_root, args, ctx) => {
      // Members only: the lookup must not become an open proxy to the provider.
      await requireMember(ctx.db, ctx.userId);
      const cep = args.cep.replace(/\D/g, '');
      if (cep.length !== 8 || args.cep.length > 12) {
        const message = 'CEP inválido. Use 8 números, como 01310-100.';
        throw badUserInput(message, { cep: message });
      }
      const found = await cepProviderOf(ctx).lookup(cep);
      if (!found) return null;
      const state = await repo.stateByUf(ctx.db, found.uf);
      return {
        cep,
        address: found.address,
        district: found.district,
        state: state ? { id: String(state.id), uf: state.uf, name: state.name } : null,
        cityName: found.cityName,
      };
    },
    myData: (_root, _args, ctx) => exportMyData(ctx),
  },
  Mutation: {
    updateProfile: async (_root, args, ctx) => {
      await updateProfile(ctx, args.input);
      return me(ctx);
    },
    updateProfileImage: async (_root, args, ctx) => {
      const upload = args.file ?? null;
      const user = await requireMember(ctx.db, ctx.userId).catch(async (error: unknown) => {
        // The multipart request ends only once its file is read.
        if (upload) await drainUploads([upload]);
        throw error;
      });
      const url = upload ? await storePhoto(ctx.storage, await receivePhoto(upload)) : null;
      await updateUser(ctx.db, user.id, { profile_image: url }, nowOf(ctx));
      await removePhoto(ctx.storage, user.profile_image);
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
