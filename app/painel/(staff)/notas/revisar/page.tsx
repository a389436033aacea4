import { InvoiceReviewScreen } from '@/components/painel/invoice-review-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../../styles/painel-review.css';

export const metadata = pageMetadata('painelInvoiceReview');

export default function Page() {
  return (
    <SectionGuard route="painelInvoices" title="Analisar nota fiscal">
      <InvoiceReviewScreen />
    </SectionGuard>
  );
}
