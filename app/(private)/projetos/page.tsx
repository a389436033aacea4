import { ProjectsScreen } from '@/components/projects/projects-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('projects');

export default function Page() {
  return <ProjectsScreen />;
}
