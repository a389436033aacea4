// Documents of operations.graphql (codegen writes them beside it): a page ships only the modules it imports.
export {
  QPointsSummaryDocument as QPointsSummary,
  QPointsEntriesDocument as QPointsEntries,
} from './operations.generated';
