import type { ReactNode } from 'react';
import { PrivateGate } from '@/components/gates/private-gate';
import { ApolloProvider } from '@/components/providers/apollo-provider';
import '../styles/offline-queue.css';

export default function PrivateLayout({ children }: { children: ReactNode }) {
  return (
    <ApolloProvider>
      <PrivateGate>{children}</PrivateGate>
    </ApolloProvider>
  );
}
