import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import { catalogue, importCatalogue, searchCatalogue } from './actions';
import { searchProducts } from './search';

/**
 * The catalogue in the painel: the product a reviewer picks for a photo's keyed line (revisor); the list and the
 * import for the campaigns desk (campanhas) and admins.
 */
export const productsStaffResolvers: StaffResolverSet = {
  Query: {
    staffProducts: {
      access: ['revisor'],
      resolve: (_parent, { search }, ctx) => {
        requireRole(ctx, 'revisor');
        return searchProducts(ctx.db, search);
      },
    },
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
