import { CompleteSignUpScreen } from '@/components/auth/complete-sign-up-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('incompleteSignUp');

export default function Page() {
  return <CompleteSignUpScreen />;
}
