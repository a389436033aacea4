// Documents of operations.graphql (codegen writes them beside it): a page ships only the modules it imports.
export {
  RewardCardFieldsFragmentDoc as RewardCardFields,
  RewardFieldsFragmentDoc as RewardFields,
  RewardOrderFieldsFragmentDoc as RewardOrderFields,
  QRewardsDocument as QRewards,
  QRewardDocument as QReward,
  QRedeemContextDocument as QRedeemContext,
  QRewardOrdersDocument as QRewardOrders,
  MRedeemRewardDocument as MRedeemReward,
  MCancelRewardOrderDocument as MCancelRewardOrder,
} from './operations.generated';
