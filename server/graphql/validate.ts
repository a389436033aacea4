import type { z } from 'zod';
import { badUserInput } from './errors';

export const INVALID_INPUT_MESSAGE = 'Confira os campos destacados.';

/**
 * Parses input with the same zod schema the form uses; on failure a BAD_USER_INPUT whose `fields` carry the first
 * pt-BR message of each field, so the form can show each one under its field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || 'input';
    fields[key] ??= issue.message;
  }
  const messages = Object.values(fields);
  throw badUserInput(messages.length === 1 ? (messages[0] ?? INVALID_INPUT_MESSAGE) : INVALID_INPUT_MESSAGE, fields);
}
