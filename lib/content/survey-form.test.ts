import { scaleValues, toSurveyAnswers, type SurveyFormQuestion } from './survey-form';
import { surveyFormSchema } from './survey-form-schema';

const questions: SurveyFormQuestion[] = [
  { id: 'equipe', kind: 'SINGLE_CHOICE', required: true, options: [{ id: 'a' }, { id: 'b' }] },
  { id: 'ambientes', kind: 'MULTIPLE_CHOICE', required: true, options: [{ id: 'x' }, { id: 'y' }] },
  { id: 'nota', kind: 'SCALE', required: false, options: [], scaleMin: 1, scaleMax: 5 },
  { id: 'texto', kind: 'TEXT', required: false, options: [], maxLength: 10 },
];

describe('survey form', () => {
  it('asks for required answers and enforces the text limit', () => {
    const result = surveyFormSchema(questions).safeParse({
      equipe: '',
      ambientes: false,
      nota: '',
      texto: 'a'.repeat(11),
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      equipe: 'Responda esta pergunta.',
      ambientes: 'Responda esta pergunta.',
      texto: 'Use no máximo 10 caracteres.',
    });
  });

  it('turns form values into the mutation answers, leaving out empty optional ones', () => {
    expect(toSurveyAnswers(questions, { equipe: 'b', ambientes: ['x', 'y'], nota: '4', texto: '  ' })).toEqual([
      { questionId: 'equipe', optionIds: ['b'] },
      { questionId: 'ambientes', optionIds: ['x', 'y'] },
      { questionId: 'nota', scale: 4 },
    ]);
    // One checked checkbox comes as a string from the form.
    expect(toSurveyAnswers(questions, { equipe: 'a', ambientes: 'y' })[1]).toEqual({
      questionId: 'ambientes',
      optionIds: ['y'],
    });
    expect(scaleValues(questions[2]!)).toEqual([1, 2, 3, 4, 5]);
  });
});
