import type { ReactNode } from 'react';
import { Brand } from './brand';
import { ConnectionStatus } from './connection-status';
import { RouteFocus } from './route-focus';
import { SiteFooter } from './site-footer';

/** Frame of the public pages and of the login screen shown on private URLs. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="shell shell--public">
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="site-header">
        <Brand />
      </header>
      <ConnectionStatus />
      <RouteFocus />
      <main id="conteudo" className="shell__main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
