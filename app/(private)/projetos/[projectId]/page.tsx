import { ProjectScreen } from '@/components/projects/project-screen';
import { pageMetadata } from '@/lib/page-metadata';
import { PLACEHOLDER } from '@/common/routes';

export const metadata = pageMetadata('project');

// One exported page per dynamic route; the host rewrites every real value to it (see common/routes.ts).
export function generateStaticParams() {
  return [{ projectId: PLACEHOLDER }];
}

export default function Page() {
  return <ProjectScreen />;
}
