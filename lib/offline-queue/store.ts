/**
 * What waits on the device for a signal (docs/notifications-and-offline.md, "Without signal"): invoices the member sent without reaching the club,
 * project photos picked without signal, and the short-lived access token the service worker sends them with. One
 * IndexedDB database, read by the page and by the service worker alike, so this module imports nothing of the page
 * (no Zustand, no Apollo, no window).
 */

export const QUEUE_DB_NAME = 'cd-offline-queue';
const QUEUE_DB_VERSION = 1;
const INVOICES = 'invoices';
const PHOTOS = 'photos';
const SESSION = 'session';
const SESSION_KEY = 'current';

/** The Background Sync tag the page registers and the service worker answers. */
export const QUEUE_SYNC_TAG = 'cd-enviar-notas';
/** The BroadcastChannel on which the page and the worker say the queue changed. */
export const QUEUE_CHANNEL = 'cd-offline-queue';

/** At most this many invoices wait at once on a device, for one member. */
export const MAX_WAITING_INVOICES = 10;

export type QueueProblem = 'full' | 'quota' | 'unavailable';

export const QUEUE_MESSAGES: Record<QueueProblem, string> = {
  full: `Já há ${MAX_WAITING_INVOICES} notas aguardando envio neste aparelho. Espere a conexão voltar para que sejam enviadas (ou descarte alguma) antes de guardar outra.`,
  quota:
    'O navegador não deu espaço para guardar a nota neste aparelho. Libere espaço no celular ou envie quando houver conexão; o que você preencheu continua no formulário.',
  unavailable:
    'Este navegador não permite guardar a nota no aparelho (por exemplo, numa aba anônima). Envie quando houver conexão; o que você preencheu continua no formulário.',
};

/** Why something could not be kept on the device, with the pt-BR message to show. */
export class QueueError extends Error {
  constructor(
    readonly problem: QueueProblem,
    options?: { cause?: unknown },
  ) {
    super(QUEUE_MESSAGES[problem], options);
    this.name = 'QueueError';
  }
}

export interface QueuedFile {
  readonly name: string;
  readonly type: string;
  readonly blob: Blob;
}

export interface QueuedInvoice {
  readonly id: string;
  /** The member (the tokens' `sub`) it belongs to: no one else sends or sees it. */
  readonly member: string;
  /** The typed key (digits only), or '' when the XML carries it. */
  readonly accessKey: string;
  /** The same on every try: the API answers a repeated try with the invoice the first one made. */
  readonly idempotencyKey: string;
  readonly files: readonly QueuedFile[];
  readonly bytes: number;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  /** The club's refusal of the last try (a validation error), in pt-BR: it is not tried again by itself. */
  readonly refusal?: string | null;
}

export interface QueuedPhoto {
  readonly id: string;
  readonly member: string;
  /** The project draft it belongs to: the refused project's id, or `novo` for a new project. */
  readonly draft: string;
  readonly idempotencyKey: string;
  readonly file: QueuedFile;
  readonly bytes: number;
  readonly createdAt: number;
}

/**
 * What the service worker needs to send with the app closed: only the access token (15 minutes), never the refresh
 * token, which rotates and would race the page's own refresh.
 */
export interface QueueSession {
  readonly member: string;
  readonly accessToken: string;
  readonly deviceSessionId: string | null;
  /** The club's GraphQL address as the page knows it (the worker is built without the app's settings). */
  readonly graphqlUrl: string;
}

type Factory = Pick<IDBFactory, 'open'>;

function defaultFactory(): Factory | null {
  try {
    return typeof indexedDB === 'undefined' ? null : indexedDB;
  } catch {
    return null;
  }
}

const isQuota = (error: unknown): boolean =>
  error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);

function asQueueError(error: unknown): QueueError {
  if (error instanceof QueueError) return error;
  return new QueueError(isQuota(error) ? 'quota' : 'unavailable', { cause: error });
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException('Transação abortada', 'AbortError'));
  });
}

export interface QueueStore {
  addInvoice(invoice: Omit<QueuedInvoice, 'id' | 'bytes' | 'createdAt'>, now?: number): Promise<QueuedInvoice>;
  invoices(member: string): Promise<QueuedInvoice[]>;
  removeInvoice(member: string, id: string): Promise<void>;
  markRefused(member: string, id: string, refusal: string): Promise<void>;
  addPhoto(photo: Omit<QueuedPhoto, 'id' | 'bytes' | 'createdAt'>, now?: number): Promise<QueuedPhoto>;
  /** This member's waiting photos, of one draft when `draft` is given, oldest first. */
  photos(member: string, draft?: string): Promise<QueuedPhoto[]>;
  removePhoto(member: string, id: string): Promise<void>;
  /** Whether anything of any member waits on this device. */
  hasAny(): Promise<boolean>;
  /** The bytes this member's waiting invoices and photos take. */
  bytes(member: string): Promise<number>;
  saveSession(session: QueueSession): Promise<void>;
  session(): Promise<QueueSession | null>;
  clearSession(): Promise<void>;
  close(): void;
}

