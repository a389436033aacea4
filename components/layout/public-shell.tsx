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
        {/* Home is a member's page: prefetching it would run the member layout and home on a login or sign-up page
            (about 180 ms of a slow phone's main thread while the form should answer), for a link a visitor rarely
            follows. */}
        <Brand prefetch={false} />
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
