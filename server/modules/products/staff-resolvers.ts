import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import { searchProducts } from './search';

/** The catalogue in the painel: the product a reviewer picks for a photo's keyed line (revisor). */
export const productsStaffResolvers: StaffResolverSet = {
  Query: {
    staffProducts: {
      access: ['revisor'],
      resolve: (_parent, { search }, ctx) => {
        requireRole(ctx, 'revisor');
        return searchProducts(ctx.db, search);
      },
    },
  },
};
