'use client';
import { useState } from 'react';

/** A link to hand over: its label, the address in a read-only field (selected on focus) and a button to copy it. */
export function CopyField({ id, label, value, button }: { id: string; label: string; value: string; button: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="painel-link-notice__row">
        <input id={id} className="field__input" readOnly value={value} onFocus={(e) => e.target.select()} />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {copied ? 'Copiado' : button}
        </button>
      </div>
    </>
  );
}
