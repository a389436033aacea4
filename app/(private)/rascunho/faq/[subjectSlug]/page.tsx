import { FaqSubjectScreen } from '@/components/content/faq-screens';
import { pageMetadata } from '@/lib/page-metadata';
import { PLACEHOLDER } from '@/lib/routes';

export const metadata = pageMetadata('draftFaqSubject');

// One exported page per dynamic route; the host rewrites every real value to it (see lib/routes.ts).
export function generateStaticParams() {
  return [{ subjectSlug: PLACEHOLDER }];
}

export default function Page() {
  return <FaqSubjectScreen preview />;
}
