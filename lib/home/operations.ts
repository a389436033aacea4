// Documents of operations.graphql (codegen writes them beside it): a page ships only the modules it imports.
export { QHomeRemindersDocument as QHomeReminders } from './operations.generated';
