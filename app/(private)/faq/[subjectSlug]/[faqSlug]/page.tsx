import { FaqItemScreen } from '@/components/content/faq-screens';
import { pageMetadata } from '@/lib/page-metadata';
import { PLACEHOLDER } from '@/common/routes';

export const metadata = pageMetadata('faqItem');

// One exported page per dynamic route; the host rewrites every real value to it (see common/routes.ts).
export function generateStaticParams() {
  return [{ subjectSlug: PLACEHOLDER, faqSlug: PLACEHOLDER }];
}

export default function Page() {
  return <FaqItemScreen />;
}
