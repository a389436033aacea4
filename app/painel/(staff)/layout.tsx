import type { ReactNode } from 'react';
import { PainelGate } from '@/components/painel/painel-gate';
import { PainelShell } from '@/components/painel/painel-shell';

export default function PainelStaffLayout({ children }: { children: ReactNode }) {
  return (
    <PainelGate>
      <PainelShell>{children}</PainelShell>
    </PainelGate>
  );
}
