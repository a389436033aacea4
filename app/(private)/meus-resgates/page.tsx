import { RewardOrdersScreen } from '@/components/rewards/reward-orders-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('rewardOrders');

export default function Page() {
  return <RewardOrdersScreen />;
}
