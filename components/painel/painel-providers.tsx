'use client';
import { ApolloProvider } from '@apollo/client/react';
import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { createPainelClient } from '@/lib/painel/apollo-client';
import { forgetStaffToken, SESSION_ENDED_NOTICE } from '@/lib/painel/session';
import { routes } from '@/lib/routes';

/**
 * The painel's client wiring: its own Apollo client for /painel/graphql, nothing of the member's providers. When a
 * sent token opens nothing any more (30 minutes idle, 10 hours, an admin's change), back to the sign-in with a notice.
 */
export function PainelProviders({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [client] = useState(() =>
    createPainelClient(() => {
      forgetStaffToken(SESSION_ENDED_NOTICE);
      router.replace(routes.painelLogin());
    }),
  );
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
