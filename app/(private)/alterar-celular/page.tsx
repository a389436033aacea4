import { ChangePhoneScreen } from '@/components/profile/phone-screens';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('changePhone');

export default function Page() {
  return <ChangePhoneScreen />;
}
