import { PartnerTransferScreen } from '@/components/partner/partner-transfer-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('rewardTransfer');

export default function Page() {
  return <PartnerTransferScreen />;
}
