import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { PainelProviders } from '@/components/painel/painel-providers';
import '../styles/painel.css';

// The staff's pages never belong in a search engine.
export const metadata: Metadata = {
  title: { default: 'Painel', template: '%s | Painel do Clube do Marceneiro' },
  robots: { index: false, follow: false },
};

export default function PainelLayout({ children }: { children: ReactNode }) {
  return <PainelProviders>{children}</PainelProviders>;
}
