import { SignUpScreen } from '@/components/auth/sign-up-screen';
import { pageMetadata } from '@/lib/page-metadata';
import { PLACEHOLDER } from '@/common/routes';

export const metadata = pageMetadata('promoSignUpSubsidiary');

// One exported page per dynamic route; the host rewrites every real value to it (see common/routes.ts).
export function generateStaticParams() {
  return [{ subsidiarySlug: PLACEHOLDER }];
}

export default function Page() {
  return <SignUpScreen promo storeLink />;
}
