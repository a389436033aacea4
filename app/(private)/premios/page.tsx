import { RewardsScreen } from '@/components/rewards/rewards-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('rewards');

export default function Page() {
  return <RewardsScreen />;
}
