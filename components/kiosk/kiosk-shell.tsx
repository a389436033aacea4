import type { ReactNode } from 'react';
import { ConnectionStatus } from '../layout/connection-status';

/**
 * Frame of the store kiosk: the brand without a link, no site menu, no footer links. Nothing on it leads away from
 * the kiosk; the terms open in a modal inside it.
 */
export function KioskShell({ children }: { children: ReactNode }) {
  return (
    <div className="shell shell--kiosk">
      <header className="site-header">
        <span className="brand">
          <span className="brand__mark" aria-hidden="true">
            CM
          </span>
          <span className="brand__name">Clube do Marceneiro</span>
        </span>
      </header>
      <ConnectionStatus />
      <main id="conteudo" className="shell__main">
        {children}
      </main>
    </div>
  );
}
