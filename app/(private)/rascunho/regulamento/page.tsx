import { RuleBookScreen } from '@/components/content/rule-book-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('draftRules');

export default function Page() {
  return <RuleBookScreen preview />;
}
