'use client';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import type { ProjectDraft, ProjectDraftValues } from '@/lib/projects/draft';
import { QProjectLinkOptions } from '@/lib/projects/operations';
import { formFieldOf, toProjectInput } from '@/lib/projects/project-input';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import { FormAlert } from '../ui/form-alert';
import { SubmitButton } from '../ui/submit-button';
import { useLeaveGuard } from '../ui/use-leave-guard';
import { ProjectAboutSection } from './project-about-section';
import { ProjectConsentSection } from './project-consent-section';
import { ProjectLinksSection } from './project-links-section';
import { ProjectPhotosSection } from './project-photos-section';
import { ProjectProductsSection } from './project-products-section';
import { photosProblem, usePhotoQueue } from './use-photo-queue';
import { useProjectDraft } from './use-project-draft';
import { useSendProject } from './use-send-project';

/** The first problem on the page, photos included, is where the member looks next. */
const FIRST_PROBLEM = '[aria-invalid="true"], .project-form [role="alert"]';

/**
 * The project form, for a new project or to correct a refused one (`projectId`). Photos go up one by one as soon as
 * they are picked; what the member typed and the uploaded photos are kept on the device as a draft until the
 * project is sent.
 */
export function ProjectForm({
  memberId,
  projectId,
  initial,
}: {
  memberId: string;
  projectId: string | null;
  initial: ProjectDraft;
}) {
  const form = useForm<ProjectDraftValues>({
    resolver: useLazyZodResolver(() => import('@/lib/projects/validate').then((m) => m.projectSchema())),
    defaultValues: initial.values,
    // A field's message stays until the member changes that field, and the rest are checked again on the next send.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const queue = usePhotoQueue(initial.photos, projectId);
  const draft = useProjectDraft({ memberId, projectId, initial, form, photos: queue.photos });
  const [sent, setSent] = useState(false);
  const send = useSendProject(projectId, () => setSent(true));
  const { data: options } = useQuery(QProjectLinkOptions, { fetchPolicy: 'cache-and-network' });
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const busy = sending || queue.busy;
  useLeaveGuard(busy);

  useEffect(() => {
    const { unsubscribe } = form.watch((_, { name }) => {
      if (name) form.clearErrors(name);
      setServerError(null);
    });
    return unsubscribe;
  }, [form]);

  useEffect(() => {
    if (refusals > 0) document.querySelector<HTMLElement>(FIRST_PROBLEM)?.focus();
  }, [refusals]);

  function showServerError(error: unknown) {
    let placed = false;
    for (const [apiField, message] of Object.entries(fieldErrors(error as Error))) {
      const field = formFieldOf(apiField);
      if (field) form.setError(field, { type: 'server', message });
      else if (apiField === 'photoIds') setPhotoProblem(message);
      else continue;
      placed = true;
    }
    if (!placed) setServerError(errorMessage(error as Error));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setServerError(null);
    const problem = photosProblem(queue.photos);
    setPhotoProblem(problem);
    const refuse = () => setRefusals((n) => n + 1);
    void form.handleSubmit(async (values) => {
      if (problem) return refuse();
      const uf = options?.states.find((s) => s.id === values.stateId)?.uf ?? '';
      setSending(true);
      try {
        await send(
          toProjectInput(values, uf),
          queue.photos.map((p) => p.id as string),
          draft.sendKey(),
        );
      } catch (error) {
        showServerError(error);
        setSending(false);
      }
    }, refuse)(event);
  }

  function discard() {
    draft.discard();
    form.reset(initial.values);
    queue.reset(projectId ? initial.photos : []);
    setPhotoProblem(null);
    setServerError(null);
  }

  return (
    <form className="form project-form" onSubmit={onSubmit} noValidate aria-label="Enviar projeto">
      <p className="muted project-form__draft" role="status">
        O que você preenche fica guardado neste aparelho até o envio.
      </p>
      <ProjectPhotosSection
        queue={queue}
        problem={photoProblem}
        disabled={sending}
        onPick={(files) => {
          setPhotoProblem(null);
          setServerError(null);
          void queue.pick(files);
        }}
      />
      <ProjectAboutSection form={form} states={options?.states ?? []} />
      <ProjectProductsSection control={form.control} />
      <ProjectLinksSection control={form.control} options={options} />
      <ProjectConsentSection form={form} />
      <FormAlert message={serverError} />
      {sent && (
        <p className="alert alert--ok" role="status">
          {projectId ? 'Projeto reenviado!' : 'Projeto enviado!'} Abrindo o projeto…
        </p>
      )}
      <SubmitButton busy={sending} busyLabel={sent ? 'Abrindo o projeto…' : 'Enviando…'} disabled={busy}>
        {projectId ? 'Reenviar projeto para análise' : 'Enviar projeto'}
      </SubmitButton>
      <button type="button" className="button button--ghost button--block" onClick={discard} disabled={busy}>
        Descartar rascunho
      </button>
    </form>
  );
}
