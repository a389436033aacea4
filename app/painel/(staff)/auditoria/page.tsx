import { AuditScreen } from '@/components/painel/audit-screen';
import { SectionGuard } from '@/components/painel/section-guard';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('painelAudit');

export default function Page() {
  return (
    <SectionGuard route="painelAudit" title="Auditoria">
      <AuditScreen />
    </SectionGuard>
  );
}
