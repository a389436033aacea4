'use client';
import { useEffect, useRef } from 'react';
import { config } from '@/lib/config';
import { maskPhone } from '@/common/format/masks';

/** "+55 (11) 99999-0000" from the configured digits. */
function whatsappLabel(digits: string): string {
  return digits.startsWith('55') && digits.length >= 12 ? `+55 ${maskPhone(digits)}` : digits;
}

export interface MaintenanceScreenProps {
  /**
   * Run-time maintenance (the API answered 503): a button asks the club again. A build made for maintenance
   * (`NEXT_PUBLIC_MAINTENANCE_MODE=true`) has nothing to ask.
   */
  readonly retry?: { readonly onRetry: () => void; readonly checking: boolean; readonly stillDown: boolean };
}

/**
 * "Estamos em manutenção" with the club's WhatsApp, instead of any page (docs/product.md#14-maintenance-mode). A
 * frame of its own, with no link into the app and none that needs it: a kiosk shows it too.
 */
export function MaintenanceScreen({ retry }: MaintenanceScreenProps) {
  const title = useRef<HTMLHeadingElement>(null);
  // Appearing over a page the member was using: the screen reader starts here, not on what disappeared.
  useEffect(() => {
    if (retry) title.current?.focus();
    // Only when the screen appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const whatsapp = config.whatsappNumber;
  return (
    <div className="shell shell--public">
      <header className="site-header">
        <span className="brand">
          <span className="brand__mark" aria-hidden="true">
            CM
          </span>
          <span className="brand__name">Clube do Marceneiro</span>
        </span>
      </header>
      <main className="shell__main">
        <section className="card card--narrow" aria-labelledby="manutencao-titulo" data-testid="maintenance-screen">
          <h1 id="manutencao-titulo" ref={title} tabIndex={-1}>
            Estamos em manutenção
          </h1>
          <p>O clube está passando por uma manutenção e volta em breve.</p>
          <p className="muted">
            Seus pontos, notas e projetos estão guardados, e você continua conectado à sua conta: não precisa entrar de
            novo.
          </p>
          <p>
            Precisa falar com o clube agora? Chame no WhatsApp:{' '}
            <a href={`https://wa.me/${whatsapp}`} target="_blank" rel="noopener noreferrer">
              {whatsappLabel(whatsapp)}
            </a>
          </p>
          {retry ? (
            <>
              <button
                type="button"
                className="button button--primary button--block"
                onClick={retry.onRetry}
                disabled={retry.checking}
              >
                {retry.checking ? 'Verificando…' : 'Tentar de novo'}
              </button>
              <p className="muted" role="status">
                {!retry.checking && retry.stillDown
                  ? 'O clube ainda está em manutenção. Tentamos de novo sozinhos.'
                  : ''}
              </p>
            </>
          ) : null}
        </section>
      </main>
    </div>
  );
}
