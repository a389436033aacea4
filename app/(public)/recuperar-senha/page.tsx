import { PasswordRecoveryScreen } from '@/components/auth/password-recovery-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('forgotPassword');

export default function Page() {
  return <PasswordRecoveryScreen />;
}
