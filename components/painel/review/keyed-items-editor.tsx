'use client';
import { useEffect, useId, useState, type FormEvent, type RefObject } from 'react';
import { formatCents, formatDecimalText, formatPoints } from '@/common/format/numbers';
import { gtinOf, KEYED_MESSAGES, parseQuantity, parseValueCents } from '@/lib/painel/keyed-items';
import { QStaffProducts, type QStaffProductsQuery } from '@/lib/painel/operations';
import { painelRequest } from '@/lib/painel/request';
import { FormAlert } from '../../ui/form-alert';
import { TextField } from '../../ui/text-field';
import type { KeyedItems } from './use-keyed-items';

/** Wait after the last key before the catalogue is searched. */
export const PRODUCT_SEARCH_DELAY_MS = 250;

type Product = QStaffProductsQuery['staffProducts'][number];

interface FieldErrors {
  product?: string;
  quantity?: string;
  value?: string;
}

/** The catalogue's products for what is typed in the product field (a name, or the start of a GTIN). */
function useProductSearch(text: string): Product[] {
  const [found, setFound] = useState<Product[]>([]);
  useEffect(() => {
    const search = text.trim();
    if (search.length < 2) {
      setFound([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      painelRequest(QStaffProducts, { search })
        .then((answer) => current && setFound(answer.staffProducts))
        .catch(() => current && setFound([]));
    }, PRODUCT_SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text]);
  return found;
}

/**
 * "Itens da marca": the reviewer keys a photo's or a PDF's lines of the brand (a product picked by name or its GTIN
 * typed or scanned, the quantity, the value paid), sees each line's points and the total as the earning rules give
 * them, and removes a line. Only catalogue products earn: another GTIN stays listed as "não participa do clube".
 */
export function KeyedItemsEditor({
  keyed,
  disabled,
  productField,
}: {
  keyed: KeyedItems;
  disabled: boolean;
  productField: RefObject<HTMLInputElement | null>;
}) {
  const [product, setProduct] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const found = useProductSearch(product);
  const listId = useId();
  const picked = found.find((p) => p.gtin === gtinOf(product));

  const add = (event: FormEvent) => {
    event.preventDefault();
    const gtin = gtinOf(product);
    const units = parseQuantity(quantity);
    const cents = parseValueCents(value);
    const next: FieldErrors = {
      ...(gtin === null ? { product: KEYED_MESSAGES.product } : {}),
      ...(units === null ? { quantity: KEYED_MESSAGES.quantity } : {}),
      ...(cents === null ? { value: KEYED_MESSAGES.value } : {}),
    };
    setErrors(next);
    if (gtin === null || units === null || cents === null) {
      setProblem(null);
      return;
    }
    if (!keyed.add({ gtin, name: picked?.name ?? null, quantity: units, valueCents: cents })) {
      setProblem(KEYED_MESSAGES.tooMany);
      return;
    }
    setProblem(null);
    setProduct('');
    setQuantity('1');
    setValue('');
    productField.current?.focus();
  };

  const preview = keyed.preview;
  return (
    <section aria-labelledby="itens-da-marca" className="keyed-items">
      <h3 id="itens-da-marca">Itens da marca</h3>
      <p className="muted">
        Esta nota não tem XML: digite os produtos da marca que estão na foto ou no PDF. Os pontos saem das regras do
        clube, na loja e na data da nota.
      </p>
      {keyed.lines.length === 0 ? (
        <p>Nenhum item digitado ainda.</p>
      ) : (
        <ul className="keyed-items__lines" aria-label="Itens digitados">
          {keyed.lines.map((line, index) => {
            const shown = preview?.lines[index];
            const name = shown?.productName ?? line.name ?? `GTIN ${line.gtin}`;
            return (
              <li key={line.key}>
                <span>
                  <strong>{name}</strong> · GTIN {line.gtin} · {formatDecimalText(line.quantity)} un ·{' '}
                  {formatCents(line.valueCents)} ·{' '}
                  {!shown
                    ? 'calculando…'
                    : shown.participates
                      ? `${formatPoints(shown.points)} pontos (${shown.rules.join(' + ') || 'sem regra em vigor'})`
                      : 'não participa do clube'}
                </span>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => {
                    keyed.remove(line.key);
                    productField.current?.focus();
                  }}
                  disabled={disabled}
                  aria-label={`Remover ${name}`}
                >
                  Remover
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="keyed-items__total" aria-live="polite">
        {keyed.lines.length === 0
          ? 'Total: 0 pontos'
          : preview
            ? `Total: ${formatPoints(preview.total)} pontos`
            : keyed.problem
              ? ''
              : 'Calculando os pontos…'}
      </p>
      <FormAlert message={keyed.problem} />
      <form onSubmit={add} noValidate aria-label="Adicionar item" className="keyed-items__add">
        <TextField
          ref={productField}
          label="Produto (nome ou GTIN)"
          hint={picked ? `${picked.name} · ${picked.lineName}` : 'Busque pelo nome ou digite/leia o código de barras.'}
          list={listId}
          autoComplete="off"
          value={product}
          onChange={(event) => setProduct(event.target.value)}
          error={errors.product}
          disabled={disabled}
        />
        <datalist id={listId}>
          {found.map((p) => (
            <option key={p.gtin} value={p.gtin}>
              {`${p.name} · ${p.lineName}`}
            </option>
          ))}
        </datalist>
        <div className="keyed-items__numbers">
          <TextField
            label="Quantidade"
            inputMode="decimal"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            error={errors.quantity}
            disabled={disabled}
          />
          <TextField
            label="Valor pago (R$)"
            inputMode="decimal"
            placeholder="0,00"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={errors.value}
            disabled={disabled}
          />
        </div>
        <button type="submit" className="button button--secondary" disabled={disabled || keyed.full}>
          Adicionar item
        </button>
        <FormAlert message={problem} />
      </form>
    </section>
  );
}
