'use client';
import { ProjectFormSection } from './project-form-section';
import { ProjectPhotoPicker } from './project-photo-picker';
import type { PhotoQueue } from './use-photo-queue';

/** The photos, first in the form: they take longest to go up, so they start while the member fills in the rest. */
export function ProjectPhotosSection({
  queue,
  problem,
  disabled,
  onPick,
}: {
  queue: PhotoQueue;
  /** Why the photos stop the send, or what the API said about them. */
  problem: string | null;
  disabled: boolean;
  onPick: (files: File[]) => void;
}) {
  return (
    <ProjectFormSection id="project-photos-title" title="Fotos">
      <ProjectPhotoPicker
        photos={queue.photos}
        errors={problem ? [...queue.pickErrors, problem] : queue.pickErrors}
        disabled={disabled}
        onPick={onPick}
        onRetry={queue.retry}
        onRemove={queue.remove}
        onMove={queue.move}
      />
    </ProjectFormSection>
  );
}
