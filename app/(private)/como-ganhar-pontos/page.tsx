import { HowToEarnScreen } from '@/components/points/how-to-earn-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('howToEarn');

export default function Page() {
  return <HowToEarnScreen />;
}
