'use client';
import { useId, useMemo, useRef, useState } from 'react';
import { foldForSearch } from '@/lib/projects/search';

export interface ProductOption {
  id: string;
  name: string;
  category: string;
}

/**
 * The brand's products used in the project, from the catalogue: the chosen ones as chips, then a search box whose
 * matches are listed as checkboxes (the catalogue is a few dozen lines, so it is filtered on the phone as the member
 * types, even without signal). Nothing is listed before a search, unless the member asks for the whole catalogue:
 * 35 checkboxes made the form thousands of pixels tall.
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
  const hintId = `${searchId}-hint`;
  const searchRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const [browsing, setBrowsing] = useState(false);
  const chosen = selected.flatMap((id) => products.filter((p) => p.id === id));
  const term = foldForSearch(search);
  const shown = useMemo(
    () =>
      term === ''
        ? browsing
          ? products
          : []
        : products.filter((p) => foldForSearch(`${p.name} ${p.category}`).includes(term)),
    [products, term, browsing],
  );
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...selected.filter((s) => s !== id), id] : selected.filter((s) => s !== id));
  const listing = term !== '' || browsing;

  return (
    <fieldset className="product-picker" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">Produtos do clube usados (pelo menos um)</legend>
      {chosen.length > 0 && (
        <ul className="product-picker__chips" aria-label="Produtos escolhidos">
          {chosen.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                className="product-picker__chip"
                aria-label={`Remover ${product.name}`}
                onClick={() => {
                  toggle(product.id, false);
                  // The chip under the finger is gone: the search is where the member goes on.
                  searchRef.current?.focus();
                }}
              >
                {product.name}
                <span aria-hidden="true" className="product-picker__chip-x">
                  ×
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={searchId}>
          Buscar produto
        </label>
        <p className="field__hint" id={hintId}>
          Digite parte do nome ou da categoria e marque os produtos encontrados.
        </p>
        <input
          ref={searchRef}
          id={searchId}
          className="field__input"
          type="search"
          placeholder="Ex.: MDF branco 18 mm, dobradiça"
          autoComplete="off"
          aria-describedby={hintId}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <p className="visually-hidden" role="status">
        {term === '' ? '' : shown.length === 1 ? '1 produto encontrado' : `${shown.length} produtos encontrados`}
      </p>
      {term !== '' && shown.length === 0 && <p className="muted">Nenhum produto encontrado para “{search}”.</p>}
      {listing && shown.length > 0 && (
        <ul className="product-picker__list" aria-label={term === '' ? 'Todos os produtos' : 'Produtos encontrados'}>
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
      {term === '' && products.length > 0 && (
        <button
          type="button"
          className="link-button product-picker__browse"
          aria-expanded={browsing}
          onClick={() => setBrowsing(!browsing)}
        >
          {browsing ? 'Esconder a lista de produtos' : `Ver todos os ${products.length} produtos`}
        </button>
      )}
    </fieldset>
  );
}
