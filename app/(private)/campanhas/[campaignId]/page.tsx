import { CampaignScreen } from '@/components/content/campaign-screen';
import { pageMetadata } from '@/lib/page-metadata';
import { PLACEHOLDER } from '@/common/routes';

export const metadata = pageMetadata('campaign');

// One exported page per dynamic route; the host rewrites every real value to it (see common/routes.ts).
export function generateStaticParams() {
  return [{ campaignId: PLACEHOLDER }];
}

export default function Page() {
  return <CampaignScreen />;
}
