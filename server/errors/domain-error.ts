import { GraphQLError } from 'graphql';
import type { ErrorCode } from './api-errors';

/**
 * The one error a module's use cases (its actions.ts) throw: a code of the API's contract and a pt-BR message the
 * person who acted reads as it is, in the painel or at the terminal. It is a GraphQLError with that code, so the
 * painel's resolvers let it through unchanged; the terminal prints its message. `field` names the input the message
 * is about, for the painel's form.
 */
export class DomainError extends GraphQLError {
  constructor(
    readonly code: Extract<ErrorCode, 'BAD_USER_INPUT' | 'NOT_FOUND' | 'FORBIDDEN'>,
    message: string,
    readonly field?: string,
  ) {
    super(message, {
      extensions: { code, ...(code === 'BAD_USER_INPUT' ? { fields: field ? { [field]: message } : {} } : {}) },
    });
    this.name = 'DomainError';
  }
}
