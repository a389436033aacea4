import { requireStaff, type StaffResolverSet } from '../../graphql/staff-access';
import { staffDashboard } from './dashboard';

/** The painel's home: aggregate figures every staff member may read (no member is named in them). */
export const dashboardStaffResolvers: StaffResolverSet = {
  Query: {
    staffDashboard: {
      access: 'staff',
      resolve: (_parent, _args, ctx) => {
        requireStaff(ctx);
        return staffDashboard(ctx.db, ctx.config.now());
      },
    },
  },
};
