import { NotificationSettingsScreen } from '@/components/notifications/notification-settings-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('notificationSettings');

export default function Page() {
  return <NotificationSettingsScreen />;
}
