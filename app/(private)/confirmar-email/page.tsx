import { ConfirmEmailScreen } from '@/components/auth/confirm-email-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('confirmEmail');

export default function Page() {
  return <ConfirmEmailScreen />;
}
