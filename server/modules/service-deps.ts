import type { ApiContext } from '../graphql/context';

/**
 * The one shape every service takes: the request's context, narrowed with Pick to the fields that service reads.
 * A resolver passes its `ctx` as is; a terminal command or a test builds just those fields. The service's clock is
 * `config.now`, so a test moves time for every service the same way.
 */
export type ServiceDeps<K extends keyof ApiContext> = Pick<ApiContext, K>;

/** What an operator's action (a terminal command, a painel resolver) needs: the database and the club's clock. */
export type OperatorDeps = ServiceDeps<'db' | 'config'>;

/** The current instant of the service's clock. */
export const nowOf = (deps: ServiceDeps<'config'>): Date => new Date(deps.config.now());
