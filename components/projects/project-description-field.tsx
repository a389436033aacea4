'use client';
import { useController, type Control } from 'react-hook-form';
import type { ProjectDraftValues } from '@/lib/projects/draft';
import { PROJECT_DESCRIPTION_MAX } from '@/common/projects/limits';

/** The description, with the characters used counted in its hint as the member types. */
export function ProjectDescriptionField({ control }: { control: Control<ProjectDraftValues> }) {
  const { field, fieldState } = useController({ control, name: 'description' });
  const error = fieldState.error?.message;
  const id = 'project-description';
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Descrição
      </label>
      <p className="field__hint" id={hintId}>
        O que foi feito, materiais e acabamentos. {field.value.length.toLocaleString('pt-BR')} de{' '}
        {PROJECT_DESCRIPTION_MAX.toLocaleString('pt-BR')} caracteres.
      </p>
      <textarea
        {...field}
        id={id}
        className="field__input project-form__description"
        rows={5}
        maxLength={PROJECT_DESCRIPTION_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
      />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
