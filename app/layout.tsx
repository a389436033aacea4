import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { AnalyticsScripts } from '@/components/providers/analytics-scripts';
import { AppProviders } from '@/components/providers/app-providers';
import { config } from '@/lib/config';
// Base first, then one stylesheet per area; the order is the cascade order.
import './globals.css';
import './styles/sessions.css';
import './styles/content.css';
import './styles/invoices.css';
import './styles/profile.css';
import './styles/kiosk.css';
import './styles/photo-gallery.css';
import './styles/projects.css';
import './styles/project-form.css';
import './styles/rewards.css';
import './styles/notifications.css';
import './styles/first-paint.css';
import './styles/offline.css';

export const metadata: Metadata = {
  title: { default: 'Clube do Marceneiro', template: '%s | Clube do Marceneiro' },
  description: 'Clube de pontos para marceneiros e moveleiros: campanhas, promoções, notas fiscais e prêmios.',
  manifest: '/manifest.webmanifest',
  icons: { icon: '/icon.svg' },
};

export const viewport: Viewport = { themeColor: '#6b3410', width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="pt-BR">
      <body>
        <div id="root">
          <AppProviders>{children}</AppProviders>
        </div>
        <AnalyticsScripts tagManagerId={config.tagManagerId} analyticsId={config.analyticsId} />
      </body>
    </html>
  );
}
