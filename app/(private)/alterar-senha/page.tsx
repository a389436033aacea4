import { ChangePasswordScreen } from '@/components/profile/password-screens';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('changePassword');

export default function Page() {
  return <ChangePasswordScreen />;
}
