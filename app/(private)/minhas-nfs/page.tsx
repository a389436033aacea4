import { InvoicesScreen } from '@/components/invoices/invoices-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('invoices');

export default function Page() {
  return <InvoicesScreen />;
}
