import { ChangeCnpjScreen } from '@/components/profile/change-cnpj-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('changeCnpj');

export default function Page() {
  return <ChangeCnpjScreen />;
}
