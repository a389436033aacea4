'use client';
import { useApolloClient } from '@apollo/client/react';
import { useRouter } from 'next/navigation';
import type { ProjectInput } from '@/lib/graphql/generated/graphql';
import { clearProjectDraft } from '@/lib/projects/draft';
import { noteProjectSent } from '@/lib/projects/sent-notice';
import { MResendProject, MSubmitProject, QProjects } from '@/lib/projects/operations';
import { routes } from '@/common/routes';

/**
 * Sends a new project, or a refused one (`projectId`) again, then opens it. The draft is cleared only once the API
 * has the project; a failure is thrown to the form, which keeps everything for another try. `onSent` runs as soon as
 * the API has it, so the form says "Projeto enviado" while the list is refreshed and the page opens on a weak signal.
 */
export function useSendProject(projectId: string | null, onSent?: () => void) {
  const client = useApolloClient();
  const router = useRouter();
  return async (input: ProjectInput, photoIds: string[], idempotencyKey: string): Promise<void> => {
    const { data } = projectId
      ? await client.mutate({ mutation: MResendProject, variables: { id: projectId, input, photoIds, idempotencyKey } })
      : await client.mutate({ mutation: MSubmitProject, variables: { input, photoIds, idempotencyKey } });
    const sent = data && ('submitProject' in data ? data.submitProject : data.resendProject);
    if (!sent) throw new Error('no project');
    clearProjectDraft();
    noteProjectSent(sent.id, projectId ? 'resent' : 'sent');
    onSent?.();
    await client.refetchQueries({ include: [QProjects] }).catch(() => undefined);
    router.push(routes.project({ projectId: sent.id }));
  };
}
