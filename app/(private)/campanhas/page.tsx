import { CampaignsScreen } from '@/components/content/campaigns-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('campaigns');

export default function Page() {
  return <CampaignsScreen />;
}
