import { painelRouteTable, type PainelRouteKey } from './painel/routes';
import { exportPathOf, matchRouteIn, routeTable, type RouteDef, type RouteKey } from './routes';

/** Any route of the product, the members' and visitors' or the painel's. */
export type AnyRouteKey = RouteKey | PainelRouteKey;

/** Every path of the product: what the API server's rewrites, the generated nginx config and the tests go through. */
export const allRoutes = [...Object.entries(routeTable), ...Object.entries(painelRouteTable)] as [
  AnyRouteKey,
  RouteDef,
][];

/** The definition of any route by its key. */
export const routeDefOf = (key: AnyRouteKey): RouteDef =>
  key in routeTable ? routeTable[key as RouteKey] : painelRouteTable[key as PainelRouteKey];

/**
 * The file in the static export (`out/`) that answers a request path, or null when none does.
 * `kind` picks the HTML document or the RSC payload (`<path>.txt`) that client navigation fetches.
 */
export function exportFileFor(pathname: string, kind: 'html' | 'rsc'): string | null {
  const match = matchRouteIn(allRoutes, pathname);
  if (!match) return null;
  const base = exportPathOf(match.route.pattern);
  const stem = base === '/' ? '/index' : base;
  return `${stem}.${kind === 'html' ? 'html' : 'txt'}`;
}
