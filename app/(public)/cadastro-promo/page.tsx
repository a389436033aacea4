import { SignUpScreen } from '@/components/auth/sign-up-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('promoSignUp');

export default function Page() {
  return <SignUpScreen promo />;
}
