import { ProjectReviewScreen } from '@/components/painel/project-review-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';
// The invoice review's layout (grid, facts, photo viewer), then what projects add.
import '../../../../styles/painel-review.css';
import '../../../../styles/painel-projects.css';

export const metadata = pageMetadata('painelProjectReview');

export default function Page() {
  return (
    <SectionGuard route="painelProjects" title="Analisar projeto">
      <ProjectReviewScreen />
    </SectionGuard>
  );
}
