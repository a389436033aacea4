import type { ApolloCache } from '@apollo/client';
import type { PartnerProgramFieldsFragment, PartnerTransferStatus } from '../graphql/generated/graphql';
import { formatPoints } from '../format/numbers';

export const TRANSFER_STATUS_LABELS: Record<PartnerTransferStatus, string> = {
  REQUESTED: 'Solicitada',
  COMPLETED: 'Concluída',
  REFUSED: 'Recusada',
};

/** "1 ponto do clube = 1 ponto Programa Parceiro", in the program's own words. */
export function rateLabel(p: { rateClubPoints: number; ratePartnerPoints: number }, program: string): string {
  const club = `${formatPoints(p.rateClubPoints)} ${p.rateClubPoints === 1 ? 'ponto' : 'pontos'} do clube`;
  const partner = `${formatPoints(p.ratePartnerPoints)} ${p.ratePartnerPoints === 1 ? 'ponto' : 'pontos'} ${program}`;
  return `${club} = ${partner}`;
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
