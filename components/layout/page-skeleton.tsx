import { CardListSkeleton, Loading } from '../ui/skeletons';

/**
 * What a private page looks like while the member's data is on its way: a title, the balance card and a list, in
 * grey, so a slow link shows the app at once instead of a lone spinner. Screen readers hear "Carregando".
 */
export function PageSkeleton() {
  return (
    <Loading label="Carregando">
      <div className="page-skeleton" aria-hidden="true">
        <div className="skeleton page-skeleton__title" />
        <div className="skeleton page-skeleton__balance" />
        <CardListSkeleton count={2} />
      </div>
    </Loading>
  );
}
