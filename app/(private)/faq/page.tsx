import { FaqScreen } from '@/components/content/faq-screens';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('faq');

export default function Page() {
  return <FaqScreen />;
}
