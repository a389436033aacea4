import type { ClubModule } from '../club-module';
import { pointsResolvers } from './resolvers';
import { expiryJob } from './expiry-job';
import { pointsStaffResolvers } from './staff-resolvers';

export { DEMO_CAMPAIGN_CODE, seedDemoCampaign } from './demo-campaign';
export { creditPurchase, previewEarning, type EarningCredit } from './earning';
export { earningsOfInvoice } from './earning-repository';
export {
  addRule,
  endRule,
  estimateCost,
  listRules,
  replaceRule,
  RULE_MESSAGES,
  simulateXml,
  type CostEstimate,
  type RuleInput,
  type RuleView,
  type Simulation,
} from './rules';
export { pointsByItem, type Earning, type Purchase, type PurchaseItem } from './earning-engine';
export {
  appendEntries,
  expireDuePoints,
  getBalance,
  InsufficientPointsError,
  lockMemberPoints,
  refundPoints,
  reverseInvoicePoints,
  spendPoints,
} from './ledger';
export { remindExpiringPoints } from './expiry-reminders';
export { playInTimeOrder, sentThenReviewed, type DemoEvent } from './demo-timeline';
export { planSpending, type PlannedLot } from './spend-plan';
export { ledgerForSupport, pointsSummary, type PointsEntryView } from './service';
export { entryOwnerField, type EntryOwner } from './entry-links';

export const pointsModule: ClubModule = {
  name: 'points',
  resolvers: pointsResolvers,
  staffResolvers: pointsStaffResolvers,
  jobs: ({ db, config }) => [expiryJob(db, config.now)],
};
