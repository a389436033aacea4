import Link from 'next/link';
import { routes } from '@/common/routes';

/** The closing action of a campaign or promotion page: what a member does next to take part. */
export function SendInvoiceAction() {
  return (
    <p className="content-detail__action">
      <Link className="button button--primary" href={routes.invoices()}>
        Enviar nota fiscal
      </Link>
    </p>
  );
}
