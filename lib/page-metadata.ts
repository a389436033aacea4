import type { Metadata } from 'next';
import { routeDefOf, type AnyRouteKey } from '@/common/all-routes';

/** Page <title> from the route table, so the tab and the history list say where the member is. */
export const pageMetadata = (key: AnyRouteKey): Metadata => ({ title: routeDefOf(key).title });
