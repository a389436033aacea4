import { z } from 'zod';
import { INVALID_CHARACTERS_MESSAGE, isPlainText } from '../../../common/validation/plain-text';
import { badUserInput } from '../../errors/api-errors';

const key = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use letras minúsculas, números e hífens')
  .max(60);

const option = z.object({ id: key, label: z.string().trim().min(1).max(200) });

const question = z
  .object({
    id: key,
    kind: z.enum(['single', 'multiple', 'scale', 'text']),
    label: z.string().trim().min(1).max(300),
    required: z.boolean().default(false),
    options: z.array(option).max(20).default([]),
    min: z.number().int().min(0).max(10).optional(),
    max: z.number().int().min(1).max(10).optional(),
    minLabel: z.string().max(60).optional(),
    maxLabel: z.string().max(60).optional(),
    maxLength: z.number().int().min(1).max(2000).optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.kind === 'single' || q.kind === 'multiple') && q.options.length < 2) {
      ctx.addIssue({ code: 'custom', message: `a pergunta "${q.id}" precisa de pelo menos 2 opções` });
    }
    if (new Set(q.options.map((o) => o.id)).size !== q.options.length) {
      ctx.addIssue({ code: 'custom', message: `a pergunta "${q.id}" repete o id de uma opção` });
    }
    if (q.kind === 'scale' && (q.min ?? 1) >= (q.max ?? 5)) {
      ctx.addIssue({ code: 'custom', message: `a escala da pergunta "${q.id}" precisa de min menor que max` });
    }
  });

/** A survey as written in a promotion's front matter. */
export const surveyDefinitionSchema = z
  .object({
    title: z.string().trim().min(1).max(160),
    intro: z.string().trim().max(600).optional(),
    questions: z.array(question).min(1).max(30),
  })
  .refine((s) => new Set(s.questions.map((q) => q.id)).size === s.questions.length, {
    message: 'duas perguntas com o mesmo id',
  });

export type SurveyDefinition = z.infer<typeof surveyDefinitionSchema>;
export type SurveyQuestion = SurveyDefinition['questions'][number];

export const DEFAULT_TEXT_MAX_LENGTH = 1000;
export const scaleBounds = (q: SurveyQuestion) => ({ min: q.min ?? 1, max: q.max ?? 5 });

/** What the mutation accepts, before it is checked against the questions. */
export const answersInputSchema = z
  .array(
    z.object({
      questionId: z.string().max(60),
      optionIds: z.array(z.string().max(60)).max(20).nullish(),
      scale: z.number().int().nullish(),
      text: z.string().max(5000).nullish(),
    }),
  )
  .max(30);

export type AnswersInput = z.infer<typeof answersInputSchema>;

export type StoredAnswer =
  | { questionId: string; optionIds: string[] }
  | { questionId: string; scale: number }
  | { questionId: string; text: string };

const INVALID = 'Confira as respostas destacadas.';

/**
 * Checks every answer against its question and returns the answers to store. Problems are reported per question
 * id, so the form can show each message under its question.
 */
export function validateAnswers(survey: SurveyDefinition, rawInput: unknown): StoredAnswer[] {
  const parsed = answersInputSchema.safeParse(rawInput);
  if (!parsed.success) throw badUserInput('Respostas em formato inválido.');
  const fields: Record<string, string> = {};
  const byQuestion = new Map<string, AnswersInput[number]>();
  for (const answer of parsed.data) {
    if (byQuestion.has(answer.questionId)) {
      throw badUserInput('Cada pergunta só pode ser respondida uma vez.', {
        [answer.questionId]: 'Resposta repetida.',
      });
    }
    byQuestion.set(answer.questionId, answer);
  }
  const known = new Set(survey.questions.map((q) => q.id));
  for (const id of byQuestion.keys()) {
    if (!known.has(id))
      throw badUserInput('Resposta para uma pergunta que não existe nesta pesquisa.', {
        [id]: 'Pergunta desconhecida.',
      });
  }

  const stored: StoredAnswer[] = [];
  for (const q of survey.questions) {
    const answer = byQuestion.get(q.id);
    const optionIds = [...new Set(answer?.optionIds ?? [])];
    const text = answer?.text?.trim() ?? '';
    const hasAnswer =
      q.kind === 'scale'
        ? answer?.scale !== undefined && answer?.scale !== null
        : q.kind === 'text'
          ? text !== ''
          : optionIds.length > 0;
    if (!hasAnswer) {
      if (q.required) fields[q.id] = 'Responda esta pergunta.';
      continue;
    }
    if (q.kind === 'single' || q.kind === 'multiple') {
      const valid = new Set(q.options.map((o) => o.id));
      if (optionIds.some((id) => !valid.has(id))) fields[q.id] = 'Escolha uma das opções da pergunta.';
      else if (q.kind === 'single' && optionIds.length !== 1) fields[q.id] = 'Escolha só uma opção.';
      else stored.push({ questionId: q.id, optionIds });
    } else if (q.kind === 'scale') {
      const { min, max } = scaleBounds(q);
      const value = answer?.scale ?? NaN;
      if (value < min || value > max) fields[q.id] = `Escolha um valor de ${min} a ${max}.`;
      else stored.push({ questionId: q.id, scale: value });
    } else {
      const limit = q.maxLength ?? DEFAULT_TEXT_MAX_LENGTH;
      if (text.length > limit) fields[q.id] = `Use no máximo ${limit} caracteres.`;
      else if (!isPlainText(text)) fields[q.id] = INVALID_CHARACTERS_MESSAGE;
      else stored.push({ questionId: q.id, text });
    }
  }
  if (Object.keys(fields).length > 0) throw badUserInput(INVALID, fields);
  return stored;
}
