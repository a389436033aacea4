'use client';
import type { UseFormReturn } from 'react-hook-form';
import type { ProjectDraftValues } from '@/lib/projects/draft';
import { ENVIRONMENT_LABELS } from '@/common/projects/labels';
import { PROJECT_TITLE_MAX } from '@/common/projects/limits';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';
import { FinishedMonthFields } from './finished-month-fields';
import { ProjectDescriptionField } from './project-description-field';
import { ProjectFormSection } from './project-form-section';
import { ProjectPlaceFields, type StateOption } from './project-place-fields';

/** What the project is, where it was installed and when it was finished. */
export function ProjectAboutSection({
  form,
  states,
}: {
  form: UseFormReturn<ProjectDraftValues>;
  states: readonly StateOption[];
}) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <ProjectFormSection id="project-about-title" title="Sobre o projeto">
      <TextField
        label="Título"
        hint="Ex.: Cozinha planejada em MDF freijó"
        maxLength={PROJECT_TITLE_MAX}
        autoComplete="off"
        error={errors.title?.message}
        {...register('title')}
      />
      <SelectField label="Ambiente" error={errors.environment?.message} {...register('environment')}>
        <option value="">Escolha o ambiente</option>
        {Object.entries(ENVIRONMENT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <ProjectDescriptionField control={form.control} />
      <ProjectPlaceFields form={form} states={states} />
      <FinishedMonthFields control={form.control} />
    </ProjectFormSection>
  );
}
