import { PromotionScreen } from '@/components/content/promotion-screen';
import { pageMetadata } from '@/lib/page-metadata';
import { PLACEHOLDER } from '@/common/routes';

export const metadata = pageMetadata('promotion');

// One exported page per dynamic route; the host rewrites every real value to it (see common/routes.ts).
export function generateStaticParams() {
  return [{ promotionSlug: PLACEHOLDER }];
}

export default function Page() {
  return <PromotionScreen />;
}
