import { deriveKey } from 'altcha-lib/algorithms/sha';
import { create, randomInt } from 'altcha-lib/frameworks/fastify';
import { createHmac } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/schema';
import { apiError } from '../../errors/api-errors';
import { apiRouteTable } from '../../http/api-routes';
import { usedChallengeStore } from '../../limits/used-challenges';

export const ALTCHA_CHALLENGE_PATH = apiRouteTable.altchaChallenge.path;
export { HUMAN_CHECK_MESSAGE } from '../../../common/validation/human-check';
import { HUMAN_CHECK_MESSAGE } from '../../../common/validation/human-check';
import type { HumanVerifier } from '../../graphql/ports';

/** A challenge lives 10 minutes: a member filling the sign-up form on a slow phone must not lose it. */
const CHALLENGE_TTL_SECONDS = 10 * 60;

export type { HumanVerifier };

/** Verification switched off (HUMAN_VERIFICATION=false): every request passes. */
export const noHumanCheck: HumanVerifier = { check: async () => {} };

/**
 * Self-hosted ALTCHA proof of work: the server hands out signed challenges at /altcha/challenge and accepts each
 * solution once, across every API process (used challenge ids are kept in the club's database). Keys are derived
 * from the server secret, so no extra setting is needed.
 */
export function humanVerification(secret: Uint8Array, db: Db): { verifier: HumanVerifier; routes: FastifyPluginAsync } {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest('hex');
  const signature = derive('altcha-signature');
  const keySignature = derive('altcha-key-signature');
  const usedChallenges = usedChallengeStore(db, CHALLENGE_TTL_SECONDS * 1000);
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
  const routes: FastifyPluginAsync = async (app) => {
    app.get(ALTCHA_CHALLENGE_PATH, altcha.challengeHandler);
  };
  const verifier: HumanVerifier = {
    async check(payload) {
      const refuse = () => apiError('BAD_USER_INPUT', HUMAN_CHECK_MESSAGE, { fields: { altcha: HUMAN_CHECK_MESSAGE } });
      if (!payload || payload.length > 10_000) throw refuse();
      const result = await altcha.verify(payload, deriveKey, signature, keySignature, usedChallenges);
      if (result.error || !result.verification?.verified) {
        throw refuse();
      }
    },
  };
  return { verifier, routes };
}
