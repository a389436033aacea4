import { requireRole, type StaffResolverSet } from '../../graphql/staff-access';
import {
  addCodesAsStaff,
  cancelAsStaff,
  correctTrackingAsStaff,
  deliverAsStaff,
  generateCodesAsStaff,
  releaseAsStaff,
  rewardOrder,
  rewardOrderQueue,
  rewardStock,
  separateAsStaff,
  setStockAsStaff,
  shipAsStaff,
} from './staff-fulfilment';

/** Rewards fulfilment in the painel: every operation for the rewards desk (premios) only. */
export const rewardsStaffResolvers: StaffResolverSet = {
  Query: {
    staffRewardOrders: {
      access: ['premios'],
      resolve: (_parent, args, ctx) => {
        requireRole(ctx, 'premios');
        return rewardOrderQueue(ctx, args);
      },
    },
    staffRewardOrder: {
      access: ['premios'],
      resolve: (_parent, { id }, ctx) => {
        requireRole(ctx, 'premios');
        return rewardOrder(ctx, id);
      },
    },
    staffRewardStock: {
      access: ['premios'],
      resolve: (_parent, _args, ctx) => {
        requireRole(ctx, 'premios');
        return rewardStock(ctx);
      },
    },
  },
  Mutation: {
    staffSeparateRewardOrder: {
      access: ['premios'],
      resolve: (_parent, { id }, ctx) => separateAsStaff(ctx, requireRole(ctx, 'premios'), id),
    },
    staffShipRewardOrder: {
      access: ['premios'],
      resolve: (_parent, { id, trackingCode, carrier }, ctx) =>
        shipAsStaff(ctx, requireRole(ctx, 'premios'), id, trackingCode, carrier),
    },
    staffCorrectRewardTracking: {
      access: ['premios'],
      resolve: (_parent, { id, trackingCode, carrier }, ctx) =>
        correctTrackingAsStaff(ctx, requireRole(ctx, 'premios'), id, trackingCode, carrier),
    },
    staffDeliverRewardOrder: {
      access: ['premios'],
      resolve: (_parent, { id }, ctx) => deliverAsStaff(ctx, requireRole(ctx, 'premios'), id),
    },
    staffCancelRewardOrder: {
      access: ['premios'],
      resolve: (_parent, { id, reason }, ctx) => cancelAsStaff(ctx, requireRole(ctx, 'premios'), id, reason),
    },
    staffReleaseRewardOrder: {
      access: ['premios'],
      resolve: (_parent, { id }, ctx) => releaseAsStaff(ctx, requireRole(ctx, 'premios'), id),
    },
    staffSetRewardStock: {
      access: ['premios'],
      resolve: (_parent, { slug, stock }, ctx) => setStockAsStaff(ctx, requireRole(ctx, 'premios'), slug, stock),
    },
    staffAddRewardCodes: {
      access: ['premios'],
      resolve: (_parent, { slug, codes, validUntil }, ctx) =>
        addCodesAsStaff(ctx, requireRole(ctx, 'premios'), slug, codes, validUntil),
    },
    staffGenerateRewardCodes: {
      access: ['premios'],
      resolve: (_parent, { slug, count, prefix, validUntil }, ctx) =>
        generateCodesAsStaff(ctx, requireRole(ctx, 'premios'), slug, { count, prefix, validUntil }),
    },
  },
};
