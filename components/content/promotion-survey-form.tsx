'use client';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { contentErrorKind } from '@/lib/content/errors';
import { MAnswerPromotionSurvey } from '@/lib/content/operations';
import { scaleValues, toSurveyAnswers, type SurveyFormValues } from '@/lib/content/survey-form';
import type { QPromotionSurveyQuery } from '@/lib/graphql/generated/graphql';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';

type Question = NonNullable<NonNullable<QPromotionSurveyQuery['promotion']>['survey']>['questions'][number];

function QuestionField({
  question,
  index,
  register,
  error,
}: {
  question: Question;
  index: number;
  register: UseFormRegister<SurveyFormValues>;
  error: string | undefined;
}) {
  const errorId = `pergunta-${question.id}-erro`;
  const describedBy = error ? errorId : undefined;
  const label = (
    <>
      <span className="survey-question__number">{index + 1}. </span>
      {question.label}
      {question.required ? (
        <span className="survey-question__required"> (obrigatória)</span>
      ) : (
        <span className="survey-question__required"> (opcional)</span>
      )}
    </>
  );
  const errorText = error && (
    <p className="field__error" id={errorId}>
      {error}
    </p>
  );

  if (question.kind === 'TEXT') {
    const id = `pergunta-${question.id}`;
    return (
      <div className="field survey-question">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <textarea
          id={id}
          className="field__input field__textarea"
          rows={4}
          maxLength={question.maxLength ?? undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...register(question.id)}
        />
        {errorText}
      </div>
    );
  }

  const multiple = question.kind === 'MULTIPLE_CHOICE';
  const choices =
    question.kind === 'SCALE'
      ? scaleValues(question).map((v) => ({ id: String(v), label: String(v) }))
      : question.options.map((o) => ({ id: o.id, label: o.label }));
  return (
    <fieldset
      className={`survey-question${question.kind === 'SCALE' ? ' survey-question--scale' : ''}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    >
      <legend className="field__label">{label}</legend>
      {multiple && <p className="field__hint">Marque quantas quiser.</p>}
      {question.kind === 'SCALE' && (question.scaleMinLabel || question.scaleMaxLabel) && (
        <p className="field__hint">
          {question.scaleMin ?? 1} = {question.scaleMinLabel ?? 'mínimo'}; {question.scaleMax ?? 5} ={' '}
          {question.scaleMaxLabel ?? 'máximo'}
        </p>
      )}
      <div className="survey-options">
        {choices.map((choice) => (
          <label key={choice.id} className="survey-option">
            <input type={multiple ? 'checkbox' : 'radio'} value={choice.id} {...register(question.id)} />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {errorText}
    </fieldset>
  );
}

export function SurveyForm({
  slug,
  questions,
  onDone,
  onRefused,
}: {
  slug: string;
  questions: readonly Question[];
  onDone: () => void;
  onRefused: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [answer, { loading }] = useMutation(MAnswerPromotionSurvey);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SurveyFormValues>({
    // The questions are read once: the form is mounted with them.
    resolver: useLazyZodResolver(() =>
      import('@/lib/content/survey-form-schema').then((m) => m.surveyFormSchema(questions)),
    ) as never,
    shouldFocusError: true,
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await answer({ variables: { promotionSlug: slug, answers: toSurveyAnswers(questions, values) } });
      onDone();
    } catch (error) {
      const fields = fieldErrors(error as Error);
      for (const [questionId, message] of Object.entries(fields)) setError(questionId, { message });
      setServerError(errorMessage(error as Error));
      // Answered in another tab, or the promotion just ended: reload the survey so the page says so.
      if (contentErrorKind(error as Error) === 'unavailable') onRefused();
    }
  });

  return (
    <form className="form survey-form" onSubmit={onSubmit} noValidate>
      {serverError && (
        <p className="alert alert--error" role="alert">
          {serverError}
        </p>
      )}
      {questions.map((q, i) => (
        <QuestionField key={q.id} question={q} index={i} register={register} error={errors[q.id]?.message} />
      ))}
      <button type="submit" className="button button--primary" disabled={loading}>
        {loading ? 'Enviando…' : 'Enviar respostas'}
      </button>
    </form>
  );
}
