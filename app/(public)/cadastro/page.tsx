import { SignUpScreen } from '@/components/auth/sign-up-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('signUp');

export default function Page() {
  return <SignUpScreen />;
}
