/**
 * A new idempotency key for one attempt (an invoice send, a photo upload, a project send): a retry after a lost
 * answer sends the same key again, and the API answers with what the first one made.
 */
export function newAttemptKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
