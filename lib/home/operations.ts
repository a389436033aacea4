// Documents of operations.graphql, one typed export each (codegen): a page ships only the documents it imports.
export { QHomeRemindersDocument as QHomeReminders } from '../graphql/generated/graphql';
