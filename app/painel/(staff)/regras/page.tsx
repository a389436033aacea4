import { RulesScreen } from '@/components/painel/rules-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';
import '../../../styles/painel-stores.css';
import '../../../styles/painel-rules.css';

export const metadata = pageMetadata('painelRules');

export default function Page() {
  return (
    <SectionGuard route="painelRules" title="Regras de pontos">
      <RulesScreen />
    </SectionGuard>
  );
}
