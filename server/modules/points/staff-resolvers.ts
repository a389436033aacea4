import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import { addRule, endRule, estimateCost, listRules, replaceRule, simulateXml } from './rules';

/** The earning rules in the painel: every operation for the campaigns desk (campanhas) and admins. */
export const pointsStaffResolvers: StaffResolverSet = {
  Query: {
    staffPointRules: {
      access: ['campanhas', 'admin'],
      resolve: (_parent, _args, ctx) => {
        requireRole(ctx, 'campanhas', 'admin');
        return listRules(ctx);
      },
    },
    staffSimulateRules: {
      access: ['campanhas', 'admin'],
      resolve: (_parent, { xml }, ctx) => {
        requireRole(ctx, 'campanhas', 'admin');
        return simulateXml(ctx, xml);
      },
    },
    staffEstimateRuleCost: {
      access: ['campanhas', 'admin'],
      resolve: (_parent, { input }, ctx) => {
        requireRole(ctx, 'campanhas', 'admin');
        return estimateCost(ctx, input);
      },
    },
  },
  Mutation: {
    staffAddPointRule: {
      access: ['campanhas', 'admin'],
      resolve: (_parent, { input }, ctx) => addRule(ctx, requireRole(ctx, 'campanhas', 'admin'), input),
    },
    staffEndPointRule: {
      access: ['campanhas', 'admin'],
      resolve: (_parent, { id }, ctx) => endRule(ctx, requireRole(ctx, 'campanhas', 'admin'), Number(id)),
    },
    staffReplacePointRule: {
      access: ['campanhas', 'admin'],
      resolve: (_parent, { id, input }, ctx) =>
        replaceRule(ctx, requireRole(ctx, 'campanhas', 'admin'), Number(id), input),
    },
  },
};
