// Documents of operations.graphql (codegen writes them beside it): a page ships only the modules it imports.
export { QHomeRemindersDocument as QHomeReminders, QHomeRewardDocument as QHomeReward } from './operations.generated';
