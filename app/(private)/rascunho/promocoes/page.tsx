import { PromotionsScreen } from '@/components/content/promotions-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('draftPromotions');

export default function Page() {
  return <PromotionsScreen preview />;
}
