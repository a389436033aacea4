import { RewardOrderScreen } from '@/components/painel/reward-order-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../../styles/painel-rewards.css';

export const metadata = pageMetadata('painelRewardOrder');

export default function Page() {
  return (
    <SectionGuard route="painelRewards" title="Resgate">
      <RewardOrderScreen />
    </SectionGuard>
  );
}
