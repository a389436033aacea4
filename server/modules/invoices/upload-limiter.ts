import type { UploadLimiter } from '../../graphql/ports';
import type { LimiterFactory } from '../../limits/limiter-factory';

/** Invoice sends one member may start in the window (retries of the same attempt included). */
export const UPLOADS_PER_WINDOW = 30;
export const UPLOAD_WINDOW_MS = 10 * 60 * 1000;

/** Per member, counted in the club's database so that every API process shares it. */
export function uploadLimiter(limiters: LimiterFactory): UploadLimiter {
  const limiter = limiters({ name: 'invoice-uploads', max: UPLOADS_PER_WINDOW, windowMs: UPLOAD_WINDOW_MS });
  return { tryTake: async (userId) => (await limiter.take(String(userId))).allowed };
}

/** For the demo history written at start-up: the member's own send path, without spending their budget. */
export const unlimitedUploads: UploadLimiter = { tryTake: async () => true };
