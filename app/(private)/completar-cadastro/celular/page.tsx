import { CompletePhoneScreen } from '@/components/profile/phone-screens';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('completePhone');

export default function Page() {
  return <CompletePhoneScreen />;
}
