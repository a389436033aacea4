import { SectionGuard } from '@/components/painel/section-guard';
import { TeamScreen } from '@/components/painel/team-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('painelTeam');

export default function Page() {
  return (
    <SectionGuard route="painelTeam" title="Equipe">
      <TeamScreen />
    </SectionGuard>
  );
}
