'use client';
import { IntentLink } from '../ui/intent-link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { routes } from '@/common/routes';
import { useMediaQuery } from '@/lib/browser/use-media-query';
import { NavIcon, type NavIconName } from './nav-icons';

interface NavItem {
  href: string;
  label: string;
}

/** The wide-screen menu: every destination in one row. */
const DESKTOP: readonly NavItem[] = [
  { href: routes.home(), label: 'Início' },
  { href: routes.campaigns(), label: 'Campanhas' },
  { href: routes.promotions(), label: 'Promoções' },
  { href: routes.invoices(), label: 'Notas fiscais' },
  { href: routes.history(), label: 'Extrato' },
  { href: routes.rewards(), label: 'Prêmios' },
  { href: routes.projects(), label: 'Projetos' },
  { href: routes.faq(), label: 'Dúvidas' },
  { href: routes.profile(), label: 'Perfil' },
];

/** A phone's bottom tab bar: what members open most, like the banking and delivery apps they already use. */
const TABS: readonly (NavItem & { icon: NavIconName; section?: readonly string[] })[] = [
  { href: routes.home(), label: 'Início', icon: 'home' },
  { href: routes.invoices(), label: 'Notas', icon: 'invoice' },
  { href: routes.history(), label: 'Extrato', icon: 'extract' },
  // Meus resgates is where Prêmios leads: the member is still in the rewards part of the app there.
  { href: routes.rewards(), label: 'Prêmios', icon: 'reward', section: [routes.rewardOrders()] },
];

/**
 * Everything else, behind the tab bar's "Mais". Promoções gave its tab to Prêmios: spending points is what a member
 * comes back for, and a promotion is mostly reached from the home page's banners.
 */
const MORE: readonly NavItem[] = [
  { href: routes.promotions(), label: 'Promoções' },
  { href: routes.rewardOrders(), label: 'Meus resgates' },
  { href: routes.campaigns(), label: 'Campanhas' },
  { href: routes.projects(), label: 'Projetos' },
  { href: routes.sendProject(), label: 'Enviar projeto' },
  { href: routes.faq(), label: 'Dúvidas' },
  { href: routes.rules(), label: 'Regulamento' },
  { href: routes.profile(), label: 'Perfil' },
];

/** The width at which globals.css swaps the row for the tab bar. */
const PHONE = '(max-width: 640px)';

function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The main menu (one landmark at every width). CSS shows the row on wide screens and the tab bar with its "Mais"
 * sheet on a phone, where eight items in a row scrolled sideways and hid the last ones.
 */
export function MainNav({ onLogout }: { onLogout: () => void }) {
  const pathname = usePathname();
  // Only the menu of this width is rendered (both, for CSS to choose, where the width is unknown): each link is a few
  // components, and a phone's page mounted the wide row's nine and the sheet's eight, hidden, in the commit that
  // shows it on a slow phone.
  const phone = useMediaQuery(PHONE);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const moreArea = useRef<HTMLDivElement>(null);
  const desktopList = useRef<HTMLUListElement>(null);
  const sheetId = useId();
  // A tab's own page is the page (`aria-current="page"`); a page of its section keeps the tab lit as the current
  // part of the app (`"true"`), and then "Mais" is not lit as well.
  const tabCurrent = (tab: (typeof TABS)[number]) =>
    isCurrent(pathname, tab.href)
      ? ('page' as const)
      : tab.section?.some((href) => isCurrent(pathname, href))
        ? ('true' as const)
        : undefined;
  const inMore = MORE.some((item) => isCurrent(pathname, item.href)) && !TABS.some((tab) => tabCurrent(tab));

  useEffect(() => setMoreOpen(false), [pathname]);

  // Between a phone and a wide screen the row may still overflow: keep the current page's item in view. Measured in
  // the next frame, where the browser lays the page out anyway: measured right after React's commit, the layout of
  // the whole page just rendered ran inside the render's own task, one long task on a slow phone.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const list = desktopList.current;
      const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!list || !current || list.scrollWidth <= list.clientWidth) return;
      const left = current.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
      list.scrollLeft = left - (list.clientWidth - current.offsetWidth) / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  // The sheet closes like any menu: Escape (back to "Mais") or a tap anywhere else.
  useEffect(() => {
    if (!moreOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMoreOpen(false);
      moreButton.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!moreArea.current?.contains(event.target as Node)) setMoreOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [moreOpen]);

  const current = (href: string) => (isCurrent(pathname, href) ? ('page' as const) : undefined);

  return (
    <nav className="main-nav" aria-label="Menu principal">
      {phone !== true && (
        <ul ref={desktopList} className="main-nav__row">
          {DESKTOP.map((item) => (
            <li key={item.href}>
              <IntentLink href={item.href} aria-current={current(item.href)}>
                {item.label}
              </IntentLink>
            </li>
          ))}
        </ul>
      )}
      {phone !== false && (
        <div ref={moreArea} className="tab-bar">
          <div id={sheetId} className="tab-bar__sheet" hidden={!moreOpen}>
            {/* The sheet's items exist while it is open: "Mais" names the sheet it controls at all times. */}
            {moreOpen && (
              <ul>
                {MORE.map((item) => (
                  <li key={item.href}>
                    <IntentLink href={item.href} aria-current={current(item.href)} onClick={() => setMoreOpen(false)}>
                      {item.label}
                    </IntentLink>
                  </li>
                ))}
                <li>
                  <button type="button" className="tab-bar__logout" onClick={onLogout}>
                    Sair
                  </button>
                </li>
              </ul>
            )}
          </div>
          <ul className="tab-bar__tabs">
            {TABS.map((item) => (
              <li key={item.href}>
                <IntentLink href={item.href} aria-current={tabCurrent(item)} className="tab-bar__tab">
                  <NavIcon name={item.icon} />
                  <span>{item.label}</span>
                </IntentLink>
              </li>
            ))}
            <li>
              <button
                ref={moreButton}
                type="button"
                className="tab-bar__tab"
                aria-expanded={moreOpen}
                aria-controls={sheetId}
                data-current={inMore || undefined}
                onClick={() => setMoreOpen((open) => !open)}
              >
                <NavIcon name="more" />
                <span>Mais</span>
              </button>
            </li>
          </ul>
        </div>
      )}
    </nav>
  );
}
