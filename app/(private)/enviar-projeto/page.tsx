import { SendProjectScreen } from '@/components/projects/send-project-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('sendProject');

export default function Page() {
  return <SendProjectScreen />;
}
