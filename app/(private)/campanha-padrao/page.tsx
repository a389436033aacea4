import { StandardCampaignScreen } from '@/components/content/campaign-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('standardCampaign');

export default function Page() {
  return <StandardCampaignScreen />;
}
