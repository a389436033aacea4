'use client';
import { useState } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatDateTime } from '@/common/format/dates';
import { MStaffCreateKioskCode, type MStaffCreateKioskCodeMutation } from '@/lib/painel/operations';
import { routes } from '@/common/routes';
import { FormAlert } from '../ui/form-alert';
import { QrCode } from '../ui/qr-code';
import { usePainelMutation } from './use-painel-mutation';

type KioskCode = MStaffCreateKioskCodeMutation['staffCreateKioskCode'];

/** "ABCD2345" → "ABCD 2345": two groups of four, easier to read aloud and type. */
const grouped = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`;

/**
 * "Criar código do totem": a one-time code (30 minutes) shown large, with a QR of /totem?codigo=… that the store's
 * tablet reads with its camera to set itself up at once.
 */
export function KioskCodePanel({ slug, name, active }: { slug: string; name: string; active: boolean }) {
  const [create, { loading }] = usePainelMutation(MStaffCreateKioskCode);
  const [made, setMade] = useState<KioskCode | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    setProblem(null);
    try {
      setMade((await create({ slug })).staffCreateKioskCode);
    } catch (error) {
      setProblem(errorMessage(error as never));
    }
  };
  const totem = made ? `${new URL(made.url).origin}${routes.totem()}` : '';

  return (
    <section className="card painel-kiosk" aria-labelledby="painel-totem">
      <h2 id="painel-totem">Totem da loja</h2>
      <p>
        O totem é um tablet no balcão onde o cliente se cadastra e termina no próprio celular. Para configurar um, crie
        um código: ele vale por 30 minutos e uma só vez.
      </p>
      {!active && <p className="alert alert--error">A loja está desativada: reative-a para configurar um totem.</p>}
      <FormAlert message={problem} />
      <button type="button" className="button button--primary" disabled={!active || loading} onClick={() => void run()}>
        {loading ? 'Criando…' : made ? 'Criar outro código' : 'Criar código do totem'}
      </button>
      {made && active && (
        <div className="painel-kiosk__code" role="status" aria-labelledby="painel-codigo-titulo">
          <div>
            <h3 id="painel-codigo-titulo">Código do totem de {name}</h3>
            <p className="painel-kiosk__value">{grouped(made.code)}</p>
            <p>
              Vale até <strong>{formatDateTime(made.expiresAt)}</strong>, uma só vez.
            </p>
            <ol className="painel-kiosk__steps">
              <li>
                No tablet da loja, abra <strong>{totem}</strong>.
              </li>
              <li>Digite o código, ou aponte a câmera do tablet para o QR code deste código.</li>
            </ol>
          </div>
          <QrCode value={made.url} className="painel-kiosk__qr" label={`QR code que configura o totem de ${name}`} />
        </div>
      )}
    </section>
  );
}
