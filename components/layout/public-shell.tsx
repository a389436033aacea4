import type { ReactNode } from 'react';
import { ConnectionStatus } from './connection-status';
import { DemoDataNotice } from './demo-data-notice';
import { RouteFocus } from './route-focus';
import { ShellFrame } from './shell-frame';

/** Frame of the public pages and of the login screen shown on private URLs. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <ShellFrame
      live={
        <>
          <ConnectionStatus />
          <RouteFocus />
        </>
      }
      foot={<DemoDataNotice />}
    >
      {children}
    </ShellFrame>
  );
}
