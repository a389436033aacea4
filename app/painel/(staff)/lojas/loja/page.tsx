import { SectionGuard } from '@/components/painel/section-guard';
import { StoreScreen } from '@/components/painel/store-screen';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../../styles/painel-chart.css';
import '../../../../styles/painel-stores.css';

export const metadata = pageMetadata('painelStore');

export default function Page() {
  return (
    <SectionGuard route="painelStores" title="Loja">
      <StoreScreen />
    </SectionGuard>
  );
}
