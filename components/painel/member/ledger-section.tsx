'use client';
import { useEffect, useRef } from 'react';
import { formatDate, formatDateTime } from '@/common/format/dates';
import { formatPoints, formatSignedPoints } from '@/common/format/numbers';
import { LEDGER_KIND_LABELS, QStaffMemberLedger } from '@/lib/painel/members';
import { PainelList } from '../painel-list';
import { usePainelList } from '../use-painel-list';

const LEDGER_PAGE = 20;

/** The extract, newest first, a page at a time. */
export function LedgerSection({ id, balance }: { id: string; balance: number }) {
  const list = usePainelList(QStaffMemberLedger, 'staffMemberLedger', {}, () => ({ id, first: LEDGER_PAGE }));
  const { refetch } = list.query;
  // A switch answers a new balance only when points moved meanwhile: read the extract again then.
  const seen = useRef(balance);
  useEffect(() => {
    if (seen.current !== balance) {
      seen.current = balance;
      void refetch();
    }
  }, [balance, refetch]);
  return (
    <section aria-labelledby="extrato" className="member-page__section">
      <h2 id="extrato">
        Extrato de pontos <span className="muted">(saldo {formatPoints(balance)})</span>
      </h2>
      <PainelList
        list={list}
        rows={list.page?.entries}
        problem={list.problem()}
        words={{
          loading: 'Carregando o extrato…',
          empty: 'Nenhum lançamento.',
          caption: 'Lançamentos de pontos, o mais recente primeiro',
          more: 'Carregar mais lançamentos',
        }}
        columns={['Data', 'Tipo', 'Descrição', { label: 'Pontos', className: 'member-number' }, 'Vence em']}
      >
        {(entry) => (
          <tr key={entry.id}>
            <td>{formatDateTime(entry.createdAt)}</td>
            <td>{LEDGER_KIND_LABELS[entry.kind] ?? entry.kind}</td>
            <th scope="row">{entry.description}</th>
            <td className="member-number">{formatSignedPoints(entry.points)}</td>
            <td>{entry.expiresAt ? formatDate(entry.expiresAt) : '—'}</td>
          </tr>
        )}
      </PainelList>
    </section>
  );
}
