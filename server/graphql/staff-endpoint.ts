import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Kind, NoSchemaIntrospectionCustomRule, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import mercurius from 'mercurius';
import { csrfGuard } from '../http/csrf';
import { onRoutesOf, withHook } from '../http/route-hooks';
import { formatExecutionErrors } from './format-errors';
import { registerGraphqlOverHttp } from './graphql-over-http';
import { registerGraphqlLimits } from './request-limits';
import {
  accessTable,
  staffResolversFrom,
  STAFF_SESSION_ENDED_MESSAGE,
  STAFF_SIGN_IN_MESSAGE,
  type RootType,
  type StaffResolverSet,
} from './staff-access';
import { buildStaffContext, staffAuthOf, type StaffContextDeps } from './staff-context';

export interface StaffEndpointOptions {
  readonly path: string;
  /** Largest body the route reads (the route table's, which the nginx block applies too). */
  readonly maxBodyBytes: number;
  /** The painel's schema: the modules' staff.graphql merged. */
  readonly sdl: string;
  readonly resolverSets: readonly StaffResolverSet[];
  readonly deps: StaffContextDeps;
  /** Mercurius's parse cache (the tests turn it off, as for the member endpoint). */
  readonly queryCache: boolean;
}

/** The root fields of a document's operation, or null when they cannot be told (fragments at the root, no parse). */
export function rootFieldsOf(query: unknown, operationName: unknown): { root: RootType; fields: string[] } | null {
  if (typeof query !== 'string') return null;
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true, maxTokens: 1_500 });
  } catch {
    return null;
  }
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation =
    typeof operationName === 'string' && operationName !== ''
      ? operations.find((o) => o.name?.value === operationName)
      : operations.length === 1
        ? operations[0]
        : undefined;
  if (!operation || operation.operation === 'subscription') return null;
  const fields: string[] = [];
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) return null;
    fields.push(selection.name.value);
  }
  return { root: operation.operation === 'query' ? 'Query' : 'Mutation', fields };
}

/**
 * The painel's GraphQL endpoint: a second mercurius, in a Fastify context of its own, over the modules' staff
 * schema, with the member endpoint's hardening (the CSRF header, the size and depth limits, one operation per
 * request, the error shape without "Did you mean") and more:
 *
 * - a caller without a live staff session reaches only the public operations (sign-in, set-up link): anything else,
 *   introspection and unknown fields included, is UNAUTHENTICATED before the document is validated, so the schema
 *   cannot be mapped from outside;
 * - introspection is off in production for staff too (codegen reads the SDL files);
 * - every root field runs behind the access it declares (staff-access.ts).
 *
 * Register it before the member endpoint: both decorate their Fastify context with mercurius's `graphql`.
 */
export function registerStaffEndpoint(app: FastifyInstance, options: StaffEndpointOptions): void {
  const { path, deps } = options;
  const schemaRootFields = rootFieldsOfSchema(options.sdl);
  const resolvers = staffResolversFrom(options.resolverSets, schemaRootFields);
  const table = accessTable(options.resolverSets);
  const publicFields = new Set([...table].filter(([, access]) => access === 'public').map(([key]) => key));

  const anonymousGate = (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const params = (request.method === 'GET' ? request.query : request.body) as
      { query?: unknown; operationName?: unknown } | undefined;
    const asked = rootFieldsOf(params?.query, params?.operationName);
    if (asked && asked.fields.every((field) => publicFields.has(`${asked.root}.${field}`))) {
      done();
      return;
    }
    staffAuthOf(request, deps).then(
      (auth) => {
        if (auth.staff) {
          done();
          return;
        }
        const message = auth.sessionEnded ? STAFF_SESSION_ENDED_MESSAGE : STAFF_SIGN_IN_MESSAGE;
        void reply
          .code(200)
          .type('application/json; charset=utf-8')
          .send({ data: null, errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }] });
      },
      (error: unknown) => void reply.send(error),
    );
  };

  void app.register(async (painel) => {
    onRoutesOf(painel, path, (route) => {
      route.onRequest = withHook(route.onRequest, csrfGuard as never);
      route.bodyLimit = options.maxBodyBytes;
    });
    registerGraphqlLimits(painel, path);
    onRoutesOf(painel, path, (route) => {
      route.preHandler = withHook(route.preHandler, anonymousGate as never);
    });
    registerGraphqlOverHttp(painel, path);
    await painel.register(mercurius, {
      schema: options.sdl,
      resolvers: resolvers as never,
      path,
      graphiql: false,
      ...(options.queryCache ? {} : { cache: false }),
      queryDepth: 10,
      jit: 1,
      allowBatchedQueries: false,
      validationRules: deps.config.nodeEnv === 'production' ? [NoSchemaIntrospectionCustomRule] : [],
      context: (request) => buildStaffContext(request, deps),
      errorFormatter: (execution, context) =>
        formatExecutionErrors(execution as Parameters<typeof formatExecutionErrors>[0], context as never),
    });
  });
}

/** The Query and Mutation fields an SDL declares. */
function rootFieldsOfSchema(sdl: string): Map<RootType, string[]> {
  const fields = new Map<RootType, string[]>([
    ['Query', []],
    ['Mutation', []],
  ]);
  for (const def of parse(sdl).definitions) {
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION && def.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    const root = def.name.value;
    if (root !== 'Query' && root !== 'Mutation') continue;
    fields.get(root)?.push(...(def.fields ?? []).map((f) => f.name.value));
  }
  return fields;
}
