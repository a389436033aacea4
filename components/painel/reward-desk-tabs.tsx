'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { REWARD_DESK_TABS } from '@/lib/painel/rewards';

/** The rewards desk's three pages, one link each; the open one is marked for screen readers too. */
export function RewardDeskTabs() {
  const pathname = usePathname();
  return (
    <nav className="premios-tabs" aria-label="Páginas de prêmios">
      <ul>
        {REWARD_DESK_TABS.map((tab) => (
          <li key={tab.href}>
            <Link href={tab.href} prefetch={false} aria-current={pathname === tab.href ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