const filesBytes = (files: readonly QueuedFile[]): number => files.reduce((sum, f) => sum + f.blob.size, 0);

const newId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Opens the queue's database; a browser without IndexedDB, or refusing it, gets a QueueError('unavailable'). */
export async function openQueueStore(factory: Factory | null = defaultFactory()): Promise<QueueStore> {
  if (!factory) throw new QueueError('unavailable');
  let db: IDBDatabase;
  try {
    const open = factory.open(QUEUE_DB_NAME, QUEUE_DB_VERSION);
    open.onupgradeneeded = () => {
      const upgrading = open.result;
      upgrading.createObjectStore(INVOICES, { keyPath: 'id' }).createIndex('member', 'member');
      upgrading.createObjectStore(PHOTOS, { keyPath: 'id' }).createIndex('member', 'member');
      upgrading.createObjectStore(SESSION);
    };
    db = await request(open);
  } catch (error) {
    throw asQueueError(error);
  }

  async function write(stores: string[], work: (tx: IDBTransaction) => void | Promise<void>): Promise<void> {
    try {
      const tx = db.transaction(stores, 'readwrite');
      const finished = done(tx);
      try {
        await work(tx);
      } catch (error) {
        tx.abort();
        await finished.catch(() => undefined);
        throw error;
      }
      await finished;
    } catch (error) {
      throw asQueueError(error);
    }
  }

  async function ofMember<T extends { member: string; createdAt: number }>(store: string, member: string) {
    const tx = db.transaction(store, 'readonly');
    const rows = await request(tx.objectStore(store).index('member').getAll(member) as IDBRequest<T[]>);
    return rows.sort((a, b) => a.createdAt - b.createdAt);
  }

  async function removeOwned(store: string, member: string, id: string): Promise<void> {
    await write([store], async (tx) => {
      const row = (await request(tx.objectStore(store).get(id))) as { member?: string } | undefined;
      // Another member's entry is left alone, as if it were not there.
      if (row?.member === member) tx.objectStore(store).delete(id);
    });
  }

  return {
    async addInvoice(invoice, now = Date.now()) {
      const row: QueuedInvoice = { ...invoice, id: newId(), bytes: filesBytes(invoice.files), createdAt: now };
      await write([INVOICES], async (tx) => {
        const index = tx.objectStore(INVOICES).index('member');
        const waiting = await request(index.count(invoice.member));
        if (waiting >= MAX_WAITING_INVOICES) throw new QueueError('full');
        tx.objectStore(INVOICES).add(row);
      });
      return row;
    },
    invoices: (member) => ofMember<QueuedInvoice>(INVOICES, member),
    removeInvoice: (member, id) => removeOwned(INVOICES, member, id),
    async markRefused(member, id, refusal) {
      await write([INVOICES], async (tx) => {
        const row = (await request(tx.objectStore(INVOICES).get(id))) as QueuedInvoice | undefined;
        if (row?.member === member) tx.objectStore(INVOICES).put({ ...row, refusal });
      });
    },
    async addPhoto(photo, now = Date.now()) {
      const row: QueuedPhoto = { ...photo, id: newId(), bytes: photo.file.blob.size, createdAt: now };
      await write([PHOTOS], (tx) => void tx.objectStore(PHOTOS).add(row));
      return row;
    },
    photos: async (member, draft) =>
      (await ofMember<QueuedPhoto>(PHOTOS, member)).filter((p) => draft === undefined || p.draft === draft),
    removePhoto: (member, id) => removeOwned(PHOTOS, member, id),
    async hasAny() {
      const tx = db.transaction([INVOICES, PHOTOS], 'readonly');
      const counts = await Promise.all([INVOICES, PHOTOS].map((name) => request(tx.objectStore(name).count())));
      return counts.some((count) => count > 0);
    },
    async bytes(member) {
      const [invoices, photos] = await Promise.all([
        ofMember<QueuedInvoice>(INVOICES, member),
        ofMember<QueuedPhoto>(PHOTOS, member),
      ]);
      return [...invoices, ...photos].reduce((sum, row) => sum + row.bytes, 0);
    },
    saveSession: (session) => write([SESSION], (tx) => void tx.objectStore(SESSION).put(session, SESSION_KEY)),
    async session() {
      const tx = db.transaction(SESSION, 'readonly');
      return ((await request(tx.objectStore(SESSION).get(SESSION_KEY))) as QueueSession | undefined) ?? null;
    },
    clearSession: () => write([SESSION], (tx) => void tx.objectStore(SESSION).delete(SESSION_KEY)),
    close: () => db.close(),
  };
}
