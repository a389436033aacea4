import { ProductsScreen } from '@/components/painel/products-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../styles/painel-stores.css';
import '../../../styles/painel-rules.css';

export const metadata = pageMetadata('painelProducts');

export default function Page() {
  return (
    <SectionGuard route="painelProducts" title="Produtos da marca">
      <ProductsScreen />
    </SectionGuard>
  );
}
