import type { SurveyAnswerInput, SurveyQuestionKind } from '../graphql/generated/graphql';

/** What the survey form needs of a question (the QPromotionSurvey fields). */
export interface SurveyFormQuestion {
  id: string;
  kind: SurveyQuestionKind;
  required: boolean;
  options: readonly { id: string }[];
  scaleMin?: number | null;
  scaleMax?: number | null;
  maxLength?: number | null;
}

/** Form values: one entry per question id; checkboxes give an array, everything else a string. */
export type SurveyFormValues = Record<string, string | string[] | undefined>;

/** Form values → the mutation's answers; unanswered optional questions are left out. */
export function toSurveyAnswers(
  questions: readonly SurveyFormQuestion[],
  values: SurveyFormValues,
): SurveyAnswerInput[] {
  const answers: SurveyAnswerInput[] = [];
  for (const q of questions) {
    const value = values[q.id];
    if (q.kind === 'MULTIPLE_CHOICE') {
      const ids = Array.isArray(value) ? value : value ? [value] : [];
      if (ids.length > 0) answers.push({ questionId: q.id, optionIds: ids });
    } else if (q.kind === 'SINGLE_CHOICE') {
      if (typeof value === 'string' && value !== '') answers.push({ questionId: q.id, optionIds: [value] });
    } else if (q.kind === 'SCALE') {
      if (typeof value === 'string' && value !== '') answers.push({ questionId: q.id, scale: Number(value) });
    } else if (typeof value === 'string' && value.trim() !== '') {
      answers.push({ questionId: q.id, text: value.trim() });
    }
  }
  return answers;
}

export function scaleValues(q: SurveyFormQuestion): number[] {
  const min = q.scaleMin ?? 1;
  const max = q.scaleMax ?? 5;
  return Array.from({ length: Math.max(0, max - min + 1) }, (_, i) => min + i);
}
