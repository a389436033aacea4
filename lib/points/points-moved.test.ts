import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { QPointsSummary } from './operations';
import { followOtherTabs, noticeArrived, pointsMoved } from './points-moved';

// jsdom has no BroadcastChannel; Node's delivers between channels of one process as tabs' do between tabs.
if (typeof globalThis.BroadcastChannel === 'undefined') {
  (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel = NodeBroadcastChannel;
}

/** The club as one member's tabs see it: one balance, moved by the test; each tab counts what it asked. */
const club = { balance: 4780 };

function member() {
  return {
    __typename: 'User',
    id: '7',
    pointsBalance: club.balance,
  };
}

function tab() {
  const asked: string[] = [];
  const link = new ApolloLink((operation) => {
    asked.push(operation.operationName ?? '');
    const data =
      operation.operationName === 'QMe'
        ? { me: member() }
        : {
            me: member(),
            pointsSummary: {
              __typename: 'PointsSummary',
              balance: club.balance,
              expiringIn30: 0,
              expiringIn60: 0,
              expiringIn90: 0,
              expiring: [],
              history: [],
            },
          };
    return new Observable((observer) => {
      observer.next({ data });
      observer.complete();
    });
  });
  const client = new ApolloClient({ cache: new InMemoryCache(), link });
  const balance = () =>
    (client.cache.extract() as Record<string, { pointsBalance?: number } | undefined>)['User:7']?.pointsBalance;
  return { client, asked, balance };
}

// QMe selects the whole profile; the tests' member answers only what the balance needs.
jest.spyOn(console, 'error').mockImplementation(() => undefined);
jest.spyOn(console, 'warn').mockImplementation(() => undefined);

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe('one balance on the device', () => {
  beforeEach(() => {
    club.balance = 4780;
  });

  it('any answer that shows a balance moves the member’s one balance', async () => {
    const { client, balance } = tab();
    await client.query({ query: QPointsSummary });
    expect(balance()).toBe(4780);
    club.balance = 880;
    await client.query({ query: QPointsSummary, fetchPolicy: 'network-only' });
    expect(balance()).toBe(880);
  });

  it('after a move, this tab asks the club for `me` and another open tab drops its extract and asks too', async () => {
    const here = tab();
    const there = tab();
    await here.client.query({ query: QPointsSummary });
    await there.client.query({ query: QPointsSummary });
    const stop = followOtherTabs(there.client);
    try {
      club.balance = 880;
      there.asked.length = 0;
      await pointsMoved(here.client);
      expect(here.asked).toContain('QMe');
      expect(here.balance()).toBe(880);
      await waitFor(() => there.asked.includes('QMe'));
      await waitFor(() => there.balance() === 880);
      // The other tab's extract is no longer in its cache: shown again, it is read from the club.
      expect(there.client.readQuery({ query: QPointsSummary })).toBeNull();
    } finally {
      stop();
    }
  });

  it('a notice arriving drops what it may be about and asks for the balance again', async () => {
    const { client, asked, balance } = tab();
    await client.query({ query: QPointsSummary });
    club.balance = 2880;
    await noticeArrived(client);
    expect(asked.at(-1)).toBe('QMe');
    expect(balance()).toBe(2880);
    expect(client.readQuery({ query: QPointsSummary })).toBeNull();
  });
});
