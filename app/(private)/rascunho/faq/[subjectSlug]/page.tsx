import { FaqSubjectScreen } from '@/components/content/faq-screens';
import { pageMetadata } from '@/lib/page-metadata';
import { PLACEHOLDER } from '@/common/routes';

export const metadata = pageMetadata('draftFaqSubject');

// One exported page per dynamic route; the host rewrites every real value to it (see common/routes.ts).
export function generateStaticParams() {
  return [{ subjectSlug: PLACEHOLDER }];
}

export default function Page() {
  return <FaqSubjectScreen preview />;
}
