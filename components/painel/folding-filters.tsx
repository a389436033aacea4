'use client';
import { useEffect, useState, type ReactNode } from 'react';

/** Wider than this, the filters start open; at a tablet's width (1024) they start folded, so the list shows first. */
const OPEN_FROM = '(min-width: 1101px)';

/**
 * A list's filters behind "Filtros", with how many are on: open on a desktop, folded on a tablet. The reviewer opens
 * or folds them at will; the page keeps what they chose while it stays open.
 */
export function FoldingFilters({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  useEffect(() => setOpen(window.matchMedia(OPEN_FROM).matches), []);
  return (
    <details
      className="painel-folding-filters"
      open={open}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>
        Filtros
        {active > 0 && (
          <span className="painel-folding-filters__count"> · {active === 1 ? '1 ativo' : `${active} ativos`}</span>
        )}
      </summary>
      {children}
    </details>
  );
}
