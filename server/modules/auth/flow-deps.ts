import type { Kysely } from 'kysely';
import type { Messenger } from '../../adapters/messenger';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { ApiContext } from '../../graphql/context';
import type { CodeDeps } from './codes';
import type { Throttle } from './throttle';

/** What the sign-up, code, reset and confirmation flows need from a request. */
export interface FlowDeps {
  readonly db: Kysely<Database>;
  readonly config: AppConfig;
  readonly messenger: Messenger;
  readonly throttle: Throttle;
  readonly ip: string;
}

export const flowDepsOf = (ctx: ApiContext): FlowDeps => ({
  db: ctx.db,
  config: ctx.config,
  messenger: ctx.messenger,
  throttle: ctx.throttle,
  ip: ctx.ip,
});

export const codeDepsOf = (deps: FlowDeps): CodeDeps => ({
  db: deps.db,
  secret: deps.config.jwtSecret,
  now: deps.config.now,
});
