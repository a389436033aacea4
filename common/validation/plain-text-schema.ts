import * as z from 'zod/mini';
import { INVALID_CHARACTERS_MESSAGE, isPlainText } from './plain-text';

/**
 * A typed text of `min` to `max` characters once trimmed, with no control characters; `message` for a wrong length.
 * Apart from plain-text.ts so a page that only checks the characters does not load zod.
 */
export const plainTextSchema = (min: number, max: number, message: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(min, message),
      z.maxLength(max, message),
      z.refine(isPlainText, INVALID_CHARACTERS_MESSAGE),
    );
