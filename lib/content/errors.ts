import type { ErrorLike } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';

export type ContentErrorKind = 'not-found' | 'unavailable' | 'other';

/** NOT_FOUND → the friendly "não encontrado" page; FORBIDDEN on content → "conteúdo indisponível" (drafts). */
export function contentErrorKind(error: ErrorLike): ContentErrorKind {
  if (!CombinedGraphQLErrors.is(error)) return 'other';
  const codes = error.errors.map((e) => e.extensions?.code);
  if (codes.includes('NOT_FOUND')) return 'not-found';
  if (error.errors.some((e) => e.extensions?.code === 'FORBIDDEN' && e.message !== 'User disabled'))
    return 'unavailable';
  return 'other';
}
