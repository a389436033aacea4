import { PainelHome } from '@/components/painel/painel-home';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('painelHome');

export default function Page() {
  return <PainelHome />;
}
