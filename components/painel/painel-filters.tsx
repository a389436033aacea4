import type { FormEvent, ReactNode } from 'react';

/** The filters above a painel list: its fields, "Filtrar", "Limpar" when there is more than one, and the screen's own buttons. */
export function PainelFilters({
  label,
  className,
  onSubmit,
  onClear,
  buttons,
  children,
}: {
  label: string;
  className?: string;
  onSubmit: (event: FormEvent) => void;
  onClear?: () => void;
  buttons?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className={className ? `painel-filters ${className}` : 'painel-filters'}
      onSubmit={onSubmit}
      aria-label={label}
    >
      {children}
      <div className="painel-filters__buttons">
        <button type="submit" className="button button--primary">
          Filtrar
        </button>
        {onClear && (
          <button type="button" className="button button--secondary" onClick={onClear}>
            Limpar
          </button>
        )}
        {buttons}
      </div>
    </form>
  );
}
