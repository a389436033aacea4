import { InvoiceQueueScreen } from '@/components/painel/invoice-queue-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../styles/painel-review.css';

export const metadata = pageMetadata('painelInvoices');

export default function Page() {
  return (
    <SectionGuard route="painelInvoices" title="Notas fiscais">
      <InvoiceQueueScreen />
    </SectionGuard>
  );
}
