/** What the painel's project screens share: labels, the queue's filters, the refusal templates and the shortcuts. */
import { painelRoutes } from '@/common/painel/routes';
import { PHOTO_SHORTCUTS } from '@/common/painel/review-desk';

/** A project is masculine in Portuguese ("o projeto"), as on the member's pages. */
export const PROJECT_STATUS_LABELS: Readonly<Record<string, string>> = {
  received: 'Recebido',
  in_review: 'Em análise',
  approved: 'Aprovado',
  rejected: 'Recusado',
};

/** A row's situation, with publication: "Aprovado e publicado". */
export const projectSituation = (status: string, published: boolean) =>
  published ? 'Aprovado e publicado' : (PROJECT_STATUS_LABELS[status] ?? status);

/** The queue's status filter, as the API names it. */
export const PROJECT_QUEUE_STATUSES = [
  { value: 'waiting', label: 'Em análise' },
  { value: 'approved', label: 'Aprovados (não publicados)' },
  { value: 'rejected', label: 'Recusados' },
  { value: 'published', label: 'Publicados' },
] as const;

export const isWaitingProject = (status: string) => status === 'received' || status === 'in_review';

/** Reasons the member reads on their project's page, chosen from a list and completed by the reviewer. */
export const PROJECT_REJECTION_TEMPLATES: readonly string[] = [
  'As fotos estão escuras ou desfocadas. Envie fotos nítidas, com boa luz.',
  'As fotos não mostram o móvel inteiro. Envie ao menos uma foto de frente, com o projeto completo.',
  'Não dá para ver os produtos do clube nas fotos. Mostre as peças, as ferragens ou as bordas usadas.',
  'As fotos parecem ser de outro projeto ou da internet. Envie fotos do seu trabalho.',
  'A descrição não corresponde às fotos. Corrija a descrição ou as fotos.',
];

/** The review page's shortcuts, as listed on screen; none acts while a field has the focus. */
export const PROJECT_REVIEW_SHORTCUTS = [
  { key: '← / →', label: 'Foto anterior / próxima' },
  { key: 'a', label: 'Aprovar com os pontos informados' },
  { key: 'r', label: 'Recusar: vai para o motivo' },
  { key: 'p', label: 'Próximo projeto da fila' },
  ...PHOTO_SHORTCUTS,
] as const;

export const projectReviewHref = (id: string) => `${painelRoutes.painelProjectReview()}?id=${encodeURIComponent(id)}`;
