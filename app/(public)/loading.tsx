import { Spinner } from '@/components/ui/spinner';

export default function Loading() {
  return (
    <div className="page-loading">
      <Spinner />
    </div>
  );
}
