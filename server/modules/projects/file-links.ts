import { createHmac, timingSafeEqual } from 'node:crypto';
import { buildPath } from '../../../common/routes';
import { apiRouteTable } from '../../http/api-routes';

/** How long a photo link stays valid at least. */
export const PHOTO_LINK_TTL_MS = 10 * 60 * 1000;
/**
 * Expiry times are rounded up to this step, so the same photo gets the same link for a few minutes: a list that
 * is asked again (a new page, a poll) reuses the browser's cached image instead of downloading it again.
 */
const EXPIRY_STEP_MS = 5 * 60 * 1000;
export const PHOTO_ROUTE = apiRouteTable.projectPhoto.path;

export type PhotoVariant = 'display' | 'thumbnail';

const signature = (secret: Uint8Array, photoId: number, variant: PhotoVariant, userId: number, expires: number) =>
  createHmac('sha256', secret).update(`project-photo:${photoId}:${variant}:${userId}:${expires}`).digest('base64url');

/**
 * Like invoice files, project photos are private until published: an <img> cannot send the Bearer header, so the
 * API hands the owner a short-lived link signed for that photo, that size and that member.
 */
export function signedPhotoUrl(
  secret: Uint8Array,
  photoId: number,
  variant: PhotoVariant,
  userId: number,
  now: number,
): string {
  const expires = Math.ceil((now + PHOTO_LINK_TTL_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
  const sig = signature(secret, photoId, variant, userId, expires);
  const size = variant === 'thumbnail' ? '&t=1' : '';
  return `${buildPath(PHOTO_ROUTE, { photoId: String(photoId) })}?u=${userId}&e=${expires}${size}&s=${sig}`;
}

export function verifyPhotoLink(
  secret: Uint8Array,
  photoId: number,
  query: { u?: string; e?: string; t?: string; s?: string },
  now: number,
): { userId: number; variant: PhotoVariant } | null {
  const userId = Number(query.u);
  const expires = Number(query.e);
  const variant: PhotoVariant = query.t === '1' ? 'thumbnail' : 'display';
  if (!Number.isInteger(userId) || !Number.isInteger(expires) || typeof query.s !== 'string') return null;
  if (expires < now) return null;
  const expected = Buffer.from(signature(secret, photoId, variant, userId, expires));
  const given = Buffer.from(query.s);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, variant } : null;
}
