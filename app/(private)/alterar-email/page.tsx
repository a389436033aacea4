import { ChangeEmailScreen } from '@/components/profile/change-email-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('changeEmail');

export default function Page() {
  return <ChangeEmailScreen />;
}
