'use client';
import { useApolloClient } from '@apollo/client/react';
import { useRouter } from 'next/navigation';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '@/lib/browser/when-idle';
import { somethingWaits } from '@/lib/offline-queue/waiting-flag';
import { logout } from '@/lib/session/logout';
import { Brand } from './brand';
import { ConnectionStatus } from './connection-status';
import { DemoDataNotice } from './demo-data-notice';
import { MainNav } from './main-nav';
import { NotificationBell } from './notification-bell';
import { RouteFocus } from './route-focus';
import { SiteFooter } from './site-footer';

// Only on a device where invoices wait for signal; the offline shell's precache has the chunk without signal.
// One chunk with the project form's waiting photos (the same name there): a second lazy chunk would add its entry
// to the webpack runtime every page loads first.
const WaitingQueue = lazy(() =>
  import(/* webpackChunkName: "offline-queue" */ './waiting-queue').then((m) => ({ default: m.WaitingQueue })),
);

/**
 * Frame of the private pages: brand, the notifications' bell, main navigation, logout. While the profile gate holds the member on a
 * completion step (`menu={false}`) the menu is left out, since every link would only bring them back; "Sair" stays.
 */
export function AppShell({ children, menu = true }: { children: ReactNode; menu?: boolean }) {
  const router = useRouter();
  const client = useApolloClient();
  const [waits, setWaits] = useState(false);
  const [asking, setAsking] = useState(false);
  const leave = useCallback(() => void logout({ client, navigate: (path) => router.replace(path) }), [client, router]);
  const onLogout = () => (somethingWaits() ? setAsking(true) : leave());
  // After the first paint, and only where something waits.
  useEffect(() => whenIdle(() => setWaits(somethingWaits())), []);

  return (
    <div className={menu ? 'shell shell--tabs' : 'shell'}>
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="site-header">
        <Brand />
        {menu && <NotificationBell />}
        {/* On a phone the tab bar's "Mais" holds "Sair"; the header keeps it wherever there is no tab bar. */}
        <button
          type="button"
          className={menu ? 'button button--ghost site-header__logout' : 'button button--ghost'}
          onClick={onLogout}
        >
          Sair
        </button>
      </header>
      {menu && <MainNav onLogout={onLogout} />}
      <ConnectionStatus />
      <RouteFocus />
      <main id="conteudo" className="shell__main">
        {children}
      </main>
      <SiteFooter />
      <DemoDataNotice />
      {(waits || asking) && (
        <Suspense fallback={null}>
          <WaitingQueue asking={asking} onLogout={leave} onCancel={() => setAsking(false)} />
        </Suspense>
      )}
    </div>
  );
}
