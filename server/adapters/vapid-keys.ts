import { createECDH } from 'node:crypto';

/** A P-256 private key is a 32-byte number; web-push refuses any other length. */
const PRIVATE_KEY_BYTES = 32;

/**
 * Node gives an ECDH private key as the number's bytes without leading zeros: one key in 256 starts with a zero byte
 * and comes out 31 bytes long (one in 65,536, 30). web-push refuses such a key on every push, so a pair made that way
 * would never send anything. Padded on the left it is the same number, at the length web-push checks.
 */
export function fullLengthPrivateKey(key: Buffer): Buffer {
  if (key.length >= PRIVATE_KEY_BYTES) return key;
  return Buffer.concat([Buffer.alloc(PRIVATE_KEY_BYTES - key.length), key]);
}

/** A new VAPID pair in base64url, as web-push and the browser's `applicationServerKey` take it. */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: fullLengthPrivateKey(ecdh.getPrivateKey()).toString('base64url'),
  };
}

/** A stored private key made before the padding above: the same key, at full length. */
export function repairedPrivateKey(base64url: string): string {
  return fullLengthPrivateKey(Buffer.from(base64url, 'base64url')).toString('base64url');
}
