import { requireRole, requireStaff, type StaffResolverSet } from '../../graphql/staff-access';
import { staffDashboard } from './dashboard';
import { largeCredits } from './large-credits';

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
    staffLargeCredits: {
      // Names members and reviewers: for those who review and for the admins, not for every role.
      access: ['revisor', 'admin'],
      resolve: (_parent, _args, ctx) => {
        requireRole(ctx, 'revisor', 'admin');
        return largeCredits(ctx.db, ctx.config.reviewConfirmPoints, ctx.config.now());
      },
    },
  },
};
