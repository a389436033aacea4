import type { ReactNode } from 'react';

/** How a sortable column orders the list now: its aria-sort. */
export type ColumnOrder = 'ascending' | 'descending' | 'none';

export type PainelColumn =
  | string
  | {
      readonly label: string;
      readonly className?: string;
      /** A column the list can be sorted by: its head is a button that applies `sort`. */
      readonly sort?: { readonly order: ColumnOrder; readonly apply: () => void };
    };

function ColumnHead({ column }: { column: Exclude<PainelColumn, string> }) {
  const { sort } = column;
  const arrow = sort?.order === 'ascending' ? '↑' : sort?.order === 'descending' ? '↓' : '↕';
  return (
    <th scope="col" className={column.className} aria-sort={sort?.order}>
      {sort ? (
        <button type="button" className="painel-table__sort" onClick={sort.apply}>
          {column.label}
          <span aria-hidden="true"> {arrow}</span>
        </button>
      ) : (
        column.label
      )}
    </th>
  );
}

/**
 * A painel table: a caption for screen readers, the column heads, and rows that scroll sideways if narrow (the frame
 * reachable by the keyboard); `footer`
 * stands under the table (a list's "Mais …").
 */
export function PainelTable({
  caption,
  columns,
  className,
  footer,
  children,
}: {
  caption: string;
  columns: readonly PainelColumn[];
  className?: string | undefined;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    // A table wider than the screen scrolls sideways in its frame: the frame takes the focus, so a keyboard can
    // scroll it too (axe's scrollable-region-focusable), and is named by the table's caption.
    <div className="painel-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className={className ? `painel-table ${className}` : 'painel-table'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <ColumnHead key={column.label} column={column} />
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {footer}
    </div>
  );
}
