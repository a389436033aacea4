import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import { catalogue, importCatalogue, searchCatalogue } from './operator';

/** The brand's catalogue in the painel: for the campaigns desk (campanhas) and admins. */
export const productsStaffResolvers: StaffResolverSet = {
  Query: {
    staffBrandProducts: {
      access: ['campanhas', 'admin'],
      resolve: async (_parent, { search }, ctx) => {
        requireRole(ctx, 'campanhas', 'admin');
        return searchCatalogue(await catalogue(ctx), search);
      },
    },
  },
  Mutation: {
    staffImportProducts: {
      access: ['campanhas', 'admin'],
      resolve: (_parent, { csv }, ctx) => importCatalogue(ctx, requireRole(ctx, 'campanhas', 'admin'), csv),
    },
  },
};
