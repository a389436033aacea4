import { CompleteDataScreen } from '@/components/profile/complete-data-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('completeData');

export default function Page() {
  return <CompleteDataScreen />;
}
