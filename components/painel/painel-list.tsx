import type { ReactNode } from 'react';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import { PainelTable, type PainelColumn } from './painel-table';

/** A list's words: the spinner's, the sentence when nothing matches, the table's caption and the "Mais …" button's. */
export interface PainelListWords {
  loading: string;
  empty: ReactNode;
  caption: string;
  more: string;
}

/** What the list reads of usePainelList: the page's cursor, the first page on its way, and "Mais …". */
interface ListState {
  page: { nextCursor: string | null } | undefined;
  query: { loading: boolean };
  paging: { loading: boolean; more: () => Promise<void> };
}

/**
 * A painel list under its filters: the failure, the spinner until the first page, the sentence when nothing matches,
 * the table of the rows, and "Mais …" while there is a next page.
 */
export function PainelList<Row>({
  list,
  rows,
  problem,
  words,
  columns,
  className,
  children,
}: {
  list: ListState;
  /** Undefined until the first page comes. */
  rows: readonly Row[] | undefined;
  problem: string | null;
  words: PainelListWords;
  columns: readonly PainelColumn[];
  className?: string;
  children: (row: Row) => ReactNode;
}) {
  const { paging } = list;
  return (
    <>
      <FormAlert message={problem} />
      {!rows && list.query.loading && <Spinner label={words.loading} />}
      {rows && rows.length === 0 && <p>{words.empty}</p>}
      {rows && rows.length > 0 && (
        <PainelTable
          caption={words.caption}
          columns={columns}
          className={className}
          footer={
            list.page?.nextCursor && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void paging.more()}
                disabled={paging.loading}
              >
                {paging.loading ? 'Carregando…' : words.more}
              </button>
            )
          }
        >
          {rows.map(children)}
        </PainelTable>
      )}
    </>
  );
}
