import { createECDH } from 'node:crypto';
import webPush from 'web-push';
import { fullLengthPrivateKey, newVapidKeys, repairedPrivateKey } from './vapid-keys';

const subscription = () => {
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  return {
    endpoint: 'https://push.clube.test/assinatura',
    keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') },
  };
};

/** A key whose first byte is zero, as Node gives one key in 256: 31 bytes long. */
function shortKeyPair(): { publicKey: string; privateKey: Buffer } {
  for (;;) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const key = ecdh.getPrivateKey();
    if (key.length < 32) return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: key };
  }
}

const signs = (publicKey: string, privateKey: string) =>
  webPush.generateRequestDetails(subscription(), 'oi', {
    vapidDetails: { subject: 'mailto:suporte@clube.test', publicKey, privateKey },
  });

describe('VAPID keys', () => {
  it('a key with a leading zero byte is refused by web-push as Node gives it, and signs once padded', () => {
    const { publicKey, privateKey } = shortKeyPair();
    expect(() => signs(publicKey, privateKey.toString('base64url'))).toThrow(/32 bytes/);
    const padded = fullLengthPrivateKey(privateKey);
    expect(padded).toHaveLength(32);
    // The same number: the padded key gives back the same public key.
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(padded);
    expect(ecdh.getPublicKey().toString('base64url')).toBe(publicKey);
    expect(signs(publicKey, padded.toString('base64url')).headers.Authorization).toMatch(/^vapid t=/);
    expect(repairedPrivateKey(privateKey.toString('base64url'))).toBe(padded.toString('base64url'));
  });

  it('new pairs always have a 32-byte private key (43 characters) and sign', () => {
    for (let i = 0; i < 600; i += 1) {
      const keys = newVapidKeys();
      expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    }
    const keys = newVapidKeys();
    expect(() => signs(keys.publicKey, keys.privateKey)).not.toThrow();
    expect(repairedPrivateKey(keys.privateKey)).toBe(keys.privateKey);
  });
});
