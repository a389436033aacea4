'use client';
import { useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { onPainelSessionEnded } from '@/lib/painel/request';
import { painelRoutes } from '@/common/painel/routes';

/**
 * The painel's client wiring: nothing of the member's providers, and no Apollo (its requests are the fetch of
 * lib/painel/request.ts). When a sent token opens nothing any more (30 minutes idle, 10 hours, an admin's change), the
 * tab forgets it and goes back to the sign-in, which shows the notice.
 */
export function PainelProviders({ children }: { children: ReactNode }) {
  const router = useRouter();
  useEffect(() => onPainelSessionEnded(() => router.replace(painelRoutes.painelLogin())), [router]);
  return children;
}
