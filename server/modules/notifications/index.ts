import type { ClubModule } from '../club-module';
import { notificationJobs } from './jobs';
import { notificationsResolvers } from './resolvers';

export { notify } from './notify';
export { emailReceipt, type ReceiptDeps, type ReceiptMail } from './receipt';
export { firstWords, type NotificationEvent, type RewardOrderNotice, type Shipment } from './events';
export { deliverDueNotifications, pruneNotifications } from './delivery';
export { removeSessionSubscriptions } from './subscriptions';
export { pushQueueDepth } from './queue-depth';

export const notificationsModule: ClubModule = {
  name: 'notifications',
  resolvers: notificationsResolvers,
  jobs: notificationJobs,
};
