'use client';
import { useApolloClient } from '@apollo/client/react';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, type ReactNode } from 'react';
import { routes } from '@/lib/routes';
import { logout } from '@/lib/session/logout';
import { Brand } from './brand';
import { ConnectionStatus } from './connection-status';
import { RouteFocus } from './route-focus';
import { SiteFooter } from './site-footer';

const NAV = [
  { href: routes.home(), label: 'Início' },
  { href: routes.campaigns(), label: 'Campanhas' },
  { href: routes.promotions(), label: 'Promoções' },
  { href: routes.invoices(), label: 'Notas fiscais' },
  { href: routes.history(), label: 'Extrato' },
  { href: routes.projects(), label: 'Projetos' },
  { href: routes.faq(), label: 'Dúvidas' },
  { href: routes.profile(), label: 'Perfil' },
];

function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/** Frame of the private pages: brand, main navigation, logout. */
export function AppShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const router = useRouter();
  const client = useApolloClient();
  const navRef = useRef<HTMLElement>(null);

  // On a phone the menu scrolls sideways; bring the current page's tab into view so "Perfil" or "Dúvidas" is not
  // hidden past the edge of the screen.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    const left = current.getBoundingClientRect().left - nav.getBoundingClientRect().left + nav.scrollLeft;
    nav.scrollLeft = left - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <div className="shell">
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="site-header">
        <Brand />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void logout({ client, navigate: (path) => router.replace(path) })}
        >
          Sair
        </button>
      </header>
      <nav ref={navRef} className="main-nav" aria-label="Menu principal">
        <ul>
          {NAV.map((item) => (
            <li key={item.href}>
              <Link href={item.href} aria-current={isCurrent(pathname, item.href) ? 'page' : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ConnectionStatus />
      <RouteFocus />
      <main id="conteudo" className="shell__main">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
