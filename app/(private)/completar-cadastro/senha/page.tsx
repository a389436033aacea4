import { CompletePasswordScreen } from '@/components/profile/password-screens';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('completePassword');

export default function Page() {
  return <CompletePasswordScreen />;
}
