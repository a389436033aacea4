'use client';
import Link from 'next/link';
import { formatDateTime } from '@/common/format/dates';
import { formatPoints } from '@/common/format/numbers';
import { memberHref } from '@/lib/painel/members';
import { QStaffLargeCredits, QStaffPendingApprovals } from '@/lib/painel/operations';
import type { StaffRole } from '@/common/painel/roles';
import { painelRoutes } from '@/common/painel/routes';
import { usePainelQuery } from './use-painel-query';

/** The review page of an invoice or a project; the member's page for a manual adjustment (its id is the member's). */
const itemHref = (subject: string, id: string) =>
  subject === 'adjustment'
    ? memberHref(id)
    : `${subject === 'project' ? painelRoutes.painelProjectReview() : painelRoutes.painelInvoiceReview()}?id=${encodeURIComponent(id)}`;

const itemName = (subject: string, id: string) =>
  subject === 'adjustment' ? 'Ajuste de pontos' : subject === 'project' ? `Projeto #${id}` : `Nota #${id}`;

/**
 * The home's part of the four-eyes rule: approvals waiting for a second person (reviewers) and the large credits of
 * the last 7 days (reviewers and admins), each linked to its page, where it is confirmed or reversed.
 */
export function LargeApprovalsPanel({ roles }: { roles: readonly StaffRole[] }) {
  const reviewer = roles.includes('revisor');
  const pending = usePainelQuery(QStaffPendingApprovals, { variables: {}, skip: !reviewer });
  const credits = usePainelQuery(QStaffLargeCredits, { variables: {}, skip: !reviewer && !roles.includes('admin') });
  const requests = pending.data?.staffPendingApprovals;
  const large = credits.data?.staffLargeCredits;
  return (
    <>
      {requests && (
        <section aria-labelledby="painel-segunda-pessoa">
          <h2 id="painel-segunda-pessoa">Aprovações esperando a segunda pessoa</h2>
          {requests.length === 0 ? (
            <p>Nenhuma aprovação grande espera confirmação.</p>
          ) : (
            <ul className="painel-requests">
              {requests.map((request) => (
                <li key={request.id}>
                  <Link href={itemHref(request.subject, request.subjectId)} prefetch={false}>
                    {itemName(request.subject, request.subjectId)}
                  </Link>{' '}
                  · {formatPoints(request.points)} pontos · pedida por {request.requestedBy} em{' '}
                  {formatDateTime(request.requestedAt)}
                  {request.mine ? ' · você pediu: outra pessoa confirma' : ''}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {large && (
        <section aria-labelledby="painel-creditos-grandes">
          <h2 id="painel-creditos-grandes">Créditos grandes dos últimos 7 dias</h2>
          {large.length === 0 ? (
            <p>Nenhum crédito grande nos últimos 7 dias.</p>
          ) : (
            <ul className="painel-requests">
              {large.map((credit) => (
                <li key={`${credit.subject}-${credit.subjectId}-${credit.approvedAt}`}>
                  <Link href={itemHref(credit.subject, credit.subjectId)} prefetch={false}>
                    {itemName(credit.subject, credit.subjectId)}
                  </Link>{' '}
                  · {credit.memberName} · {formatPoints(credit.points)} pontos · {formatDateTime(credit.approvedAt)} ·{' '}
                  {credit.approvedBy ?? 'aprovação automática'}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
