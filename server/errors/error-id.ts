import { randomBytes } from 'node:crypto';
import { ERROR_ID_ALPHABET } from '../../common/errors/error-id';

/**
 * A new error id (`7F3K-92QA`): 40 random bits, so two failures a member could quote on the same day never share
 * one, in an alphabet of 32 that reads unambiguously.
 */
export function newErrorId(): string {
  const bytes = randomBytes(8);
  let id = '';
  for (let i = 0; i < 8; i += 1) {
    if (i === 4) id += '-';
    id += ERROR_ID_ALPHABET[bytes[i]! & 31];
  }
  return id;
}
