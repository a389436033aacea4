import { PainelHome } from '@/components/painel/painel-home';
import { pageMetadata } from '@/lib/page-metadata';
import '../../styles/painel-chart.css';
import '../../styles/painel-home.css';

export const metadata = pageMetadata('painelHome');

export default function Page() {
  return <PainelHome />;
}
