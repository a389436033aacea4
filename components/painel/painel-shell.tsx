'use client';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { MStaffLogout } from '@/lib/painel/operations';
import { ROLE_INFO } from '@/common/painel/roles';
import { isCurrentSection, sectionsFor } from '@/lib/painel/sections';
import { forgetStaffToken, LOGGED_OUT_NOTICE } from '@/lib/painel/session';
import { painelRoutes } from '@/common/painel/routes';
import { DemoDataNotice } from '../layout/demo-data-notice';
import { RouteFocus } from '../layout/route-focus';
import { PainelBrand } from './painel-brand';
import { useStaff } from './staff-context';
import { usePainelMutation } from './use-painel-mutation';

/** The painel's own small shell: its name, the sections the person's roles open, who is signed in and "Sair". */
export function PainelShell({ children }: { children: ReactNode }) {
  const staff = useStaff();
  const pathname = usePathname();
  const router = useRouter();
  const [logout, { loading }] = usePainelMutation(MStaffLogout);
  const leave = async () => {
    // The session ends on the server; the tab forgets the token whatever the answer.
    await logout({}).catch(() => undefined);
    forgetStaffToken(LOGGED_OUT_NOTICE);
    router.replace(painelRoutes.painelLogin());
  };
  return (
    <div className="painel">
      <a className="skip-link" href="#conteudo">
        Pular para o conteúdo
      </a>
      <header className="painel-header">
        <PainelBrand />
        <nav className="painel-nav" aria-label="Seções do painel">
          <ul>
            {sectionsFor(staff.roles).map((section) => (
              <li key={section.route}>
                <Link
                  href={section.href}
                  prefetch={false}
                  aria-current={isCurrentSection(section, pathname) ? 'page' : undefined}
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="painel-user">
          <span>
            <strong>{staff.name}</strong>
            <span className="painel-user__roles">{staff.roles.map((role) => ROLE_INFO[role].label).join(', ')}</span>
          </span>
          <button type="button" className="button button--ghost" onClick={() => void leave()} disabled={loading}>
            Sair
          </button>
        </div>
      </header>
      <RouteFocus />
      <main id="conteudo" className="painel-main">
        {children}
      </main>
      <DemoDataNotice />
    </div>
  );
}
