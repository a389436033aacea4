import { RouteScreen } from '@/components/screens/route-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('completePassword');

export default function Page() {
  return <RouteScreen routeKey="completePassword" />;
}
