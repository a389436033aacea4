import type { ReactNode } from 'react';
import { Brand } from './brand';
import { SiteFooter } from './site-footer';

/**
 * The public frame without client parts: skip link, header, main and footer. PublicShell adds the connection notice,
 * the focus move of a navigation and, under the footer, the demo-data notice; the not-found page uses the frame alone,
 * because Next loads the root not-found page's client code on every page of the site (it is the fallback of every
 * route), and a member's page paid for the notice a second time, from the kiosk's chunks.
 */
export function ShellFrame({ live, foot, children }: { live?: ReactNode; foot?: ReactNode; children: ReactNode }) {
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
      {live}
      <main id="conteudo" className="shell__main">
        {children}
      </main>
      <SiteFooter />
      {foot}
    </div>
  );
}
