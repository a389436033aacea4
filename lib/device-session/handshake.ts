import { config } from '../config';
import { collectSignals, type CollectedSignals } from './collectors';
import {
  deriveEnvelopeKeys,
  exportPublicKey,
  FINGERPRINT_SYSTEM_VERSION,
  generateKeyPair,
  openEnvelope,
  sealEnvelope,
  type EnvelopeKeys,
  type FingerprintDocument,
} from '@/common/device-session/envelope';
import {
  getDeviceSessionId,
  onDeviceSessionEnded,
  peekDeviceSessionId,
  readDeviceValue,
  writeDeviceValue,
} from './session-id';

/**
 * The session-security handshake (docs/session-security.md#handshake), loaded lazily after the page is interactive:
 * vendor login with an ECDH P-256 public key, the envelope keys derived from the exchange, the fingerprint document
 * sealed with AES-CBC and sent as { SessionId, Envelope }, the reply's Envelope opened.
 *
 * What is kept where: the derived keys are non-extractable CryptoKeys and our private key never leaves this
 * module's memory; session storage keeps the login's remote public key (CD_MGL_REMOTE_KEY), its IV (CD_MGL_IV)
 * and the last local index sent (CD_MGL_LOCAL_INDEX), all cleared with the session id when the session ends.
 */

export interface HandshakeResult {
  sessionId: string;
  /**
   * The sealed document that was sent, or '' when the vendor login was refused or failed
   * (docs/session-security.md#refusals).
   */
  envelope: string;
  /** What the vendor's reply Envelope held, when it could be opened. */
  reply: unknown;
}

export interface HandshakeOptions {
  baseUrl?: string;
  clientId?: string;
  secret?: string;
  fetch?: typeof fetch;
  collect?: () => Promise<CollectedSignals>;
  path?: () => string;
  now?: () => Date;
}

interface LoginReply {
  ok?: unknown;
  key?: unknown;
  iv?: unknown;
  localIndex?: unknown;
}

let memoryKeys: { sessionId: string; keys: EnvelopeKeys } | null = null;
let lastResult: HandshakeResult | null = null;
const runs = new Map<string, Promise<HandshakeResult>>();

onDeviceSessionEnded(() => {
  memoryKeys = null;
});

/** The last handshake's outcome on this page (read by tests and by whoever needs the envelope). */
export function lastHandshakeResult(): HandshakeResult | null {
  return lastResult;
}

/** The envelope keys of the current session, while it lasts. */
export function currentEnvelopeKeys(): EnvelopeKeys | null {
  return memoryKeys && memoryKeys.sessionId === peekDeviceSessionId() ? memoryKeys.keys : null;
}

async function postJson(fetchImpl: typeof fetch, url: string, body: unknown): Promise<unknown> {
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.json();
}

const indexOf = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;

async function handshake(sessionId: string, options: HandshakeOptions): Promise<HandshakeResult> {
  const baseUrl = options.baseUrl ?? config.sessionSecurity.url;
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const storedIndex = indexOf(Number(readDeviceValue('localIndex') ?? '0'));
  const refused: HandshakeResult = { sessionId, envelope: '', reply: null };

  let keys: EnvelopeKeys;
  let loginIndex: number;
  try {
    const pair = await generateKeyPair();
    const login = (await postJson(fetchImpl, `${baseUrl}/seguranca/login`, {
      ClientId: options.clientId ?? config.sessionSecurity.clientId,
      Secret: options.secret ?? config.sessionSecurity.secret,
      SessionId: sessionId,
      PublicKey: await exportPublicKey(pair.publicKey),
      LocalIndex: storedIndex,
    })) as LoginReply | null;
    if (login?.ok !== true || typeof login.key !== 'string') return refused;
    keys = await deriveEnvelopeKeys(pair.privateKey, login.key, sessionId);
    loginIndex = indexOf(login.localIndex);
    // The session may have ended while the login was on its way: nothing of it may land in storage then.
    if (peekDeviceSessionId() !== sessionId) return refused;
    writeDeviceValue('remoteKey', login.key);
    if (typeof login.iv === 'string') writeDeviceValue('iv', login.iv);
    memoryKeys = { sessionId, keys };
  } catch {
    // A login that could not be made counts as refused: the session id goes on with an empty envelope
    // (docs/session-security.md#refusals).
    return refused;
  }

  // Only after an accepted login: a refused one sends nothing, so nothing is worth measuring.
  const collect = options.collect ?? (() => collectSignals({ baseUrl, fetch: fetchImpl }));
  const { visitorId, signals, device } = await collect();
  const now = options.now?.() ?? new Date();
  // Strictly above anything sent before under this id: the receiver refuses a replayed or older index.
  const localIndex = Math.max(storedIndex, loginIndex) + 1;
  const document: FingerprintDocument = {
    sessionId,
    systemVersion: FINGERPRINT_SYSTEM_VERSION,
    localIndex,
    // The receiver needs a device id even when FingerprintJS could not run.
    visitorId: visitorId || 'unknown',
    signals,
    transactionData: { path: options.path?.() ?? window.location.pathname, at: now.toISOString() },
    device,
  };
  const envelope = await sealEnvelope(keys, document);
  if (peekDeviceSessionId() !== sessionId) return { sessionId, envelope, reply: null };
  writeDeviceValue('localIndex', String(localIndex));
  let reply: unknown = null;
  try {
    const result = (await postJson(fetchImpl, `${baseUrl}/seguranca/envelope`, {
      SessionId: sessionId,
      Envelope: envelope,
    })) as { Envelope?: unknown } | null;
    if (typeof result?.Envelope === 'string' && result.Envelope) reply = await openEnvelope(keys, result.Envelope);
  } catch {
    // The vendor not answering never disturbs the member; the next page load tries again.
  }
  return { sessionId, envelope, reply };
}

/** Runs the handshake once per session id per page load; a second call for the same id gets the first one's answer. */
export function runDeviceSession(options: HandshakeOptions = {}): Promise<HandshakeResult> {
  const sessionId = getDeviceSessionId();
  let run = runs.get(sessionId);
  if (!run) {
    run = handshake(sessionId, options).then((result) => {
      lastResult = result;
      return result;
    });
    runs.set(sessionId, run);
  }
  return run;
}

/** Forgets which session ids ran on this page, for tests that play several page loads. */
export function resetDeviceSessionRuns(): void {
  runs.clear();
  lastResult = null;
  memoryKeys = null;
}
