import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { badUserInput } from './api-errors';

export const INVALID_INPUT_MESSAGE = 'Confira os campos destacados.';

export interface ParseInputOptions {
  /**
   * The form field an issue belongs to, from its path: the whole path by default ("address.cep"); a form whose
   * lists are one field each (a project's products) names the top-level key.
   */
  readonly fieldOf?: (path: readonly PropertyKey[]) => string;
}

const wholePath = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** The first key of a path: an issue inside a list belongs to the list's field. */
export const topLevelField = (path: readonly PropertyKey[]) => String(path[0] ?? '');

/**
 * Parses input with the same zod schema the form uses; on failure a BAD_USER_INPUT whose `fields` carry the first
 * pt-BR message of each field, so the form can show each one under its field, and whose message is that message
 * when one field is wrong. The one way the API turns a zod failure into an answer. Takes any zod 4 schema: the
 * forms' (common/validation) are zod/mini, to keep the browser light; the API's own are classic zod.
 */
export function parseInput<S extends $ZodType>(
  schema: S,
  input: unknown,
  { fieldOf = wholePath }: ParseInputOptions = {},
): output<S> {
  const parsed = safeParse(schema, input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = fieldOf(issue.path) || 'input';
    fields[key] ??= issue.message;
  }
  const messages = Object.values(fields);
  throw badUserInput(messages.length === 1 ? (messages[0] ?? INVALID_INPUT_MESSAGE) : INVALID_INPUT_MESSAGE, fields);
}
