import { KioskScreen } from '@/components/kiosk/kiosk-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('totem');

export default function Page() {
  return <KioskScreen />;
}
