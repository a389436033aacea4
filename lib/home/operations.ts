import { graphql } from '../graphql/generated';

/** What home reminds the member of: points about to expire and invoices waiting for the club. */
export const QHomeReminders = graphql(`
  query QHomeReminders {
    pointsSummary {
      expiring {
        date
        points
      }
    }
    myInvoiceCounts {
      total
      waiting
    }
  }
`);
