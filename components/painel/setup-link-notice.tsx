'use client';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format/dates';

/**
 * A new set-up link, shown once to the admin who hands it over (the club never sends it by itself): the address, a
 * button to copy it, and until when it works.
 */
export function SetupLinkNotice({
  title,
  name,
  url,
  expiresAt,
}: {
  title: string;
  name: string;
  url: string;
  expiresAt: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="painel-link-notice" role="status" aria-labelledby="painel-link-titulo">
      <h2 id="painel-link-titulo">{title}</h2>
      <p>
        Entregue este link a {name} por um canal seguro. Ele vale até {formatDateTime(expiresAt)} e uma só vez; não será
        mostrado de novo.
      </p>
      <label className="field__label" htmlFor="painel-link-url">
        Link de ativação
      </label>
      <div className="painel-link-notice__row">
        <input id="painel-link-url" className="field__input" readOnly value={url} onFocus={(e) => e.target.select()} />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {copied ? 'Copiado' : 'Copiar link'}
        </button>
      </div>
    </section>
  );
}
