import { MemberSearchScreen } from '@/components/painel/member-search-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../styles/painel-members.css';

export const metadata = pageMetadata('painelMembers');

export default function Page() {
  return (
    <SectionGuard route="painelMembers" title="Membros">
      <MemberSearchScreen />
    </SectionGuard>
  );
}
