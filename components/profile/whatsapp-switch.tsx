'use client';
import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { MSetWhatsappChannel } from '@/lib/whatsapp/operations';

type Saved = { ok: boolean; text: string };

/**
 * "Enviar notas pelo WhatsApp": the member's own switch of the club's number, saved the moment it is flipped. It
 * moves under the finger at once (the cached member updates from the answer); a failed save puts it back.
 */
export function WhatsappSwitch({ on }: { on: boolean }) {
  const client = useApolloClient();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [checked, setChecked] = useState(on);
  useEffect(() => setChecked(on), [on]);

  const change = async (next: boolean) => {
    setChecked(next);
    setSaving(true);
    setSaved(null);
    try {
      await client.mutate({ mutation: MSetWhatsappChannel, variables: { on: next } });
      setSaved({
        ok: true,
        text: next
          ? 'WhatsApp ligado: mande a foto da nota para o número do clube, com a chave de acesso na legenda.'
          : 'WhatsApp desligado: o número do clube não vai receber suas notas.',
      });
    } catch {
      setChecked(!next);
      setSaved({ ok: false, text: 'Não foi possível salvar. Verifique a conexão e tente de novo.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="whatsapp-switch">
      <label className="kind-switch">
        <span className="kind-switch__text">
          <span className="kind-switch__label">Enviar notas pelo WhatsApp</span>
          <span className="kind-switch__hint muted">
            Do seu celular cadastrado: fotos, PDFs e XMLs de notas, e respostas sobre saldo, notas e prêmios.
          </span>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="kind-switch__input"
          checked={checked}
          disabled={saving}
          onChange={(event) => void change(event.target.checked)}
        />
      </label>
      <div role="status" aria-live="polite">
        {saved && <p className={saved.ok ? 'alert alert--ok' : 'alert alert--error'}>{saved.text}</p>}
      </div>
    </div>
  );
}
