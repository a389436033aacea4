import * as z from 'zod/mini';
import type { SurveyFormQuestion } from './survey-form';

// Apart from survey-form.ts so the survey page shows its questions without zod; the rules load when it is sent.

const REQUIRED = 'Responda esta pergunta.';

/** The same rules the API applies, so most mistakes are shown before anything is sent. */
export function surveyFormSchema(questions: readonly SurveyFormQuestion[]) {
  // zod/mini has no preprocess: a pipe from a transform is the same thing.
  const shape: Record<string, z.ZodMiniType> = {};
  for (const q of questions) {
    if (q.kind === 'MULTIPLE_CHOICE') {
      const list = z.pipe(
        z.transform((v: unknown) => (Array.isArray(v) ? v : v ? [v] : [])),
        z.array(z.string()),
      );
      shape[q.id] = q.required ? list.check(z.refine((v) => v.length > 0, REQUIRED)) : list;
    } else if (q.kind === 'TEXT') {
      const max = q.maxLength ?? 1000;
      const text = z.pipe(
        z.transform((v: unknown) => (typeof v === 'string' ? v.trim() : '')),
        z.string().check(z.maxLength(max, `Use no máximo ${max} caracteres.`)),
      );
      shape[q.id] = q.required ? text.check(z.refine((v) => v !== '', REQUIRED)) : text;
    } else {
      const choice = z.pipe(
        z.transform((v: unknown) => (typeof v === 'string' ? v : '')),
        z.string(),
      );
      shape[q.id] = q.required ? choice.check(z.refine((v) => v !== '', REQUIRED)) : choice;
    }
  }
  return z.object(shape);
}
