// Documents of operations.graphql, one typed export each (codegen): a page ships only the documents it imports.
export {
  QPointsSummaryDocument as QPointsSummary,
  QPointsEntriesDocument as QPointsEntries,
} from '../graphql/generated/graphql';
