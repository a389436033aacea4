'use client';
import type { UseFormReturn } from 'react-hook-form';
import type { ProjectDraftValues } from '@/lib/projects/draft';
import { CheckboxField } from '../ui/checkbox-field';
import { ProjectFormSection } from './project-form-section';

/** Whether the club may publish the photos; a project is sent either way. */
export function ProjectConsentSection({ form }: { form: UseFormReturn<ProjectDraftValues> }) {
  return (
    <ProjectFormSection id="project-publish-title" title="Publicação">
      <CheckboxField
        label="Autorizo o clube a publicar as fotos"
        error={form.formState.errors.publishConsent?.message}
        {...form.register('publishConsent')}
      />
      <p className="muted">
        Sem a sua autorização, as fotos ficam só com você e com quem analisa o projeto. Você pode enviar o projeto sem
        autorizar.
      </p>
    </ProjectFormSection>
  );
}
