// A push service for the tests: a node:http server on 127.0.0.1 that takes what web-push sends, answers what the
// test asks, and a browser's side of RFC 8291 (aes128gcm) to decrypt the payload with the subscription's own keys.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushService {
  readonly origin: string;
  readonly received: ReceivedPush[];
  /** The statuses the next requests to a path get, in order; then 201. */
  answer(path: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number[]>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const status = answers.get(path)?.shift() ?? 201;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    answer: (path, ...statuses) => answers.set(path, [...(answers.get(path) ?? []), ...statuses]),
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** A subscription as a browser makes one: a P-256 key pair and a 16-byte auth secret, on the test's push service. */
export interface BrowserSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  privateKey: Buffer;
}

export function browserSubscription(service: PushService, name: string): BrowserSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${service.origin}/push/${name}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
    privateKey: ecdh.getPrivateKey(),
  };
}

/**
 * Decrypts an aes128gcm message (RFC 8188 framing, RFC 8291 keys) as the browser would: the header carries the salt,
 * the record size and the sender's public key; the key and nonce come from the shared ECDH secret and the auth
 * secret through HKDF-SHA-256; one record, padded with a 0x02 delimiter and zeros.
 */
export function decryptPush(body: Buffer, subscription: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscription.privateKey);
  const shared = ecdh.computeSecret(senderPublicKey);
  const receiverPublicKey = Buffer.from(subscription.p256dh, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, Buffer.from(subscription.auth, 'base64url'), keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('aes128gcm: the last record has no 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks the VAPID Authorization header (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed with ES256 by
 * the key given, for this push service's origin. Returns the key.
 */
export function verifyVapid(push: ReceivedPush, origin: string): string {
  const header = String(push.headers.authorization ?? '');
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  if (!match) throw new Error(`no VAPID header: ${header}`);
  const [jwt, key] = [match[1]!, match[2]!];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const { aud } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string };
  if (aud !== origin) throw new Error(`VAPID aud ${aud} is not ${origin}`);
  return key;
}
