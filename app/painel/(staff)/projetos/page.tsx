import { ProjectQueueScreen } from '@/components/painel/project-queue-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../styles/painel-projects.css';

export const metadata = pageMetadata('painelProjects');

export default function Page() {
  return (
    <SectionGuard route="painelProjects" title="Projetos">
      <ProjectQueueScreen />
    </SectionGuard>
  );
}
