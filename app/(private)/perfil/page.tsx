import { ProfileScreen } from '@/components/profile/profile-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('profile');

export default function Page() {
  return <ProfileScreen />;
}
