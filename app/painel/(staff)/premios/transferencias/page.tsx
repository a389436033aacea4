import { PartnerTransfersScreen } from '@/components/painel/partner-transfers-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../../styles/painel-rewards.css';

export const metadata = pageMetadata('painelPartnerTransfers');

export default function Page() {
  return (
    <SectionGuard route="painelRewards" title="Transferências ao parceiro">
      <PartnerTransfersScreen />
    </SectionGuard>
  );
}
