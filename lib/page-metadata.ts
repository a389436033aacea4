import type { Metadata } from 'next';
import { routeTable, type RouteKey } from '@/common/routes';

/** Page <title> from the route table, so the tab and the history list say where the member is. */
export const pageMetadata = (key: RouteKey): Metadata => ({ title: routeTable[key].title });
