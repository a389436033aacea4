import { FaqScreen } from '@/components/content/faq-screens';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('draftFaq');

export default function Page() {
  return <FaqScreen preview />;
}
