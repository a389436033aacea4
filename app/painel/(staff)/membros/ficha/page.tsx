import { MemberScreen } from '@/components/painel/member/member-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../../styles/painel-members.css';
import '../../../../styles/painel-points-adjustment.css';

export const metadata = pageMetadata('painelMember');

export default function Page() {
  return (
    <SectionGuard route="painelMembers" title="Ficha do membro">
      <MemberScreen />
    </SectionGuard>
  );
}
