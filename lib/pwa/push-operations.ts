// The device subscription's documents (push-operations.graphql): only the lazily loaded push code imports them.
export {
  QPushPublicKeyDocument as QPushPublicKey,
  MSavePushSubscriptionDocument as MSavePushSubscription,
  MRemovePushSubscriptionDocument as MRemovePushSubscription,
} from './push-operations.generated';
