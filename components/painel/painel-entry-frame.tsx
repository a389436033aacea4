import type { ReactNode } from 'react';
import { DemoDataNotice } from '../layout/demo-data-notice';
import { RouteFocus } from '../layout/route-focus';
import { PainelBrand } from './painel-brand';

/** The frame of the painel's sign-in and set-up pages: the name, and the form in the middle. */
export function PainelEntryFrame({ children }: { children: ReactNode }) {
  return (
    <div className="painel painel--entry">
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="painel-header">
        <PainelBrand />
      </header>
      <RouteFocus />
      <main id="conteudo" className="painel-entry">
        {children}
      </main>
      <DemoDataNotice />
    </div>
  );
}
