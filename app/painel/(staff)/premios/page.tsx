import { RewardOrdersScreen } from '@/components/painel/reward-orders-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../styles/painel-rewards.css';

export const metadata = pageMetadata('painelRewards');

export default function Page() {
  return (
    <SectionGuard route="painelRewards" title="Resgates de prêmios">
      <RewardOrdersScreen />
    </SectionGuard>
  );
}
