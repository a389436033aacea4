import { RewardScreen } from '@/components/rewards/reward-screen';
import { pageMetadata } from '@/lib/page-metadata';
import { PLACEHOLDER } from '@/common/routes';

export const metadata = pageMetadata('reward');

// One exported page per dynamic route; the host rewrites every real value to it (see common/routes.ts).
export function generateStaticParams() {
  return [{ rewardSlug: PLACEHOLDER }];
}

export default function Page() {
  return <RewardScreen />;
}
