'use client';
import { formatDateTime } from '@/common/format/dates';
import { CopyField } from './copy-field';

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
  return (
    <section className="painel-link-notice" role="status" aria-labelledby="painel-link-titulo">
      <h2 id="painel-link-titulo">{title}</h2>
      <p>
        Entregue este link a {name} por um canal seguro. Ele vale até {formatDateTime(expiresAt)} e uma só vez; não será
        mostrado de novo.
      </p>
      <CopyField id="painel-link-url" label="Link de ativação" value={url} button="Copiar link" />
    </section>
  );
}
