import * as z from 'zod/mini';
import { isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from './password-rules';

export * from './password-rules';

/** The one password rule, used by the forms and by the API: 8 to 128 characters, not a common password. */
export const passwordSchema = z.string().check(
  z.minLength(1, PASSWORD_MESSAGES.empty),
  z.minLength(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.short),
  z.maxLength(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.long),
  z.refine((v) => !isCommonPassword(v), PASSWORD_MESSAGES.common),
);
