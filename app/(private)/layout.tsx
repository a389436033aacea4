import type { ReactNode } from 'react';
import { PrivateGate } from '@/components/gates/private-gate';

export default function PrivateLayout({ children }: { children: ReactNode }) {
  return <PrivateGate>{children}</PrivateGate>;
}
