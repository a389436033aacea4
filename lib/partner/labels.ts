import type { ApolloCache } from '@apollo/client';
import type { PartnerProgramFieldsFragment, PartnerTransferStatus } from '../graphql/generated/graphql';
import { formatDate, saoPauloDayStartMs, todayInBrazil } from '@/common/format/dates';
import { formatCount } from '@/common/format/numbers';

export const TRANSFER_STATUS_LABELS: Record<PartnerTransferStatus, string> = {
  REQUESTED: 'Solicitada',
  COMPLETED: 'Concluída',
  REFUSED: 'Recusada',
};

/**
 * "1 ponto do clube = 1 ponto no Programa Parceiro": what club points become at the program's rate. Worded as a
 * conversion, since "taxa" read as a fee taken from the transfer.
 */
export function conversionLabel(p: { rateClubPoints: number; ratePartnerPoints: number }, program: string): string {
  const club = formatCount(p.rateClubPoints, 'ponto', 'pontos');
  const partner = formatCount(p.ratePartnerPoints, 'ponto', 'pontos');
  return `${club} do clube = ${partner} no ${program}`;
}

/**
 * The end of "Você poderá fazer outra transferência …" from the API's `nextTransferAt`: "amanhã, 23/11" when it is
 * the next São Paulo day (the club's days), else "a partir de 25/11/2026"; just "amanhã" when the API gave no date.
 */
export function nextTransferWhen(nextTransferAt: string | null | undefined, now: number = Date.now()): string {
  if (!nextTransferAt) return 'amanhã';
  const date = formatDate(nextTransferAt);
  const tomorrow = todayInBrazil(saoPauloDayStartMs(todayInBrazil(now), 1));
  return todayInBrazil(Date.parse(nextTransferAt)) === tomorrow ? `amanhã, ${date.slice(0, 5)}` : `a partir de ${date}`;
}

/**
 * After a link or an unlink: the program as the API answered it, and the member's profile status (read by the
 * session query) says whether an account is linked, without asking the API again.
 */
export function storeProgram(cache: ApolloCache, program: PartnerProgramFieldsFragment): void {
  // The root field alone: the page's query also carries the member's balance, which a link does not move.
  cache.modify({ id: 'ROOT_QUERY', fields: { pointsPartner: () => program } });
  const linked = program.linkedAccount !== null && program.linkedAccount !== undefined;
  for (const key of Object.keys(cache.extract() as Record<string, unknown>)) {
    if (!key.startsWith('ProfileStatus:')) continue;
    cache.modify({ id: key, fields: { hasPointsPartnerIntegration: () => linked } });
  }
}
