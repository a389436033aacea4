import { LoginScreen } from '@/components/auth/login-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('loginCpf');

export default function Page() {
  return <LoginScreen variant="cpf" />;
}
