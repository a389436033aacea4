import { HistoryScreen } from '@/components/points/history-screen';
import { pageMetadata } from '@/lib/page-metadata';

export const metadata = pageMetadata('history');

export default function Page() {
  return <HistoryScreen />;
}
