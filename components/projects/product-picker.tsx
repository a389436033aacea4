'use client';
import { useId, useMemo, useState } from 'react';
import { foldForSearch } from '@/lib/projects/search';

export interface ProductOption {
  id: string;
  name: string;
  category: string;
}

/**
 * The brand's products used in the project, from the catalogue: a search box over a list of checkboxes (the
 * catalogue is a few dozen lines, so it is filtered on the phone as the member types, even without signal), and
 * the chosen ones listed above it.
 */
export function ProductPicker({
  products,
  selected,
  error,
  onChange,
}: {
  products: readonly ProductOption[];
  selected: readonly string[];
  error: string | undefined;
  onChange: (ids: string[]) => void;
}) {
  const searchId = useId();
  const errorId = `${searchId}-error`;
  const [search, setSearch] = useState('');
  const chosen = products.filter((p) => selected.includes(p.id));
  const shown = useMemo(() => {
    const term = foldForSearch(search);
    return term === '' ? products : products.filter((p) => foldForSearch(`${p.name} ${p.category}`).includes(term));
  }, [products, search]);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id));

  return (
    <fieldset className="product-picker" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">Produtos do clube usados (pelo menos um)</legend>
      {chosen.length > 0 ? (
        <p className="product-picker__chosen">
          <span className="muted">Escolhidos:</span> {chosen.map((p) => p.name).join('; ')}
        </p>
      ) : null}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={searchId}>
          Buscar produto
        </label>
        <input
          id={searchId}
          className="field__input"
          type="search"
          placeholder="Ex.: MDF branco 18 mm, dobradiça"
          autoComplete="off"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {shown.length === 0 ? (
        <p className="muted">Nenhum produto encontrado para “{search}”.</p>
      ) : (
        <ul className="product-picker__list">
          {shown.map((product) => {
            const inputId = `${searchId}-${product.id}`;
            return (
              <li key={product.id} className="checkbox-field">
                <input
                  id={inputId}
                  type="checkbox"
                  className="checkbox-field__input"
                  checked={selected.includes(product.id)}
                  onChange={(e) => toggle(product.id, e.target.checked)}
                />
                <label className="checkbox-field__label" htmlFor={inputId}>
                  {product.name} <span className="muted">· {product.category}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
