import { graphql } from '../graphql/generated';

export const QPointsSummary = graphql(`
  query QPointsSummary {
    pointsSummary {
      balance
      expiringIn30
      expiringIn60
      expiringIn90
      expiring {
        date
        points
      }
      history {
        month
        balance
      }
    }
  }
`);

export const QPointsEntries = graphql(`
  query QPointsEntries($first: Int, $after: String, $from: String, $to: String, $kinds: [PointsEntryKind!]) {
    pointsEntries(first: $first, after: $after, from: $from, to: $to, kinds: $kinds) {
      data {
        id
        kind
        points
        description
        createdAt
        expiresAt
        invoiceId
      }
      hasMore
      nextCursor
    }
  }
`);
