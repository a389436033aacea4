import { HomeContact } from '@/components/screens/home-contact';
import { HomeScreen } from '@/components/screens/home-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('home');

export default function Page() {
  return <HomeScreen contact={<HomeContact />} />;
}
