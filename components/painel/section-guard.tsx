'use client';
import type { ReactNode } from 'react';
import { canOpen, PAINEL_SECTIONS } from '@/lib/painel/sections';
import type { PainelRouteKey } from '@/common/painel/routes';
import { useStaff } from './staff-context';

/**
 * A section's page for the roles that open it; anyone else reads why. The API refuses their operations anyway
 * (every staff operation declares its roles): this only spares them a screen of errors.
 */
export function SectionGuard({
  route,
  title,
  children,
}: {
  route: PainelRouteKey;
  title: string;
  children: ReactNode;
}) {
  const staff = useStaff();
  const section = PAINEL_SECTIONS.find((s) => s.route === route);
  if (section && !canOpen(section, staff.roles)) {
    return (
      <section className="painel-page">
        <h1>{title}</h1>
        <p className="alert alert--error" role="alert">
          Suas funções na equipe não abrem esta seção. Se precisar dela, fale com um administrador.
        </p>
      </section>
    );
  }
  return <>{children}</>;
}
