/**
 * @jest-environment node
 */
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { drainWaitingInvoices, sendInvoiceRequest, type SendOutcome } from './send-waiting';
import { MAX_WAITING_INVOICES, openQueueStore, QUEUE_MESSAGES, QueueError, type QueueStore } from './store';
import { syncWaitingInvoices } from './worker-sync';

const ANA = '11';
const BRUNO = '22';
const KEY = '35240112345678000195550010000001231000001234';

const photo = (bytes = 2048) => ({ name: 'nota.jpg', type: 'image/jpeg', blob: new Blob([new Uint8Array(bytes)]) });
const invoice = (member: string, idempotencyKey = `tentativa-${Math.random().toString(36).slice(2)}`) => ({
  member,
  accessKey: KEY,
  idempotencyKey,
  files: [photo()],
});

/** A JWT the page would hold: only its claims matter here (the club checks the signature). */
function token(sub: string, expSeconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub, exp: expSeconds })}.assinatura`;
}

let store: QueueStore;
beforeEach(async () => {
  store = await openQueueStore(new IDBFactory());
});
afterEach(() => store.close());

describe('the queue of invoices that wait for signal', () => {
  it('keeps an invoice with its files as Blobs, its key and its idempotency key, for its member only', async () => {
    const kept = await store.addInvoice(invoice(ANA, 'tentativa-da-ana'), 1_700_000_000_000);
    const [waiting] = await store.invoices(ANA);
    expect(waiting).toMatchObject({
      id: kept.id,
      member: ANA,
      accessKey: KEY,
      idempotencyKey: 'tentativa-da-ana',
      bytes: 2048,
      createdAt: 1_700_000_000_000,
    });
    expect(waiting?.files[0]?.blob.size).toBe(2048);
    expect(await store.invoices(BRUNO)).toEqual([]);
    expect(await store.bytes(ANA)).toBe(2048);
    expect(await store.bytes(BRUNO)).toBe(0);
    // Another member can neither discard nor mark it.
    await store.removeInvoice(BRUNO, kept.id);
    await store.markRefused(BRUNO, kept.id, 'não');
    const [still] = await store.invoices(ANA);
    expect(still?.id).toBe(kept.id);
    expect(still?.refusal).toBeUndefined();
    await store.removeInvoice(ANA, kept.id);
    expect(await store.hasAny()).toBe(false);
  });

  it('holds ten invoices per member and refuses the eleventh with a clear message, keeping the ten', async () => {
    for (let i = 0; i < MAX_WAITING_INVOICES; i += 1) await store.addInvoice(invoice(ANA), i);
    const eleventh = store.addInvoice(invoice(ANA));
    await expect(eleventh).rejects.toThrow(QueueError);
    await expect(eleventh).rejects.toMatchObject({ problem: 'full', message: QUEUE_MESSAGES.full });
    expect(await store.invoices(ANA)).toHaveLength(MAX_WAITING_INVOICES);
    // The limit is each member's: another member on the device still has room.
    await expect(store.addInvoice(invoice(BRUNO))).resolves.toMatchObject({ member: BRUNO });
  });

  it('says so in pt-BR when the browser refuses the space or has no IndexedDB', async () => {
    const quotaFactory = {
      open: () => {
        throw new DOMException('cheio', 'QuotaExceededError');
      },
    };
    await expect(openQueueStore(quotaFactory)).rejects.toMatchObject({
      problem: 'quota',
      message: QUEUE_MESSAGES.quota,
    });
    await expect(openQueueStore(null)).rejects.toMatchObject({ problem: 'unavailable' });
    expect(QUEUE_MESSAGES.quota).toContain('continua no formulário');
  });

  it('turns a write the browser refuses for space into the quota message, and stores nothing', async () => {
    const add = jest.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('cheio', 'QuotaExceededError');
    });
    try {
      await expect(store.addInvoice(invoice(ANA))).rejects.toMatchObject({ problem: 'quota' });
    } finally {
      add.mockRestore();
    }
    expect(await store.invoices(ANA)).toEqual([]);
    expect(await store.hasAny()).toBe(false);
  });
});

describe('the project photos that wait for signal', () => {
  const projectPhoto = (member: string, draft: string, idempotencyKey = 'foto-1', bytes = 4096) => ({
    member,
    draft,
    idempotencyKey,
    file: { name: 'mesa.jpg', type: 'image/jpeg', blob: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }) },
  });

  it('keeps a photo as a Blob with its idempotency key, for its member and its draft only', async () => {
    const kept = await store.addPhoto(projectPhoto(ANA, 'novo', 'foto-da-ana'), 1_700_000_000_000);
    await store.addPhoto(projectPhoto(ANA, 'p-7', 'foto-do-projeto-recusado'), 1_700_000_000_001);
    await store.addPhoto(projectPhoto(BRUNO, 'novo', 'foto-do-bruno'), 1_700_000_000_002);

    const [waiting, ...others] = await store.photos(ANA, 'novo');
    expect(others).toEqual([]);
    expect(waiting).toMatchObject({
      id: kept.id,
      member: ANA,
      draft: 'novo',
      idempotencyKey: 'foto-da-ana',
      bytes: 4096,
      createdAt: 1_700_000_000_000,
      file: { name: 'mesa.jpg', type: 'image/jpeg' },
    });
    expect(new Uint8Array(await waiting!.file.blob.arrayBuffer())).toHaveLength(4096);
    expect((await store.photos(ANA)).map((p) => p.idempotencyKey)).toEqual(['foto-da-ana', 'foto-do-projeto-recusado']);
    expect((await store.photos(BRUNO, 'p-7')).length).toBe(0);
    expect(await store.bytes(ANA)).toBe(8192);
  });

  it('removes a photo only for its member, and then nothing waits', async () => {
    const kept = await store.addPhoto(projectPhoto(ANA, 'novo'));
    await store.removePhoto(BRUNO, kept.id);
    expect(await store.photos(ANA, 'novo')).toHaveLength(1);
    expect(await store.hasAny()).toBe(true);

    await store.removePhoto(ANA, kept.id);
    expect(await store.photos(ANA, 'novo')).toEqual([]);
    expect(await store.hasAny()).toBe(false);
  });

  it('turns a photo the browser refuses for space into the quota error, and stores nothing', async () => {
    const add = jest.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('sem espaço', 'QuotaExceededError');
    });
    try {
      await expect(store.addPhoto(projectPhoto(ANA, 'novo'))).rejects.toMatchObject({ problem: 'quota' });
    } finally {
      add.mockRestore();
    }
    expect(await store.photos(ANA)).toEqual([]);
  });
});

describe('sending what waits', () => {
  it('tries with the same idempotency key until the club answers, and removes what it received', async () => {
    await store.addInvoice(invoice(ANA, 'chave-fixa-1'), 1);
    await store.addInvoice(invoice(ANA, 'chave-fixa-2'), 2);
    const tried: string[] = [];
    let answers: SendOutcome[] = [{ kind: 'later' }];
    const send = async (queued: { idempotencyKey: string }) => {
      tried.push(queued.idempotencyKey);
      return answers.shift() ?? { kind: 'sent' as const };
    };
    // No answer: it stops at the first (the second would not get through either) and keeps both.
    expect(await drainWaitingInvoices(store, ANA, send)).toMatchObject({ sent: 0, left: 2 });
    answers = [];
    expect(await drainWaitingInvoices(store, ANA, send)).toMatchObject({ sent: 2, left: 0 });
    expect(tried).toEqual(['chave-fixa-1', 'chave-fixa-1', 'chave-fixa-2']);
    expect(await store.invoices(ANA)).toEqual([]);
  });

  it('keeps a refused invoice with the club’s reason and does not try it again by itself', async () => {
    const kept = await store.addInvoice(invoice(ANA));
    const send = jest.fn(async () => ({ kind: 'refused' as const, message: 'Esta nota já foi enviada.' }));
    expect(await drainWaitingInvoices(store, ANA, send)).toMatchObject({ refused: 1 });
    expect(await store.invoices(ANA)).toEqual([
      expect.objectContaining({ id: kept.id, refusal: 'Esta nota já foi enviada.' }),
    ]);
    await drainWaitingInvoices(store, ANA, send);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends a GraphQL multipart request with the token, the device session and the same key on every try', async () => {
    const kept = await store.addInvoice(invoice(ANA, 'chave-da-ana-123'));
    const requests: { url: string; headers: Record<string, string>; operations: unknown; map: unknown; file: File }[] =
      [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      const body = init.body as FormData;
      requests.push({
        url,
        headers: init.headers as Record<string, string>,
        operations: JSON.parse(body.get('operations') as string),
        map: JSON.parse(body.get('map') as string),
        file: body.get('0') as File,
      });
      if (requests.length === 1) throw new TypeError('Failed to fetch');
      return Response.json({ data: { submitInvoice: { id: '7', status: 'RECEIVED' } } });
    }) as unknown as typeof fetch;
    const session = {
      member: ANA,
      accessToken: 'tok',
      deviceSessionId: 'a'.repeat(32),
      graphqlUrl: 'https://clube/graphql',
    };
    expect(await sendInvoiceRequest(kept, session, fetchImpl)).toEqual({ kind: 'later' });
    expect(await sendInvoiceRequest(kept, session, fetchImpl)).toEqual({ kind: 'sent' });
    expect(requests[1]).toMatchObject({
      url: 'https://clube/graphql',
      headers: { authorization: 'Bearer tok', 'apollo-require-preflight': 'true', 'x-mgl-session-id': 'a'.repeat(32) },
      operations: { variables: { input: { accessKey: KEY, idempotencyKey: 'chave-da-ana-123', files: [null] } } },
      map: { '0': ['variables.input.files.0'] },
    });
    expect(
      requests.map(
        (r) => (r.operations as { variables: { input: { idempotencyKey: string } } }).variables.input.idempotencyKey,
      ),
    ).toEqual(['chave-da-ana-123', 'chave-da-ana-123']);
    expect(requests[1]?.file.name).toBe('nota.jpg');
    expect(requests[1]?.file.size).toBe(2048);
  });
});

describe('the service worker’s sync', () => {
  const now = 1_800_000_000_000;
  const answer = (body: unknown, status = 200) =>
    jest.fn(async () => Response.json(body, { status })) as unknown as jest.Mock & typeof fetch;

  it('sends only the waiting invoices of the member whose token the page left', async () => {
    await store.addInvoice(invoice(ANA));
    await store.addInvoice(invoice(BRUNO));
    await store.saveSession({
      member: ANA,
      accessToken: token(ANA, now / 1000 + 600),
      deviceSessionId: null,
      graphqlUrl: 'https://clube/graphql',
    });
    const fetchImpl = answer({ data: { submitInvoice: { id: '1', status: 'RECEIVED' } } });
    expect(await syncWaitingInvoices(store, fetchImpl, now)).toMatchObject({ sent: 1, left: 0 });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(await store.invoices(ANA)).toEqual([]);
    expect(await store.invoices(BRUNO)).toHaveLength(1);
  });

  it('sends nothing without a token or with an expired one, and forgets a token the club refuses', async () => {
    await store.addInvoice(invoice(ANA));
    const fetchImpl = answer({ errors: [{ message: 'Unauthenticated', extensions: { code: 'UNAUTHENTICATED' } }] });
    expect(await syncWaitingInvoices(store, fetchImpl, now)).toBeNull();
    await store.saveSession({
      member: ANA,
      accessToken: token(ANA, now / 1000 - 1),
      deviceSessionId: null,
      graphqlUrl: 'https://clube/graphql',
    });
    expect(await syncWaitingInvoices(store, fetchImpl, now)).toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
    await store.saveSession({
      member: ANA,
      accessToken: token(ANA, now / 1000 + 600),
      deviceSessionId: null,
      graphqlUrl: 'https://clube/graphql',
    });
    expect(await syncWaitingInvoices(store, fetchImpl, now)).toMatchObject({ unauthenticated: true, left: 1 });
    expect(await store.session()).toBeNull();
    expect(await store.invoices(ANA)).toHaveLength(1);
  });

  it('reads a 5xx or a limit as "later" and the club’s validation error as a refusal', async () => {
    await store.addInvoice(invoice(ANA));
    await store.saveSession({
      member: ANA,
      accessToken: token(ANA, now / 1000 + 600),
      deviceSessionId: null,
      graphqlUrl: 'https://clube/graphql',
    });
    expect(await syncWaitingInvoices(store, answer({ errors: [{ message: 'x' }] }, 502), now)).toMatchObject({
      left: 1,
    });
    const refusal = {
      errors: [
        {
          message: 'Dados inválidos',
          extensions: { code: 'BAD_USER_INPUT', fields: { accessKey: 'Esta nota já foi enviada por você.' } },
        },
      ],
    };
    expect(await syncWaitingInvoices(store, answer(refusal), now)).toMatchObject({ refused: 1 });
    expect((await store.invoices(ANA))[0]?.refusal).toBe('Esta nota já foi enviada por você.');
  });
});
