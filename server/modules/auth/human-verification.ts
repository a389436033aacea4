import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CappedMap, create, randomInt } from 'altcha-lib/frameworks/fastify';
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { apiError } from '../../graphql/errors';
import { apiRouteTable } from '../../http/api-routes';

export const ALTCHA_CHALLENGE_PATH = apiRouteTable.altchaChallenge.path;
export { HUMAN_CHECK_MESSAGE } from '../../../lib/validation/human-check';
import { HUMAN_CHECK_MESSAGE } from '../../../lib/validation/human-check';

/** A challenge lives 10 minutes: a member filling the sign-up form on a slow phone must not lose it. */
const CHALLENGE_TTL_SECONDS = 10 * 60;

export interface HumanVerifier {
  /** Throws BAD_USER_INPUT unless the ALTCHA payload is a fresh, valid solution never used before. */
  check(payload: string | null | undefined): Promise<void>;
}

/** Verification switched off (HUMAN_VERIFICATION=false): every request passes. */
export const noHumanCheck: HumanVerifier = { check: async () => {} };

/**
 * Self-hosted ALTCHA proof of work: the server hands out signed challenges at /altcha/challenge and accepts each
 * solution once (a capped in-memory store of used challenge ids; a shared store comes with several processes).
 * Keys are derived from the server secret, so no extra setting is needed.
 */
export function registerHumanVerification(app: FastifyInstance, secret: Uint8Array): HumanVerifier {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest('hex');
  const signature = derive('altcha-signature');
  const keySignature = derive('altcha-key-signature');
  const usedChallenges = new CappedMap({ maxSize: 100_000 });
  const altcha = create({
    deriveKey,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: keySignature,
    store: usedChallenges,
    createChallengeParameters: () => ({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(10_000, 30_000),
      expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS,
    }),
  });
  app.get(ALTCHA_CHALLENGE_PATH, altcha.challengeHandler);
  return {
    async check(payload) {
      const refuse = () => apiError('BAD_USER_INPUT', HUMAN_CHECK_MESSAGE, { fields: { altcha: HUMAN_CHECK_MESSAGE } });
      if (!payload || payload.length > 10_000) throw refuse();
      const result = await altcha.verify(payload, deriveKey, signature, keySignature, usedChallenges);
      if (result.error || !result.verification?.verified) {
        throw refuse();
      }
    },
  };
}
