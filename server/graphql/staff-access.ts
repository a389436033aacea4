import type { GraphQLResolveInfo } from 'graphql';
import { ROLE_INFO, type StaffRole } from '../../common/painel/roles';
import { forbidden, unauthenticated } from '../errors/api-errors';
import type {
  MutationResolvers as StaffMutationResolvers,
  QueryResolvers as StaffQueryResolvers,
  Resolvers as StaffResolvers,
} from './generated/staff-resolvers-types';
import type { StaffAuth, StaffContext } from './staff-context';

/**
 * Who may call a staff operation. Every root field of the painel's schema declares one beside its resolver: the
 * endpoint checks it before the resolver runs, refuses to start when a field has none, and the authorization matrix
 * test (server/modules/staff/authorization-matrix.test.ts) runs every field for every kind of caller against it.
 *
 * - `'public'`: anyone, signed in or not (the sign-in and the set-up link);
 * - `'staff'`: any signed-in staff member, whatever their roles;
 * - a list of roles: a staff member holding at least one of them.
 */
export type StaffAccess = 'public' | 'staff' | readonly [StaffRole, ...StaffRole[]];

export const STAFF_SESSION_ENDED_MESSAGE = 'Sua sessão terminou. Entre de novo.';
export const STAFF_SIGN_IN_MESSAGE = 'Entre com a sua conta da equipe.';
export const STAFF_FORBIDDEN_MESSAGE = 'Suas funções na equipe não permitem isso.';

/** A staff member acting now, as the audit records them: who, under which role, from where. */
export interface StaffActor {
  readonly kind: 'staff';
  readonly staffId: number;
  readonly name: string;
  readonly email: string;
  /** The role the action is allowed under; null for what any staff member may do. */
  readonly role: StaffRole | null;
  readonly ip: string;
}

type AuthOf = StaffAuth & { readonly ip: string };

/** The signed-in staff member, or UNAUTHENTICATED ("Sua sessão terminou…" when a token came with an ended session). */
export function requireStaff(ctx: AuthOf): StaffActor {
  const { staff } = ctx;
  if (!staff) throw unauthenticated(ctx.sessionEnded ? STAFF_SESSION_ENDED_MESSAGE : STAFF_SIGN_IN_MESSAGE);
  return { kind: 'staff', staffId: staff.id, name: staff.name, email: staff.email, role: null, ip: ctx.ip };
}

/**
 * The signed-in staff member holding one of `roles` (the first of them they hold is the one the audit names);
 * UNAUTHENTICATED without a live session, FORBIDDEN without the role. Every staff operation that needs a role
 * starts here: `const actor = requireRole(ctx, 'admin')`, then the service audits with `actor`.
 */
export function requireRole(ctx: AuthOf, ...roles: [StaffRole, ...StaffRole[]]): StaffActor {
  const actor = requireStaff(ctx);
  const held = roles.find((role) => ctx.staff?.roles.includes(role));
  if (!held) throw forbidden(STAFF_FORBIDDEN_MESSAGE);
  return { ...actor, role: held };
}

/** Checks a declared access (the endpoint does it for every root field before its resolver). */
export function checkAccess(ctx: AuthOf, access: StaffAccess): void {
  if (access === 'public') return;
  if (access === 'staff') requireStaff(ctx);
  else requireRole(ctx, ...access);
}

/** pt-BR names of the roles of an access, for messages and the docs. */
export const describeAccess = (access: StaffAccess): string =>
  access === 'public'
    ? 'qualquer pessoa'
    : access === 'staff'
      ? 'qualquer pessoa da equipe'
      : access.map((role) => ROLE_INFO[role].label).join(', ');

type FnOf<R> = Extract<NonNullable<R>, (...args: never[]) => unknown>;

/** One root field of the painel's schema: who may call it, and what it does. */
export interface StaffOperation<R> {
  readonly access: StaffAccess;
  readonly resolve: FnOf<R>;
}

/** What a module adds to the painel's schema (its staff.graphql): root fields with their access, and type resolvers. */
export interface StaffResolverSet {
  readonly Query?: { readonly [F in keyof StaffQueryResolvers]?: StaffOperation<StaffQueryResolvers[F]> };
  readonly Mutation?: { readonly [F in keyof StaffMutationResolvers]?: StaffOperation<StaffMutationResolvers[F]> };
  /** Resolvers of the module's own object types, for fields its parents do not hold as they are. */
  readonly types?: Omit<StaffResolvers, 'Query' | 'Mutation'>;
}

export type RootType = 'Query' | 'Mutation';

/** Every declared root field, `Query.staffMe` → its access. */
export function accessTable(sets: readonly StaffResolverSet[]): Map<string, StaffAccess> {
  const table = new Map<string, StaffAccess>();
  for (const set of sets) {
    for (const root of ['Query', 'Mutation'] as const) {
      for (const [field, operation] of Object.entries(set[root] ?? {})) {
        const key = `${root}.${field}`;
        if (table.has(key)) throw new Error(`Operação da equipe declarada duas vezes: ${key}`);
        table.set(key, (operation as StaffOperation<unknown>).access);
      }
    }
  }
  return table;
}

type AnyResolver = (parent: unknown, args: unknown, ctx: StaffContext, info: GraphQLResolveInfo) => unknown;

/**
 * The modules' staff resolvers as one map for mercurius, each root field behind its declared access. Throws when a
 * root field of the schema has no declaration, or a declaration names no field of the schema: an operation is never
 * open by omission.
 */
export function staffResolversFrom(
  sets: readonly StaffResolverSet[],
  schemaRootFields: ReadonlyMap<RootType, readonly string[]>,
): Record<string, Record<string, unknown>> {
  const table = accessTable(sets);
  const declared = new Set(table.keys());
  for (const [root, fields] of schemaRootFields) {
    for (const field of fields) {
      if (!declared.delete(`${root}.${field}`)) {
        throw new Error(`Operação da equipe sem acesso declarado: ${root}.${field}`);
      }
    }
  }
  if (declared.size > 0) throw new Error(`Acesso declarado para operações fora do schema: ${[...declared].join(', ')}`);

  const merged: Record<string, Record<string, unknown>> = {};
  for (const set of sets) {
    for (const root of ['Query', 'Mutation'] as const) {
      for (const [field, operation] of Object.entries(set[root] ?? {})) {
        const { access, resolve } = operation as { access: StaffAccess; resolve: AnyResolver };
        merged[root] = {
          ...merged[root],
          [field]: (parent: unknown, args: unknown, ctx: StaffContext, info: GraphQLResolveInfo) => {
            checkAccess(ctx, access);
            return resolve(parent, args, ctx, info);
          },
        };
      }
    }
    for (const [type, fields] of Object.entries(set.types ?? {})) {
      merged[type] = { ...merged[type], ...(fields as object) };
    }
  }
  return merged;
}
