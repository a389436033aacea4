import { createHmac, timingSafeEqual } from 'node:crypto';
import { buildPath } from '../../../common/routes';
import { apiRouteTable } from '../../http/api-routes';

/** How long a file link from the API stays valid. */
export const FILE_LINK_TTL_MS = 10 * 60 * 1000;
export const FILE_ROUTE = apiRouteTable.invoiceFile.path;

const signature = (secret: Uint8Array, fileId: number, userId: number, expires: number): string =>
  createHmac('sha256', secret).update(`invoice-file:${fileId}:${userId}:${expires}`).digest('base64url');

/**
 * Files open in a new tab, which cannot send the Bearer header, so the API hands the owner a short-lived link
 * signed for that file and that member. A link copied elsewhere stops working within minutes.
 */
export function signedFileUrl(secret: Uint8Array, fileId: number, userId: number, now: number): string {
  const expires = now + FILE_LINK_TTL_MS;
  const sig = signature(secret, fileId, userId, expires);
  return `${buildPath(FILE_ROUTE, { fileId: String(fileId) })}?u=${userId}&e=${expires}&s=${sig}`;
}

export function verifyFileLink(
  secret: Uint8Array,
  fileId: number,
  query: { u?: string; e?: string; s?: string },
  now: number,
): { userId: number } | null {
  const userId = Number(query.u);
  const expires = Number(query.e);
  if (!Number.isInteger(userId) || !Number.isInteger(expires) || typeof query.s !== 'string') return null;
  if (expires < now) return null;
  const expected = Buffer.from(signature(secret, fileId, userId, expires));
  const given = Buffer.from(query.s);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId } : null;
}
