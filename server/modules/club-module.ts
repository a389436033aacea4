import type { FastifyPluginAsync } from 'fastify';
import type { StaffRole } from '../../common/painel/roles';
import type { AppConfig } from '../config';
import type { Db, UserRow } from '../db/schema';
import type { Resolvers } from '../graphql/generated/resolvers-types';
import type { StaffResolverSet } from '../graphql/staff-access';
import type { ScheduledJob } from '../jobs/scheduler';
import type { LimiterFactory } from '../limits/limiter-factory';
import type { FileStorage } from '../storage/file-storage';

/** What the app hands every module when it composes them. */
export interface ModuleDeps {
  readonly db: Db;
  readonly config: AppConfig;
  readonly storage: FileStorage;
  readonly limiters: LimiterFactory;
}

/** A kind of file the painel shows (an invoice's file, a project's photo), by a signed link (staff module, files.ts). */
export interface StaffFileSource {
  /** The link's name for it: `/painel/arquivos/<source>-<id>`; lower-case letters. */
  readonly source: string;
  /** The roles that may open it: the roles of the operations that hand out its links. */
  readonly roles: readonly [StaffRole, ...StaffRole[]];
  /** The stored file with that id, or nothing. */
  readonly load: (
    db: Db,
    id: number,
  ) => Promise<{ storageKey: string; contentType: string; fileName: string; frameable: boolean } | undefined>;
}

/**
 * A module's manifest, exported by its index.ts: the app, the seed and the job runner loop over the list of these
 * instead of knowing each module's files. The GraphQL schema is each module's `schema.graphql`, read by
 * server/graphql/schema.ts; the painel's is each module's `staff.graphql`.
 */
export interface ClubModule {
  readonly name: string;
  readonly resolvers?: Resolvers;
  /**
   * The module's part of the painel's schema (its `staff.graphql`, served at /painel/graphql): each root field with
   * the access it declares (`{ access: ['revisor'], resolve }`) and its resolver, which starts from `requireRole` and
   * audits every change with the staff module's `recordAudit`.
   */
  readonly staffResolvers?: StaffResolverSet;
  /** The files the module shows in the painel, all served by one signed-link route. */
  readonly staffFiles?: readonly StaffFileSource[];
  /** The module's own HTTP routes, as one Fastify plugin. */
  readonly routes?: FastifyPluginAsync<ModuleDeps>;
  /** Work run once per period for all API processes. */
  readonly jobs?: (deps: ModuleDeps) => readonly ScheduledJob[];
  /** Rows every club needs (stores, catalogues, careers), written at every start and idempotent. */
  readonly seedReference?: (db: Db) => Promise<void>;
  /** The club's first content, imported once. */
  readonly seedContent?: (db: Db) => Promise<void>;
  /**
   * A member is deleted with all their data (`npm run members -- remove-demo`): in the deletion's transaction, before
   * the member's row goes (its foreign keys cascade to every row with a `user_id`), removes or undoes what the cascade
   * does not reach, and answers the storage keys of the member's files, deleted once the transaction is committed.
   */
  readonly removeMember?: (db: Db, member: UserRow) => Promise<readonly string[]>;
}
