import { RewardStockScreen } from '@/components/painel/reward-stock-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../../styles/painel-rewards.css';

export const metadata = pageMetadata('painelRewardStock');

export default function Page() {
  return (
    <SectionGuard route="painelRewards" title="Estoque e códigos">
      <RewardStockScreen />
    </SectionGuard>
  );
}
