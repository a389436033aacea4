import { SectionGuard } from '@/components/painel/section-guard';
import { StoresScreen } from '@/components/painel/stores-screen';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../styles/painel-stores.css';

export const metadata = pageMetadata('painelStores');

export default function Page() {
  return (
    <SectionGuard route="painelStores" title="Lojas">
      <StoresScreen />
    </SectionGuard>
  );
}
