import type { Resolvers } from '../../graphql/generated/resolvers-types';
import { entryOwnerField } from '../points';
import { transfersOfLedgerEntries } from './repository';
import {
  hasLinkedAccount,
  linkPointsPartner,
  myPartnerTransfer,
  myPartnerTransfers,
  pointsPartnerProgram,
  simulateTransfer,
  transferToPartner,
  unlinkPointsPartner,
} from './service';

/** The transfer of each of the extract's debits and refunds that moved points to the partner. */
const transferIdOfEntry = entryOwnerField(['REDEMPTION', 'REFUND'], transfersOfLedgerEntries);

export const partnerResolvers: Resolvers = {
  Query: {
    pointsPartner: (_root, _args, ctx) => pointsPartnerProgram(ctx),
    partnerTransferSimulation: (_root, args, ctx) => simulateTransfer(ctx, args.points),
    myPartnerTransfers: (_root, args, ctx) => myPartnerTransfers(ctx, args),
    myPartnerTransfer: (_root, args, ctx) => myPartnerTransfer(ctx, args.id),
  },
  Mutation: {
    linkPointsPartner: (_root, args, ctx) => linkPointsPartner(ctx, args.accountId),
    unlinkPointsPartner: (_root, _args, ctx) => unlinkPointsPartner(ctx),
    transferToPointsPartner: (_root, args, ctx) => transferToPartner(ctx, args.input),
  },
  PointsEntry: {
    transferId: (entry, _args, ctx) => transferIdOfEntry(ctx, entry),
  },
  // The users module builds the status from the member's row; whether an account is linked is this module's.
  ProfileStatus: {
    hasPointsPartnerIntegration: (parent, _args, ctx) => hasLinkedAccount(ctx.db, Number(parent.id)),
  },
};
