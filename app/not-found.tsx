import { NotFoundScreen } from '@/components/screens/not-found-screen';

export const metadata = { title: 'Página não encontrada' };

export default function NotFound() {
  return <NotFoundScreen />;
}
