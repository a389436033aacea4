import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '../../common/painel/roles';
import type { AppConfig } from '../config';
import type { Db } from '../db/schema';
import type { LimiterFactory } from '../limits/limiter-factory';
import type { FileStorage } from '../storage/file-storage';
import { bearerOf, verifyStaffToken, type StaffClaims } from '../auth/staff-tokens';

/** The staff member of a live painel session, as every staff resolver sees them. */
export interface StaffPrincipal {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly roles: readonly StaffRole[];
  readonly sessionId: string;
  /** The session's absolute end. */
  readonly sessionExpiresAt: string;
}

/**
 * The painel session of a token's claims, or null when it ended (logout, 30 minutes idle, 10 hours in all) or its
 * account is disabled; a live one counts as used now. The staff module implements it.
 */
export type StaffSessionCheck = (db: Db, claims: StaffClaims, now: Date) => Promise<StaffPrincipal | null>;

/** What every request to the painel endpoint shares, made once for the life of the app. */
export interface StaffContextDeps {
  readonly db: Db;
  readonly config: AppConfig;
  readonly limiters: LimiterFactory;
  /** The members' files, for the review screens to come. */
  readonly storage: FileStorage;
  readonly staffSession: StaffSessionCheck;
}

/** A request's staff auth: who, or whether a token came whose session is over. */
export interface StaffAuth {
  readonly staff: StaffPrincipal | null;
  /** A token was sent but opens nothing (ended session, expired, a member's token, forged). */
  readonly sessionEnded: boolean;
}

export interface StaffContext extends StaffContextDeps, StaffAuth {
  readonly ip: string;
}

const NO_TOKEN: StaffAuth = { staff: null, sessionEnded: false };
const ENDED: StaffAuth = { staff: null, sessionEnded: true };

const checked = new WeakMap<FastifyRequest, Promise<StaffAuth>>();

async function check(request: FastifyRequest, deps: StaffContextDeps): Promise<StaffAuth> {
  const header = request.headers.authorization;
  const token = bearerOf(header);
  if (token === null) return header ? ENDED : NO_TOKEN;
  let claims: StaffClaims;
  try {
    claims = await verifyStaffToken(deps.config, token);
  } catch {
    return ENDED;
  }
  const staff = await deps.staffSession(deps.db, claims, new Date(deps.config.now()));
  return staff ? { staff, sessionEnded: false } : ENDED;
}

/**
 * The staff auth of a request, checked once however many hooks ask (the anonymous gate, the context, a CSV route):
 * the token's signature and audience, then its session in the database, which also counts the request as activity.
 */
export function staffAuthOf(request: FastifyRequest, deps: StaffContextDeps): Promise<StaffAuth> {
  let auth = checked.get(request);
  if (!auth) {
    auth = check(request, deps);
    checked.set(request, auth);
  }
  return auth;
}

export async function buildStaffContext(request: FastifyRequest, deps: StaffContextDeps): Promise<StaffContext> {
  const auth = await staffAuthOf(request, deps);
  // Shared parts from the prototype, as the member context does (server/graphql/context.ts).
  const context = Object.create(deps) as StaffContext & Record<string, unknown>;
  Object.assign(context, { staff: auth.staff, sessionEnded: auth.sessionEnded, ip: request.ip });
  return context;
}
