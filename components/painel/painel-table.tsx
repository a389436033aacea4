import type { ReactNode } from 'react';

export type PainelColumn = string | { readonly label: string; readonly className: string };

/** A painel table: a caption for screen readers, the column heads, and rows that scroll sideways if narrow. */
export function PainelTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly PainelColumn[];
  children: ReactNode;
}) {
  return (
    <div className="painel-table-wrap">
      <table className="painel-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col" className={column.className}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
