import type { LimiterFactory } from '../../limits/limiter-factory';
import type { UploadLimiter } from '../../graphql/ports';

/** Photos one member may send in the window: six full projects, retries of a lost answer included. */
export const PHOTOS_PER_WINDOW = 60;
export const PHOTO_WINDOW_MS = 10 * 60 * 1000;

/** Per member, counted in the club's database so that every API process shares it. */
export function photoUploadLimiter(limiters: LimiterFactory): UploadLimiter {
  const limiter = limiters({ name: 'project-photos', max: PHOTOS_PER_WINDOW, windowMs: PHOTO_WINDOW_MS });
  return { tryTake: async (userId) => (await limiter.take(String(userId))).allowed };
}
