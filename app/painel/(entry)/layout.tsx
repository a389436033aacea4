import type { ReactNode } from 'react';
import { PainelEntryFrame } from '@/components/painel/painel-entry-frame';

export default function PainelEntryLayout({ children }: { children: ReactNode }) {
  return <PainelEntryFrame>{children}</PainelEntryFrame>;
}
