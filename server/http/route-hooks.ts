import type { FastifyInstance, RouteOptions } from 'fastify';

/** A route option's hooks with one more at the end. */
export const withHook = <T>(existing: T | T[] | undefined, hook: T): T[] =>
  existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];

/**
 * Lets `add` put hooks on the routes of one path as they are declared (every method of it). Such hooks run after the
 * app's own of the same stage and cost the other routes nothing: an app hook that first asks which route it is on
 * builds Fastify's `routeOptions` object on every request. Call before the routes are declared.
 */
export function onRoutesOf(app: FastifyInstance, path: string, add: (route: RouteOptions) => void): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === path) add(route);
  });
}
