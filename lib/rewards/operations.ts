// Documents of operations.graphql (codegen writes them beside it): a page ships only the modules it imports.
export {
  RewardCardFieldsFragmentDoc as RewardCardFields,
  RewardFieldsFragmentDoc as RewardFields,
  RewardOrderFieldsFragmentDoc as RewardOrderFields,
  QRewardsDocument as QRewards,
  QRewardDocument as QReward,
  QRewardOrdersDocument as QRewardOrders,
  MRedeemRewardDocument as MRedeemReward,
  MCancelRewardOrderDocument as MCancelRewardOrder,
} from './operations.generated';
// Only the confirmation (loaded when a member taps "Trocar") sends these.
export {
  QRedemptionPreviewDocument as QRedemptionPreview,
  QDeliveryStatesDocument as QDeliveryStates,
} from './redeem-operations.generated';
