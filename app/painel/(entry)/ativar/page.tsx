import { StaffSetupScreen } from '@/components/painel/staff-setup-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('painelActivate');

export default function Page() {
  return <StaffSetupScreen />;
}
