import { NotificationsScreen } from '@/components/notifications/notifications-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('notifications');

export default function Page() {
  return <NotificationsScreen />;
}
