import type { X509Certificate } from 'node:crypto';
import type { NfeTrustStore } from '../../../graphql/ports';

export type { NfeTrustStore };

export type ChainResult = { ok: true; chain: X509Certificate[] } | { ok: false; reason: 'untrusted' | 'expired' };

/** ICP-Brasil chains are root → AC of first level → AC of second level → holder; a little room above that. */
const MAX_DEPTH = 6;

const validAt = (certificate: X509Certificate, at: Date): boolean =>
  Date.parse(certificate.validFrom) <= at.getTime() && at.getTime() <= Date.parse(certificate.validTo);

/** `issuer` signed `subject`: names and key identifiers match, it may sign certificates, and the signature holds. */
const issued = (subject: X509Certificate, issuer: X509Certificate): boolean =>
  issuer.ca && subject.checkIssued(issuer) && subject.verify(issuer.publicKey);

/**
 * Every path from `leaf` up to one of the store's roots, through the store's intermediates and the certificates
 * the document carried (`carried`, never trusted by themselves). Several paths exist when an AC was re-issued under
 * the same name: the first whose certificates were all valid at `at` wins.
 */
export function buildChain(
  leaf: X509Certificate,
  carried: readonly X509Certificate[],
  store: NfeTrustStore,
  at: Date,
): ChainResult {
  const pool = [...store.intermediates, ...carried];
  let foundOutOfTime = false;
  const walk = (path: X509Certificate[]): X509Certificate[] | null => {
    const current = path.at(-1)!;
    for (const root of store.roots) {
      if (!issued(current, root)) continue;
      const chain = [...path, root];
      if (chain.every((certificate) => validAt(certificate, at))) return chain;
      foundOutOfTime = true;
    }
    if (path.length >= MAX_DEPTH) return null;
    const seen = new Set(path.map((certificate) => certificate.fingerprint256));
    for (const candidate of pool) {
      if (seen.has(candidate.fingerprint256) || !issued(current, candidate)) continue;
      const chain = walk([...path, candidate]);
      if (chain) return chain;
    }
    return null;
  };
  const chain = walk([leaf]);
  if (chain) return { ok: true, chain };
  return { ok: false, reason: foundOutOfTime ? 'expired' : 'untrusted' };
}
