import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { badUserInput } from './errors';

export const INVALID_INPUT_MESSAGE = 'Confira os campos destacados.';

/**
 * Parses input with the same zod schema the form uses; on failure a BAD_USER_INPUT whose `fields` carry the first
 * pt-BR message of each field, so the form can show each one under its field. Takes any zod 4 schema: the forms'
 * (lib/validation) are zod/mini, to keep the browser light; the API's own are classic zod.
 */
export function parseInput<S extends $ZodType>(schema: S, input: unknown): output<S> {
  const parsed = safeParse(schema, input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || 'input';
    fields[key] ??= issue.message;
  }
  const messages = Object.values(fields);
  throw badUserInput(messages.length === 1 ? (messages[0] ?? INVALID_INPUT_MESSAGE) : INVALID_INPUT_MESSAGE, fields);
}
