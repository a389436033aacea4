import type { ReactNode } from 'react';
import { PublicGate } from '@/components/gates/public-gate';

export default function PublicLayout({ children }: { children: ReactNode }) {
  return <PublicGate>{children}</PublicGate>;
}
