import type { ReactNode } from 'react';

export type PainelColumn = string | { readonly label: string; readonly className: string };

/**
 * A painel table: a caption for screen readers, the column heads, and rows that scroll sideways if narrow; `footer`
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
    <div className="painel-table-wrap">
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
                <th key={column.label} scope="col" className={column.className}>
                  {column.label}
                </th>
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
