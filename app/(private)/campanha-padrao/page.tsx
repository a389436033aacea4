import { RouteScreen } from '@/components/screens/route-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('standardCampaign');

export default function Page() {
  return <RouteScreen routeKey="standardCampaign" />;
}
