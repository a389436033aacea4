import '../../test/esm-shims';
import type { OutboundLookup } from '../../adapters/outbound';
import { newVapidKeys } from '../../adapters/vapid-keys';
import type { PushServiceSettings, VapidKeys } from '../../config';
import { createSharedTestApps, fakeClock, gql, loginAs, type FakeClock, type SharedTestApps } from '../../test/helpers';
import { JPEG, newKey, submit } from '../invoices/test/upload-helpers';
import { approveInvoice, rejectInvoice } from '../invoices';
import { appendEntries, remindExpiringPoints } from '../points';
import { createMember } from '../users';
import { deliverDueNotifications, notify, pruneNotifications, type NotificationEvent } from '.';
import {
  browserSubscription,
  decryptPush,
  startPushService,
  verifyVapid,
  type BrowserSubscription,
  type PushService,
} from './test/push-service';
import { terminalActor } from '../staff';

/** Who the audit names for the reviews these tests make. */
const reviewer = terminalActor('ti.joao');

const DAY_MS = 24 * 60 * 60 * 1000;
const CARLA = {
  name: 'Carla',
  surName: 'Dias',
  cpf: '11144477735',
  email: 'carla@exemplo.com.br',
  password: 'Senha#forte1',
  phoneNumber: '11912345678',
};
const DAVI = {
  name: 'Davi',
  surName: 'Reis',
  cpf: '39053344705',
  email: 'davi@exemplo.com.br',
  password: 'Senha#forte2',
};

const vapidPair = (): VapidKeys => ({ ...newVapidKeys(), subject: 'mailto:suporte@clube.test' });

const SAVE = 'mutation ($input: PushSubscriptionInput!) { savePushSubscription(input: $input) }';
const REMOVE = 'mutation ($endpoint: String!) { removePushSubscription(endpoint: $endpoint) }';
const LOGOUT = 'mutation ($refreshToken: String) { logout(refreshToken: $refreshToken) { success } }';
const INBOX = `query ($first: Int, $after: String) {
  notifications(first: $first, after: $after) {
    data { id kind title body url createdAt readAt }
    hasMore nextCursor unreadCount
  }
}`;
const MARK = 'mutation ($ids: [ID!], $all: Boolean) { markNotificationsRead(ids: $ids, all: $all) }';
const PREFS = 'query { notificationPreferences { kind enabled } pushPublicKey }';
const SET_PREF =
  'mutation ($kind: NotificationKind!, $enabled: Boolean!) { setNotificationPreference(kind: $kind, enabled: $enabled) { kind enabled } }';

type Inbox = {
  notifications: {
    data: {
      id: string;
      kind: string;
      title: string;
      body: string;
      url: string;
      createdAt: string;
      readAt: string | null;
    }[];
    hasMore: boolean;
    nextCursor: string | null;
    unreadCount: number;
  };
};

let s: SharedTestApps;
let clock: FakeClock;
let push: PushService;
/**
 * The test's push service is the operator's own origin (http, on this machine); `*.push.clube.test` is a push service
 * added by name, whose addresses the test's resolver gives.
 */
let pushServices: PushServiceSettings;
let vapid: VapidKeys;
let carla: { token: string; refresh_token: string };
let carlaId: number;

const as = (token: string) => ({ authorization: `Bearer ${token}` });
const app = (i = 0) => s.apps[i]!;
const at = () => new Date(clock.now());
const operator = () => ({ db: s.db, config: { ...s.config, now: clock.now } });

async function subscribe(token: string, name: string, i = 0): Promise<BrowserSubscription> {
  const sub = browserSubscription(push, name);
  const res = await gql(
    app(i),
    SAVE,
    { input: { endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth } },
    as(token),
  );
  expect(res.errors).toBeUndefined();
  return sub;
}

/** An invoice sent as a photo: it waits for a person, who approves or refuses it from the terminal. */
async function photoInvoice(token: string): Promise<number> {
  const res = await submit(app(), token, { accessKey: newKey() }, [{ name: 'nota.jpg', content: JPEG }]);
  return Number(res.data!.submitInvoice.id);
}

/** What the names of the push service added by name lead to: this machine, and the cloud's metadata address. */
const lookup: OutboundLookup = async (hostname) => {
  const address = { 'interno.push.clube.test': '127.0.0.1', 'metadados.push.clube.test': '169.254.169.254' }[hostname];
  if (!address) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
  return [{ address, family: 4 }];
};

