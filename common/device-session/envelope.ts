// The session-security envelope, shared by the page and the club API's receiver: ECDH P-256 key agreement, HKDF-SHA-256
// to two keys, AES-CBC for the fingerprint document and HMAC-SHA-256 over IV and ciphertext (encrypt-then-MAC).
// Only Web Crypto (globalThis.crypto.subtle), which browsers and Node 20 both have: no Node imports here.

export const FINGERPRINT_SYSTEM_VERSION = '1.0.0';
/** The header every GraphQL request carries with the device session id. */
export const SESSION_ID_HEADER = 'x-mgl-session-id';
/** A session id: 16 random bytes in lower-case hex. */
export const SESSION_ID_PATTERN = /^[0-9a-f]{32}$/;

const ENC_INFO = 'clube-envelope-enc-v1';
const MAC_INFO = 'clube-envelope-mac-v1';
const IV_BYTES = 16;
const MAC_BYTES = 32;
const AES_BLOCK = 16;

export type FingerprintSignal = { name: string; value?: unknown; error?: string };

export type FingerprintDevice = {
  userAgent: string;
  platform?: string;
  mobile?: boolean;
  brands?: string[];
  timeZone?: string;
  languages?: string[];
  webdriver?: boolean;
};

/** The document the page seals: collected signals, the session id, system version, transaction data, local index. */
export type FingerprintDocument = {
  sessionId: string;
  systemVersion: '1.0.0';
  localIndex: number;
  visitorId: string;
  signals: FingerprintSignal[];
  transactionData: { path: string; at: string };
  device: FingerprintDevice;
};

export type EnvelopeKeys = { encKey: CryptoKey; macKey: CryptoKey };

function subtle(): SubtleCrypto {
  return globalThis.crypto.subtle;
}

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(new ArrayBuffer(length)));
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Throws on anything that is not base64. */
export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(b64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error('not hex');
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** A new device session id: 16 random bytes, hex (32 characters). */
export function newSessionId(): string {
  return Array.from(randomBytes(16), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A random 16-byte value in base64 (the handshake's iv field). */
export function randomIvBase64(): string {
  return bytesToBase64(randomBytes(IV_BYTES));
}

const ECDH: EcKeyImportParams = { name: 'ECDH', namedCurve: 'P-256' };

/** An ECDH P-256 key pair; the private key is extractable so the receiver can keep it for the handshake's life. */
export async function generateKeyPair(): Promise<CryptoKeyPair> {
  return subtle().generateKey(ECDH, true, ['deriveBits']);
}

/** The public key as a raw uncompressed point (65 bytes), base64. */
export async function exportPublicKey(key: CryptoKey): Promise<string> {
  return bytesToBase64(new Uint8Array(await subtle().exportKey('raw', key)));
}

/** Throws on anything that is not a P-256 point in base64. */
export async function importPublicKey(b64: string): Promise<CryptoKey> {
  return subtle().importKey('raw', base64ToBytes(b64), ECDH, true, []);
}

/**
 * The two envelope keys from our private key and the other side's public key: ECDH (256 bits) → HKDF-SHA-256 with
 * the session id's bytes as salt, one info string for the AES-CBC key and another for the HMAC key.
 */
export async function deriveEnvelopeKeys(
  privateKey: CryptoKey,
  remotePublicKeyB64: string,
  sessionId: string,
): Promise<EnvelopeKeys> {
  const remote = await importPublicKey(remotePublicKeyB64);
  const shared = await subtle().deriveBits({ name: 'ECDH', public: remote }, privateKey, 256);
  const ikm = await subtle().importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  const salt = hexToBytes(sessionId);
  const encoder = new TextEncoder();
  const encKey = await subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: encoder.encode(ENC_INFO) },
    ikm,
    { name: 'AES-CBC', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
  const macKey = await subtle().deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: encoder.encode(MAC_INFO) },
    ikm,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign', 'verify'],
  );
  return { encKey, macKey };
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(parts.reduce((n, p) => n + p.length, 0)));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** base64(iv || AES-CBC(JSON) || HMAC-SHA-256(iv || ciphertext)), with a fresh random IV. */
export async function sealEnvelope(keys: EnvelopeKeys, document: object): Promise<string> {
  const iv = randomBytes(IV_BYTES);
  const plain = new TextEncoder().encode(JSON.stringify(document));
  const ciphertext = new Uint8Array(await subtle().encrypt({ name: 'AES-CBC', iv }, keys.encKey, plain));
  const signed = concat(iv, ciphertext);
  const mac = new Uint8Array(await subtle().sign('HMAC', keys.macKey, signed));
  return bytesToBase64(concat(signed, mac));
}

/**
 * The document inside an envelope, or null for any failure (bad base64, wrong length, bad MAC, bad padding, bad
 * JSON), so callers answer them all the same way. The MAC is checked first (subtle.verify compares in constant
 * time), so a tampered ciphertext never reaches the decryption.
 */
export async function openEnvelope(keys: EnvelopeKeys, envelope: string): Promise<unknown | null> {
  try {
    if (typeof envelope !== 'string') return null;
    const bytes = base64ToBytes(envelope);
    const cipherLength = bytes.length - IV_BYTES - MAC_BYTES;
    if (cipherLength < AES_BLOCK || cipherLength % AES_BLOCK !== 0) return null;
    const signed = bytes.slice(0, IV_BYTES + cipherLength);
    const mac = bytes.slice(IV_BYTES + cipherLength);
    if (!(await subtle().verify('HMAC', keys.macKey, mac, signed))) return null;
    const iv = signed.slice(0, IV_BYTES);
    const ciphertext = signed.slice(IV_BYTES);
    const plain = await subtle().decrypt({ name: 'AES-CBC', iv }, keys.encKey, ciphertext);
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain)) as unknown;
  } catch {
    return null;
  }
}
