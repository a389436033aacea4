'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { QStaffMe } from '@/lib/painel/operations';
import { staffToken } from '@/lib/painel/session';
import { painelRoutes } from '@/common/painel/routes';
import { Spinner } from '../ui/spinner';
import { StaffProvider } from './staff-context';
import { usePainelQuery } from './use-painel-query';

function Waiting() {
  return (
    <main className="painel-waiting">
      <h1 className="visually-hidden">Painel</h1>
      <Spinner label="Carregando o painel…" />
    </main>
  );
}

/**
 * The painel's gate: without a staff token in this tab, the sign-in; with one, who it belongs to (staffMe), which
 * the shell and the pages read. A token the API refuses sends the person to the sign-in (PainelProviders).
 */
export function PainelGate({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [hasToken, setHasToken] = useState<boolean | null>(null);
  useEffect(() => {
    const token = staffToken();
    setHasToken(token !== null);
    if (token === null) router.replace(painelRoutes.painelLogin());
  }, [router]);
  const { data, error, refetch } = usePainelQuery(QStaffMe, { variables: {}, skip: hasToken !== true });

  if (error && !data) {
    return (
      <main className="painel-waiting">
        <h1>Painel</h1>
        <p role="alert">Não foi possível falar com o clube. Verifique sua conexão.</p>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Tentar de novo
        </button>
      </main>
    );
  }
  if (!data) return <Waiting />;
  return <StaffProvider value={data.staffMe}>{children}</StaffProvider>;
}
