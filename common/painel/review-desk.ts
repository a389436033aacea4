/** What the invoice and project review desks share: the points rule as the page checks it, and the photo's keys. */
import { formatPoints } from '../format/numbers';

/** The most points one approval may give (the API checks the same). */
export const POINTS_MAX = 10_000_000;
export const POINTS_MESSAGE = 'Informe os pontos: um número inteiro de 0 a 10.000.000.';
export const REASON_MESSAGE = 'Escolha um motivo ou escreva a mensagem ao membro.';

/** The photo's shortcuts, listed after each desk's own. */
export const PHOTO_SHORTCUTS = [
  { key: '+ / −', label: 'Aproximar / afastar a foto' },
  { key: '[ / ]', label: 'Girar a foto' },
  { key: 'f', label: 'Foto em tela cheia' },
] as const;

/**
 * What the reviewer reads after "Aprovar": "Nota #12 aprovada com 745 pontos.", or, above the four-eyes threshold, that
 * only a request was made.
 */
export const approvalSaid = (
  answer: { approvalRequest?: unknown },
  item: string,
  approved: 'aprovada' | 'aprovado',
  points: number,
) =>
  answer.approvalRequest
    ? `${item}: aprovação pedida com ${formatPoints(points)} pontos. Outra pessoa da equipe confirma.`
    : `${item} ${approved} com ${formatPoints(points)} pontos.`;
