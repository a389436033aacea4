'use client';
import { useEffect, useState } from 'react';
import { whenIdle } from '@/lib/browser/when-idle';

/**
 * "Dados de demonstração" at the foot of every frame (members, visitors, the painel) while the club holds demo
 * accounts, whose passwords the README publishes, so nobody takes such a club for a real store. Asked in the page's
 * first idle moment, after what the page itself loads, and drawn in flow after everything else: nothing above it
 * moves when it appears, and it covers nothing. A named aside, not a live region: the pages' own status messages stay
 * the only `role="status"` on screen.
 */
export function DemoDataNotice() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let mounted = true;
    const cancel = whenIdle(() => {
      // Loaded here, at idle: the light request client is not in a member page's first load (Apollo is), and a notice
      // for demo clubs must not grow every page's JavaScript past its budget.
      void import('@/lib/demo/demo-data')
        .then(({ clubHasDemoData }) => clubHasDemoData())
        .then(
          (demo) => {
            if (mounted) setShown(demo);
          },
          // Without signal the module cannot load: no notice this time, and no error for a page that works offline.
          () => undefined,
        );
    });
    return () => {
      mounted = false;
      cancel();
    };
  }, []);
  if (!shown) return null;
  return (
    <aside className="demo-data-notice" aria-label="Dados de demonstração">
      <p>
        <strong>Dados de demonstração:</strong> este clube tem contas de exemplo com senhas publicadas. Não use em uma
        loja real.
      </p>
    </aside>
  );
}
