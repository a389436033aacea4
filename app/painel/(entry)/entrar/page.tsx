import { StaffLoginForm } from '@/components/painel/staff-login-form';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('painelLogin');

export default function Page() {
  return <StaffLoginForm />;
}
