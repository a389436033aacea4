'use client';
import { useRouteParams } from '@/lib/routing/use-route-params';
import { routeTable, type RouteKey } from '@/common/routes';

const PARAM_LABELS: Record<string, string> = {
  campaignId: 'Campanha',
  subjectSlug: 'Assunto',
  faqSlug: 'Pergunta',
  promotionSlug: 'Promoção',
  projectId: 'Projeto',
  subsidiarySlug: 'Loja parceira',
};

/** Heading of a screen whose content is not built yet, with the real values of its dynamic segments. */
export function RouteScreen({ routeKey }: { routeKey: RouteKey }) {
  const route = routeTable[routeKey];
  const params = useRouteParams();
  const entries = Object.entries(params ?? {});
  return (
    <section className="card" aria-labelledby="page-title">
      <h1 id="page-title">{route.title}</h1>
      {entries.length > 0 && (
        <dl className="route-params">
          {entries.map(([name, value]) => (
            <div key={name}>
              <dt>{PARAM_LABELS[name] ?? name}</dt>
              <dd data-param={name}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="muted">Esta área do clube está sendo preparada. Volte em breve.</p>
    </section>
  );
}