/** One run of the delivery job, as an API process runs it (on its own database handle when given one). */
const deliver = (db = s.db, services = pushServices) =>
  deliverDueNotifications({
    db,
    config: { now: clock.now, vapid, pushServices: services, outbound: { privateOrigins: [], lookup } },
  });

const payloadsFor = (sub: BrowserSubscription) =>
  push.received
    .filter((r) => `${push.origin}${r.path}` === sub.endpoint)
    .map((r) => JSON.parse(decryptPush(r.body, sub)) as { title: string; body: string; url: string });

beforeEach(async () => {
  clock = fakeClock();
  push = await startPushService();
  pushServices = { hosts: ['*.push.clube.test'], origins: [push.origin] };
  vapid = vapidPair();
  // Two API processes on one database, as behind a load balancer. Their own delivery job is left without keys, so
  // only the test's runs send and each step is seen whole.
  s = await createSharedTestApps(2, { now: clock.now, pushServices });
  carlaId = (await createMember(s.db, CARLA, at())).id;
  await createMember(s.db, DAVI, at());
  carla = await loginAs(app(), CARLA.email, CARLA.password);
});
afterEach(async () => {
  await s.close();
  await push.close();
});

describe('push subscriptions', () => {
  it('gives the public key, saves and refreshes a subscription, and removes it on request and at logout', async () => {
    const phone = await subscribe(carla.token, 'phone');
    // The app saves it again at every opening: still one subscription, refreshed.
    clock.advance(5 * 60 * 1000);
    await gql(
      app(1),
      SAVE,
      { input: { endpoint: phone.endpoint, p256dh: phone.p256dh, auth: phone.auth } },
      as(carla.token),
    );
    const rows = await s.db.selectFrom('push_subscriptions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.refreshed_at).toBe(at().toISOString());

    // Another member's endpoint is not removable by Carla: nothing happens to it.
    const davi = await loginAs(app(), DAVI.email, DAVI.password);
    const daviPhone = await subscribe(davi.token, 'davi-phone');
    const foreign = await gql<{ removePushSubscription: boolean }>(
      app(),
      REMOVE,
      { endpoint: daviPhone.endpoint },
      as(carla.token),
    );
    expect(foreign.data!.removePushSubscription).toBe(false);

    const removed = await gql<{ removePushSubscription: boolean }>(
      app(),
      REMOVE,
      { endpoint: phone.endpoint },
      as(carla.token),
    );
    expect(removed.data!.removePushSubscription).toBe(true);

    // A second session (the tablet) keeps its subscription when the phone's session logs out.
    const phoneAgain = await subscribe(carla.token, 'phone-2');
    const tablet = await loginAs(app(), CARLA.email, CARLA.password);
    const tabletSub = await subscribe(tablet.token, 'tablet');
    await gql(app(1), LOGOUT, { refreshToken: carla.refresh_token }, as(carla.token));
    const left = await s.db.selectFrom('push_subscriptions').select('endpoint').orderBy('endpoint').execute();
    expect(left.map((r) => r.endpoint)).toEqual([daviPhone.endpoint, tabletSub.endpoint].sort());
    expect(left.map((r) => r.endpoint)).not.toContain(phoneAgain.endpoint);
  });

  it('refuses endpoints that are not https, bad keys and no login', async () => {
    const { privateKey: _unused, ...good } = browserSubscription(push, 'x');
    const cases: [Record<string, string>, string][] = [
      [{ ...good, endpoint: 'http://exemplo.com/push' }, 'O endereço da inscrição precisa começar com https://.'],
      [{ ...good, endpoint: 'ftp://127.0.0.1/push' }, 'O endereço da inscrição precisa começar com https://.'],
      [
        { ...good, endpoint: `https://push.exemplo.com/${'a'.repeat(1000)}` },
        'O endereço da inscrição passa de 1000 caracteres.',
      ],
      [{ ...good, p256dh: 'abc' }, 'Chave da inscrição inválida.'],
      [{ ...good, auth: 'x'.repeat(41) }, 'Segredo da inscrição inválido.'],
    ];
    for (const [sub, message] of cases) {
      const res = await gql(
        app(),
        SAVE,
        { input: { endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth } },
        as(carla.token),
      );
      expect(res.errors?.[0]?.message).toBe(message);
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const anonymous = await gql(app(), SAVE, {
      input: { endpoint: good.endpoint, p256dh: good.p256dh, auth: good.auth },
    });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await s.db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(0);
  });

  it('takes the browsers’ push services only, never an address of the club’s network in any form', async () => {
    const { privateKey: _unused, ...keys } = browserSubscription(push, 'x');
    const save = (endpoint: string) =>
      gql(app(), SAVE, { input: { endpoint, p256dh: keys.p256dh, auth: keys.auth } }, as(carla.token));
    const elsewhere = push.origin.replace(/\d+$/, (port) => String(Number(port) + 1));
    const refused: [string, 'scheme' | 'service'][] = [
      ['https://169.254.169.254/latest/meta-data/', 'service'],
      ['https://10.0.0.1/push', 'service'],
      ['https://192.168.0.10/push', 'service'],
      ['https://localhost/push', 'service'],
      ['https://[::1]/push', 'service'],
      ['https://127.0.0.1/push', 'service'],
      ['https://2130706433/push', 'service'],
      ['https://0.0.0.0/push', 'service'],
      ['https://0177.0.0.1/push', 'service'],
      ['https://0x7f.0.0.1/push', 'service'],
      ['https://127.1/push', 'service'],
      ['https://[::ffff:127.0.0.1]/push', 'service'],
      ['https://[::ffff:7f00:1]/push', 'service'],
      ['https://[fe80::1]/push', 'service'],
      ['https://[fc00::1]/push', 'service'],
      ['https://fcm.googleapis.com.exemplo.com.br/fcm/send/abc', 'service'],
      ['https://meufcm.googleapis.com/fcm/send/abc', 'service'],
      ['https://push.apple.com.exemplo.com.br/abc', 'service'],
      ['https://fcm.googleapis.com:8443/fcm/send/abc', 'service'],
      ['https://usuario:senha@fcm.googleapis.com/fcm/send/abc', 'service'],
      [`https://${push.origin.slice('http://'.length)}/push/x`, 'service'],
      [`${elsewhere}/interno/admin?acao=x`, 'scheme'],
      ['http://fcm.googleapis.com/fcm/send/abc', 'scheme'],
    ];
    const messages = {
      scheme: 'O endereço da inscrição precisa começar com https://.',
      service: 'O endereço da inscrição não é de um serviço de notificações dos navegadores.',
    };
    for (const [endpoint, problem] of refused) {
      const res = await save(endpoint);
      expect([endpoint, res.errors?.[0]?.message]).toEqual([endpoint, messages[problem]]);
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect(await s.db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(0);

    // What the browsers give, and the push services the operator added.
    const accepted = [
      'https://fcm.googleapis.com/fcm/send/dGVzdGU6QVBBOTFi',
      'https://fcm.googleapis.com/wp/dGVzdGU6QVBBOTFi',
      'https://android.googleapis.com/gcm/send/dGVzdGU6QVBBOTFi',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGx0ZXN0ZQ',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAABP',
      'https://interno.push.clube.test/push/a',
      `${push.origin}/push/b`,
    ];
    for (const endpoint of accepted) expect((await save(endpoint)).errors).toBeUndefined();
    const saved = await s.db.selectFrom('push_subscriptions').select('endpoint').execute();
    expect(saved.map((r) => r.endpoint).sort()).toEqual([...accepted].sort());
  });

  it('gives the VAPID public key, and refuses the test’s push service in production when it is not configured', async () => {
    const prod = await createSharedTestApps(1, { now: clock.now, vapid, nodeEnv: 'production' });
    try {
      await createMember(prod.db, CARLA, at());
      const { token } = await loginAs(prod.apps[0]!, CARLA.email, CARLA.password);
      const key = await gql<{ pushPublicKey: string }>(prod.apps[0]!, PREFS, {}, as(token));
      expect(key.data!.pushPublicKey).toBe(vapid.publicKey);
      const sub = browserSubscription(push, 'prod');
      const answers = [];
      for (const endpoint of [sub.endpoint, sub.endpoint.replace('http://', 'https://')]) {
        const res = await gql(
          prod.apps[0]!,
          SAVE,
          { input: { endpoint, p256dh: sub.p256dh, auth: sub.auth } },
          as(token),
        );
        answers.push(res.errors?.[0]?.message);
      }
      expect(answers).toEqual([
        'O endereço da inscrição precisa começar com https://.',
        'O endereço da inscrição não é de um serviço de notificações dos navegadores.',
      ]);
    } finally {
      await prod.close();
    }
  });
});

describe('notifications of invoices', () => {
  it('are written with the approval: a rolled-back approval leaves no notification and no push', async () => {
    await subscribe(carla.token, 'phone');
    const id = await photoInvoice(carla.token);
    const failure = await s.db
      .transaction()
      .execute(async (trx) => {
        await approveInvoice({ db: trx, config: { ...s.config, now: clock.now } }, reviewer, id, 150);
        throw new Error('a falha depois da aprovação');
      })
      .catch((error: unknown) => (error as Error).message);
    expect(failure).toBe('a falha depois da aprovação');
    const inbox = await gql<Inbox>(app(), INBOX, {}, as(carla.token));
    expect(inbox.data!.notifications).toMatchObject({ data: [], unreadCount: 0 });
    expect(await s.db.selectFrom('notification_outbox').selectAll().execute()).toHaveLength(0);

    await approveInvoice(operator(), reviewer, id, 150);
    const after = await gql<Inbox>(app(1), INBOX, {}, as(carla.token));
    expect(after.data!.notifications.unreadCount).toBe(1);
    expect(after.data!.notifications.data[0]).toMatchObject({
      kind: 'INVOICES',
      title: 'Nota aprovada',
      url: '/minhas-nfs',
      readAt: null,
    });
    expect(after.data!.notifications.data[0]!.body).toMatch(/^Sua NF-e nº \d+ foi aprovada: \+150 pontos\.$/);
  });

  it('are sent once by two API processes, encrypted for the browser, with no personal data', async () => {
    const phone = await subscribe(carla.token, 'phone');
    const refused = await photoInvoice(carla.token);
    const approved = await photoInvoice(carla.token);
    await approveInvoice(operator(), reviewer, approved, 1234);
    await rejectInvoice(
      operator(),
      reviewer,
      refused,
      `A foto está ilegível: o CPF ${CARLA.cpf} e o total de R$ 1.234,56 não aparecem, mande de novo por favor com luz`,
    );

    // Both processes run the delivery at the same moment, each on its own connection: each push goes out once.
    await Promise.all(s.dbs.map((db) => deliver(db)));
    expect(push.received).toHaveLength(2);
    expect(verifyVapid(push.received[0]!, push.origin)).toBe(vapid.publicKey);
    expect(push.received[0]!.headers['content-encoding']).toBe('aes128gcm');

    const payloads = payloadsFor(phone);
    expect(payloads).toEqual([
      {
        title: 'Nota aprovada',
        body: expect.stringMatching(/^Sua NF-e nº \d+ foi aprovada: \+1\.234 pontos\.$/),
        url: '/minhas-nfs',
      },
      {
        title: 'Nota recusada',
        body: expect.stringMatching(/^Sua NF-e nº \d+ foi recusada: A foto está ilegível: o CPF … e…$/),
        url: '/minhas-nfs',
      },
    ]);
    const raw = payloads.map((p) => JSON.stringify(p)).join('\n');
    for (const secret of [
      CARLA.cpf,
      '111.444.777-35',
      CARLA.email,
      CARLA.phoneNumber,
      '1.234,56',
      carla.token,
      carla.refresh_token,
    ]) {
      expect(raw).not.toContain(secret);
    }
    expect(Object.keys(payloads[0]!).sort()).toEqual(['body', 'title', 'url']);

    // Nothing left to send, later either.
    clock.advance(DAY_MS);
    await Promise.all(s.dbs.map((db) => deliver(db)));
    expect(push.received).toHaveLength(2);
  });

  it('are retried with backoff after a 500 and sent when the push service is back', async () => {
    const phone = await subscribe(carla.token, 'phone');
    push.answer('/push/phone', 500, 503);
    await approveInvoice(operator(), reviewer, await photoInvoice(carla.token), 10);

    // Each run: one try when the row is due, none before.
    await deliver();
    expect(push.received).toHaveLength(1);
    // Not before its next attempt (30 s), then again after twice as long (1 min).
    await deliver();
    expect(push.received).toHaveLength(1);
    clock.advance(30_000);
    await deliver();
    expect(push.received).toHaveLength(2);
    clock.advance(30_000);
    await deliver();
    expect(push.received).toHaveLength(2);
    clock.advance(30_000);
    await deliver();
    expect(push.received).toHaveLength(3);
    // The same message each time, accepted on the third: nothing more is sent.
    expect(payloadsFor(phone).map((p) => p.title)).toEqual(['Nota aprovada', 'Nota aprovada', 'Nota aprovada']);
    clock.advance(DAY_MS);
    await deliver();
    expect(push.received).toHaveLength(3);
    const row = await s.db.selectFrom('notification_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 3, last_error: null });
    expect(row.sent_at).not.toBeNull();
  });

  it('drop a subscription the push service answers 410 (or 404) for, keeping the inbox', async () => {
    const phone = await subscribe(carla.token, 'phone');
    const tablet = await loginAs(app(), CARLA.email, CARLA.password);
    const tabletSub = await subscribe(tablet.token, 'tablet');
    push.answer('/push/phone', 410);
    push.answer('/push/tablet', 404);
    await approveInvoice(operator(), reviewer, await photoInvoice(carla.token), 10);
    await deliver();
    expect(push.received).toHaveLength(2);
    expect(await s.db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(0);
    expect(await s.db.selectFrom('notification_outbox').selectAll().execute()).toHaveLength(0);

    // The next approval has nowhere to go but the inbox.
    await approveInvoice(operator(), reviewer, await photoInvoice(carla.token), 20);
    await deliver();
    expect(push.received).toHaveLength(2);
    expect(payloadsFor(phone)).toHaveLength(1);
    expect(payloadsFor(tabletSub)).toHaveLength(1);
    const inbox = await gql<Inbox>(app(), INBOX, {}, as(carla.token));
    expect(inbox.data!.notifications.unreadCount).toBe(2);
  });

  it('drop, unsent, a subscription whose name leads into the club’s network when it is sent to', async () => {
    for (const name of ['interno', 'metadados']) {
      const sub = browserSubscription(push, name);
      const endpoint = `https://${name}.push.clube.test/push/${name}`;
      const res = await gql(app(), SAVE, { input: { endpoint, p256dh: sub.p256dh, auth: sub.auth } }, as(carla.token));
      expect(res.errors).toBeUndefined();
    }
    await approveInvoice(operator(), reviewer, await photoInvoice(carla.token), 10);
    // Both refused by the outbound guard (127.0.0.1 and 169.254.169.254): dropped at once, never retried.
    expect(await deliver()).toEqual({ sent: 0, retried: 0, pruned: 2, failed: 0 });
    expect(await s.db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(0);
    expect(await s.db.selectFrom('notification_outbox').selectAll().execute()).toHaveLength(0);
    expect((await gql<Inbox>(app(), INBOX, {}, as(carla.token))).data!.notifications.unreadCount).toBe(1);
  });

  it('drop, unsent, a subscription saved before its push service left the list', async () => {
    await subscribe(carla.token, 'phone');
    await approveInvoice(operator(), reviewer, await photoInvoice(carla.token), 10);
    expect(await deliver(s.db, { hosts: [], origins: [] })).toEqual({ sent: 0, retried: 0, pruned: 1, failed: 0 });
    expect(push.received).toHaveLength(0);
    expect(await s.db.selectFrom('push_subscriptions').selectAll().execute()).toHaveLength(0);
  });

  it('go to the inbox but not as a push when the member turned the kind off, and not to a session that ended', async () => {
    const phone = await subscribe(carla.token, 'phone');
    const tablet = await loginAs(app(), CARLA.email, CARLA.password);
    const tabletSub = await subscribe(tablet.token, 'tablet');
    const off = await gql<{ setNotificationPreference: { kind: string; enabled: boolean }[] }>(
      app(),
      SET_PREF,
      { kind: 'INVOICES', enabled: false },
      as(carla.token),
    );
    expect(off.data!.setNotificationPreference).toContainEqual({ kind: 'INVOICES', enabled: false });
    await approveInvoice(operator(), reviewer, await photoInvoice(carla.token), 10);
    await deliver();
    expect(push.received).toHaveLength(0);
    expect((await gql<Inbox>(app(), INBOX, {}, as(carla.token))).data!.notifications.unreadCount).toBe(1);

    // Back on; the tablet's session is ended from the phone ("Aparelhos conectados"): only the phone hears of it.
    await gql(app(), SET_PREF, { kind: 'INVOICES', enabled: true }, as(carla.token));
    const ended = await gql<{ endOtherSessions: number }>(app(), 'mutation { endOtherSessions }', {}, as(carla.token));
    expect(ended.data!.endOtherSessions).toBe(1);
    await approveInvoice(operator(), reviewer, await photoInvoice(carla.token), 20);
    await deliver();
    expect(payloadsFor(phone)).toHaveLength(1);
    expect(payloadsFor(tabletSub)).toHaveLength(0);
  });
});

describe('the inbox', () => {
  it('pages newest first, counts unread and marks read across two sessions of the member', async () => {
    for (let i = 0; i < 5; i += 1) {
      await approveInvoice(operator(), reviewer, await photoInvoice(carla.token), 10 + i);
      clock.advance(1000);
    }
    const tablet = await loginAs(app(1), CARLA.email, CARLA.password);
    const first = await gql<Inbox>(app(), INBOX, { first: 2 }, as(carla.token));
    expect(first.data!.notifications).toMatchObject({ hasMore: true, unreadCount: 5 });
    expect(first.data!.notifications.data.map((n) => n.body)).toEqual([
      expect.stringContaining('+14 pontos'),
      expect.stringContaining('+13 pontos'),
    ]);
    const second = await gql<Inbox>(
      app(1),
      INBOX,
      { first: 2, after: first.data!.notifications.nextCursor },
      as(tablet.token),
    );
    expect(second.data!.notifications.data.map((n) => n.body)).toEqual([
      expect.stringContaining('+12 pontos'),
      expect.stringContaining('+11 pontos'),
    ]);
    const last = await gql<Inbox>(
      app(),
      INBOX,
      { first: 2, after: second.data!.notifications.nextCursor },
      as(carla.token),
    );
    expect(last.data!.notifications).toMatchObject({ hasMore: false, nextCursor: null });
    expect(last.data!.notifications.data).toHaveLength(1);

    // Read on the phone, read on the tablet.
    const ids = first.data!.notifications.data.map((n) => n.id);
    const marked = await gql<{ markNotificationsRead: number }>(app(), MARK, { ids }, as(carla.token));
    expect(marked.data!.markNotificationsRead).toBe(3);
    const onTablet = await gql<Inbox>(app(1), INBOX, { first: 2 }, as(tablet.token));
    expect(onTablet.data!.notifications.unreadCount).toBe(3);
    expect(onTablet.data!.notifications.data.every((n) => n.readAt !== null)).toBe(true);
    const all = await gql<{ markNotificationsRead: number }>(app(1), MARK, { all: true }, as(tablet.token));
    expect(all.data!.markNotificationsRead).toBe(0);
    expect((await gql<Inbox>(app(), INBOX, {}, as(carla.token))).data!.notifications.unreadCount).toBe(0);
  });

  it('lists notices newest first by their event’s date across pages, whatever order they were written in', async () => {
    // Written as a replayed history writes them, module by module (the demo member's year once was): the invoices'
    // notices first, then the projects', then the rewards'. Two of the same instant straddle a page's end.
    const written: [string, NotificationEvent][] = [
      [
        '2026-11-10T13:00:00.000Z',
        { type: 'invoice-refused', userId: carlaId, label: 'NF-e nº 2', reason: 'Foto cortada' },
      ],
      ['2026-10-01T13:00:00.000Z', { type: 'invoice-approved', userId: carlaId, label: 'NF-e nº 1', points: 10 }],
      ['2026-10-18T13:00:00.000Z', { type: 'project-approved', userId: carlaId, title: 'Cozinha', points: 500 }],
      ['2026-11-15T13:00:00.000Z', { type: 'club-news', userId: carlaId, title: 'Feira', body: 'Sábado.', url: '/' }],
      ['2026-11-15T13:00:00.000Z', { type: 'club-news', userId: carlaId, title: 'Curso', body: 'Domingo.', url: '/' }],
      [
        '2026-11-20T13:00:00.000Z',
        { type: 'reward-order', userId: carlaId, orderId: 7, rewardName: 'Gabarito', status: 'separating' },
      ],
    ];
    for (const [when, event] of written) await notify(s.db, event, new Date(when));

    const pages: { title: string; createdAt: string }[][] = [];
    let after: string | null = null;
    do {
      const res: { data?: Inbox | null } = await gql<Inbox>(app(), INBOX, { first: 2, after }, as(carla.token));
      const page: Inbox['notifications'] = res.data!.notifications;
      pages.push(page.data.map(({ title, createdAt }) => ({ title, createdAt })));
      after = page.nextCursor;
    } while (after);
    expect(pages.map((page) => page.map((n) => `${n.createdAt.slice(0, 10)} ${n.title}`))).toEqual([
      ['2026-11-20 Resgate em separação', '2026-11-15 Curso'],
      ['2026-11-15 Feira', '2026-11-10 Nota recusada'],
      ['2026-10-18 Projeto aprovado', '2026-10-01 Nota aprovada'],
    ]);

    // The bare id an app built before this keyset still passes as its cursor goes on from that notice.
    const first = await gql<Inbox>(app(), INBOX, { first: 2 }, as(carla.token));
    const legacy = await gql<Inbox>(
      app(),
      INBOX,
      { first: 2, after: first.data!.notifications.data[1]!.id },
      as(carla.token),
    );
    expect(legacy.data!.notifications.data.map((n) => n.title)).toEqual(['Feira', 'Nota recusada']);
  });

  it('never shows or marks another member’s notifications', async () => {
    await approveInvoice(operator(), reviewer, await photoInvoice(carla.token), 10);
    const carlaInbox = await gql<Inbox>(app(), INBOX, {}, as(carla.token));
    const carlaNote = carlaInbox.data!.notifications.data[0]!.id;
    const davi = await loginAs(app(), DAVI.email, DAVI.password);
    const daviInbox = await gql<Inbox>(app(), INBOX, {}, as(davi.token));
    expect(daviInbox.data!.notifications).toMatchObject({ data: [], unreadCount: 0 });
    const marked = await gql<{ markNotificationsRead: number }>(app(), MARK, { ids: [carlaNote] }, as(davi.token));
    expect(marked.data!.markNotificationsRead).toBe(0);
    await gql(app(), MARK, { all: true }, as(davi.token));
    expect((await gql<Inbox>(app(), INBOX, {}, as(carla.token))).data!.notifications.unreadCount).toBe(1);
    const anonymous = await gql(app(), INBOX, {});
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('validates its arguments in pt-BR and forgets notifications after 90 days', async () => {
    const tooMany = await gql(app(), INBOX, { first: 500 }, as(carla.token));
    expect(tooMany.errors?.[0]?.message).toBe('Peça de 1 a 50 avisos.');
    for (const after of ['abc', Buffer.from('ontem|3').toString('base64url'), '999999']) {
      const badCursor = await gql(app(), INBOX, { after }, as(carla.token));
      expect(badCursor.errors?.[0]?.message).toBe('Página inválida. Recarregue os avisos.');
    }
    const nothing = await gql(app(), MARK, {}, as(carla.token));
    expect(nothing.errors?.[0]?.message).toBe('Informe os avisos a marcar como lidos, ou todos.');

    await approveInvoice(operator(), reviewer, await photoInvoice(carla.token), 10);
    clock.advance(89 * DAY_MS);
    await pruneNotifications(s.db, at());
    const back = await loginAs(app(), CARLA.email, CARLA.password);
    expect((await gql<Inbox>(app(), INBOX, {}, as(back.token))).data!.notifications.data).toHaveLength(1);
    clock.advance(2 * DAY_MS);
    await pruneNotifications(s.db, at());
    const later = await loginAs(app(), CARLA.email, CARLA.password);
    expect((await gql<Inbox>(app(), INBOX, {}, as(later.token))).data!.notifications.data).toHaveLength(0);
  });
});

describe('preferences', () => {
  it('are on by default but "novidades", which is the member’s acceptMessageComunications', async () => {
    const read = async () =>
      (await gql<{ notificationPreferences: { kind: string; enabled: boolean }[] }>(app(), PREFS, {}, as(carla.token)))
        .data!.notificationPreferences;
    expect(await read()).toEqual([
      { kind: 'INVOICES', enabled: true },
      { kind: 'PROJECTS', enabled: true },
      { kind: 'POINTS_EXPIRING', enabled: true },
      { kind: 'REWARDS', enabled: true },
      { kind: 'NEWS', enabled: false },
    ]);
    await gql(app(), SET_PREF, { kind: 'NEWS', enabled: true }, as(carla.token));
    await gql(app(1), SET_PREF, { kind: 'POINTS_EXPIRING', enabled: false }, as(carla.token));
    expect(await read()).toContainEqual({ kind: 'NEWS', enabled: true });
    expect(await read()).toContainEqual({ kind: 'POINTS_EXPIRING', enabled: false });
    const user = await s.db
      .selectFrom('users')
      .select('accept_message_comunications')
      .where('id', '=', carlaId)
      .executeTakeFirstOrThrow();
    expect(user.accept_message_comunications).toBe(1);
  });
});

describe('points about to expire', () => {
  it('are announced once within 30 days and once within 7, never twice, counting only what is still held', async () => {
    const phone = await subscribe(carla.token, 'phone');
    // A lot credited so that it expires 20 days from now, and a later one that expires in a year.
    const expires = new Date(clock.now() + 20 * DAY_MS);
    const credited = new Date(expires);
    credited.setUTCFullYear(credited.getUTCFullYear() - 1);
    await appendEntries(
      s.db,
      carlaId,
      [{ userId: carlaId, kind: 'credit', points: 980, description: 'NF-e antiga' }],
      credited,
    );
    await appendEntries(
      s.db,
      carlaId,
      [{ userId: carlaId, kind: 'credit', points: 50, description: 'NF-e nova' }],
      at(),
    );
    // Days pass between the runs: each look at the inbox is a fresh login.
    const expiring = async () =>
      (
        await gql<Inbox>(app(), INBOX, {}, as((await loginAs(app(), CARLA.email, CARLA.password)).token))
      ).data!.notifications.data.filter((n) => n.kind === 'POINTS_EXPIRING');

    expect(await remindExpiringPoints(s.db, at())).toBe(1);
    expect(await remindExpiringPoints(s.db, at())).toBe(0);
    clock.advance(DAY_MS);
    expect(await remindExpiringPoints(s.db, at())).toBe(0);
    expect((await expiring()).map((n) => n.body)).toEqual([expect.stringMatching(/^980 pontos vencem em até 30 dias/)]);

    clock.advance(13 * DAY_MS);
    expect(await remindExpiringPoints(s.db, at())).toBe(1);
    clock.advance(DAY_MS);
    expect(await remindExpiringPoints(s.db, at())).toBe(0);
    const both = await expiring();
    expect(both.map((n) => n.body)).toEqual([
      expect.stringMatching(/^980 pontos vencem em até 7 dias/),
      expect.stringMatching(/^980 pontos vencem em até 30 dias/),
    ]);
    await deliver();
    expect(payloadsFor(phone).map((p) => p.title)).toEqual(['Pontos a vencer', 'Pontos a vencer']);
    expect(payloadsFor(phone)[0]!.url).toBe('/premios');
  });

  it('tell a lot first seen within 7 days once, as the 7-day reminder, and skip spent points', async () => {
    const expires = new Date(clock.now() + 5 * DAY_MS);
    const credited = new Date(expires);
    credited.setUTCFullYear(credited.getUTCFullYear() - 1);
    await appendEntries(
      s.db,
      carlaId,
      [{ userId: carlaId, kind: 'credit', points: 300, description: 'NF-e antiga' }],
      credited,
    );
    await appendEntries(
      s.db,
      carlaId,
      [{ userId: carlaId, kind: 'redemption', points: -100, description: 'Resgate' }],
      at(),
    );
    expect(await remindExpiringPoints(s.db, at())).toBe(1);
    clock.advance(DAY_MS);
    expect(await remindExpiringPoints(s.db, at())).toBe(0);
    const later = await loginAs(app(), CARLA.email, CARLA.password);
    const inbox = (await gql<Inbox>(app(), INBOX, {}, as(later.token))).data!.notifications.data;
    expect(inbox.map((n) => n.body)).toEqual([expect.stringMatching(/^200 pontos vencem em até 7 dias/)]);
  });
});
