/**
 * @jest-environment node
 */
// Node's environment: jsdom has no crypto.subtle, and this module is the browser's and the API's alike.
import {
  base64ToBytes,
  bytesToBase64,
  deriveEnvelopeKeys,
  exportPublicKey,
  generateKeyPair,
  newSessionId,
  openEnvelope,
  sealEnvelope,
  SESSION_ID_PATTERN,
  type EnvelopeKeys,
} from './envelope';

async function pairOfSides(): Promise<{ page: EnvelopeKeys; api: EnvelopeKeys }> {
  const sessionId = newSessionId();
  const pageKeys = await generateKeyPair();
  const apiKeys = await generateKeyPair();
  const page = await deriveEnvelopeKeys(pageKeys.privateKey, await exportPublicKey(apiKeys.publicKey), sessionId);
  const api = await deriveEnvelopeKeys(apiKeys.privateKey, await exportPublicKey(pageKeys.publicKey), sessionId);
  return { page, api };
}

function flipBit(envelope: string, index: number): string {
  const bytes = base64ToBytes(envelope);
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return bytesToBase64(bytes);
}

describe('device session envelope', () => {
  it('makes 32-character hex session ids', () => {
    expect(newSessionId()).toMatch(SESSION_ID_PATTERN);
    expect(newSessionId()).not.toBe(newSessionId());
  });

  it('exports the public key as a raw uncompressed P-256 point', async () => {
    const { publicKey } = await generateKeyPair();
    const raw = base64ToBytes(await exportPublicKey(publicKey));
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(0x04);
  });

  it('opens on one side what the other sealed', async () => {
    const { page, api } = await pairOfSides();
    const document = { sessionId: 'abc', localIndex: 3, signals: [{ name: 'incognito', value: false }] };
    const envelope = await sealEnvelope(page, document);
    expect(await openEnvelope(api, envelope)).toEqual(document);
    expect(await openEnvelope(page, await sealEnvelope(api, { received: true }))).toEqual({ received: true });
  });

  it('uses a fresh IV each time', async () => {
    const { page } = await pairOfSides();
    expect(await sealEnvelope(page, { a: 1 })).not.toBe(await sealEnvelope(page, { a: 1 }));
  });

  it('refuses a bit flip in the IV, in the ciphertext or in the MAC, a wrong key and garbage, all as null', async () => {
    const { page, api } = await pairOfSides();
    const envelope = await sealEnvelope(page, { localIndex: 1, text: 'x'.repeat(40) });
    const length = base64ToBytes(envelope).length;
    expect(await openEnvelope(api, flipBit(envelope, 3))).toBeNull();
    expect(await openEnvelope(api, flipBit(envelope, 20))).toBeNull();
    expect(await openEnvelope(api, flipBit(envelope, length - 1))).toBeNull();
    const other = await pairOfSides();
    expect(await openEnvelope(other.api, envelope)).toBeNull();
    expect(await openEnvelope(api, 'não é base64!')).toBeNull();
    expect(await openEnvelope(api, '')).toBeNull();
    expect(await openEnvelope(api, bytesToBase64(new Uint8Array(40)))).toBeNull();
  });

  it('refuses a well-authenticated envelope whose content is not JSON', async () => {
    const { page, api } = await pairOfSides();
    // Sealing a string gives valid JSON, so build a non-JSON plaintext by hand with the same keys.
    const iv = globalThis.crypto.getRandomValues(new Uint8Array(16));
    const cipher = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, page.encKey, new TextEncoder().encode('{not json')),
    );
    const signed = new Uint8Array([...iv, ...cipher]);
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', page.macKey, signed));
    expect(await openEnvelope(api, bytesToBase64(new Uint8Array([...signed, ...mac])))).toBeNull();
  });
});
