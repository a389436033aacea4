'use client';
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { newAttemptKey } from '@/lib/network/attempt-key';
import { clearProjectDraft, saveProjectDraft, type ProjectDraft, type ProjectDraftValues } from '@/lib/projects/draft';
import { keptPhotos, type PhotoItem } from './use-photo-queue';

/**
 * Keeps the form on the device as the member fills it in: every change of a value or of the photos is saved at once.
 * The send's idempotency key lives as long as the draft, so a retry after a lost answer never makes a second project.
 */
export function useProjectDraft({
  memberId,
  projectId,
  initial,
  form,
  photos,
}: {
  memberId: string;
  projectId: string | null;
  initial: ProjectDraft;
  form: UseFormReturn<ProjectDraftValues>;
  photos: readonly PhotoItem[];
}) {
  const sendKey = useRef(initial.sendKey);

  useEffect(() => {
    const kept = keptPhotos(photos);
    const save = () =>
      saveProjectDraft(memberId, projectId, { values: form.getValues(), photos: kept, sendKey: sendKey.current });
    save();
    return form.watch(save).unsubscribe;
  }, [memberId, projectId, form, photos]);

  return {
    sendKey: () => sendKey.current,
    /** Forgets the draft; the next send is a new one. */
    discard: () => {
      clearProjectDraft();
      sendKey.current = newAttemptKey();
    },
  };
}
