import { DomainError } from '../../errors/domain-error';

/** How long a reason a person gives for a change may be (a refusal, a reversal, an unpublishing). */
export const REASON_LIMITS = { min: 3, max: 500 } as const;

/**
 * A reason as typed, spaces collapsed and trimmed, or BAD_USER_INPUT on `reason` with `message` when it is shorter or
 * longer than REASON_LIMITS.
 */
export function reasonOf(reason: string, message: string): string {
  const text = reason.trim().replace(/\s+/g, ' ');
  if (text.length < REASON_LIMITS.min || text.length > REASON_LIMITS.max) {
    throw new DomainError('BAD_USER_INPUT', message, 'reason');
  }
  return text;
}
