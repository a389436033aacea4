import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { onRoutesOf, withHook } from '../http/route-hooks';

/**
 * GraphQL over HTTP (the GraphQL Foundation's draft spec, checked by graphql-http's server audits) on top of
 * mercurius: request parameters of the wrong type and batches are refused with a pt-BR message before anything
 * coerces them, `extensions: null` is accepted, and a client whose Accept asks for
 * `application/graphql-response+json` gets that media type with the spec's status codes. An `application/json`
 * answer (the app's) is unchanged.
 */

export const GRAPHQL_RESPONSE_MEDIA_TYPE = 'application/graphql-response+json';
const GRAPHQL_RESPONSE_CONTENT_TYPE = `${GRAPHQL_RESPONSE_MEDIA_TYPE}; charset=utf-8`;

export type RequestShapeCode = 'BATCH_NOT_SUPPORTED' | 'BAD_REQUEST';

export const BATCH_NOT_SUPPORTED_MESSAGE = 'Envie uma operação por requisição: listas de operações não são aceitas.';

export interface RequestShapeProblem {
  readonly code: RequestShapeCode;
  readonly message: string;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const badRequest = (message: string): RequestShapeProblem => ({ code: 'BAD_REQUEST', message });

/**
 * The first thing wrong with a POST body's shape, or null. Runs before Fastify's schema validation, which would
 * coerce `query: 0` into "0" and `variables: false` into null, and before mercurius, which refuses
 * `extensions: null` (the spec allows it: it is dropped here).
 */
export function checkRequestShape(body: unknown): RequestShapeProblem | null {
  if (Array.isArray(body)) return { code: 'BATCH_NOT_SUPPORTED', message: BATCH_NOT_SUPPORTED_MESSAGE };
  if (!isPlainObject(body)) {
    return badRequest('Requisição GraphQL inválida: envie um objeto JSON com a consulta em "query".');
  }
  const { query, operationName, variables, extensions } = body;
  if (query !== undefined && typeof query !== 'string') {
    return badRequest('Requisição GraphQL inválida: "query" precisa ser um texto.');
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return badRequest('Requisição GraphQL inválida: "operationName" precisa ser um texto.');
  }
  if (variables !== undefined && variables !== null && !isPlainObject(variables)) {
    return badRequest('Requisição GraphQL inválida: "variables" precisa ser um objeto.');
  }
  if (extensions !== undefined && extensions !== null && !isPlainObject(extensions)) {
    return badRequest('Requisição GraphQL inválida: "extensions" precisa ser um objeto.');
  }
  if (extensions === null) delete body['extensions'];
  return null;
}

/** The q-value an Accept header gives a media range, or undefined when it does not name it. */
function qualityOf(ranges: readonly { type: string; q: number }[], type: string): number | undefined {
  return ranges.find((range) => range.type === type)?.q;
}

/**
 * Whether the answer should be `application/graphql-response+json`: the client names it, with a weight at least that
 * of `application/json` (or of the wildcards that cover it). No Accept, `*\/*` or `application/json` alone keep JSON,
 * as the spec's legacy clients expect.
 */
export function prefersGraphqlResponse(accept: string | undefined): boolean {
  if (!accept?.includes(GRAPHQL_RESPONSE_MEDIA_TYPE)) return false;
  // A client sends the same Accept with every request: its answer is remembered by value, in a small map of short
  // values (a client varying it on purpose only refills the map).
  if (accept.length > ACCEPT_CACHE_MAX_LENGTH) return weighGraphqlResponse(accept);
  let prefers = preferenceByAccept.get(accept);
  if (prefers === undefined) {
    if (preferenceByAccept.size >= ACCEPT_CACHE_SIZE) preferenceByAccept.clear();
    prefers = weighGraphqlResponse(accept);
    preferenceByAccept.set(accept, prefers);
  }
  return prefers;
}

const ACCEPT_CACHE_SIZE = 64;
const ACCEPT_CACHE_MAX_LENGTH = 256;
const preferenceByAccept = new Map<string, boolean>();

function weighGraphqlResponse(accept: string): boolean {
  const ranges = accept.split(',').map((part) => {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    return { type, q: Number.isFinite(q) ? q : 0 };
  });
  const graphqlResponse = qualityOf(ranges, GRAPHQL_RESPONSE_MEDIA_TYPE) ?? 0;
  const json =
    qualityOf(ranges, 'application/json') ?? qualityOf(ranges, 'application/*') ?? qualityOf(ranges, '*/*') ?? 0;
  return graphqlResponse > 0 && graphqlResponse >= json;
}

function refuseShape(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  // A multipart body arrives here already turned into its operations by the multipart parser's preValidation hook
  // (server/uploads/graphql-multipart.ts).
  const problem = checkRequestShape(request.body);
  if (problem === null) {
    done();
    return;
  }
  void reply
    .code(400)
    .type('application/json; charset=utf-8')
    .send({ errors: [{ message: problem.message, extensions: { code: problem.code } }] });
}

function addVaryAccept(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (!/(^|,)\s*accept\s*(,|$)/i.test(current)) reply.header('vary', current ? `${current}, Accept` : 'Accept');
}

/**
 * An answer in the client's media type. With `application/graphql-response+json`, a request error (a 4xx or 5xx
 * answer: the request was refused before it ran) carries no `data` entry, as the spec asks; with `application/json`
 * nothing changes.
 */
function negotiate(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, p: unknown) => void,
) {
  addVaryAccept(reply);
  if (!prefersGraphqlResponse(request.headers.accept)) {
    done(null, payload);
    return;
  }
  void reply.type(GRAPHQL_RESPONSE_CONTENT_TYPE);
  if (reply.statusCode >= 400 && isPlainObject(payload) && 'data' in payload && payload['data'] === null) {
    const { data: _data, ...withoutData } = payload;
    done(null, withoutData);
    return;
  }
  done(null, payload);
}

/**
 * Adds the checks to the GraphQL routes as mercurius declares them (route hooks run after the app's own, so the
 * upload parser, the CSRF guard and the request limits keep their place). Call before mercurius is registered.
 */
export function registerGraphqlOverHttp(app: FastifyInstance, graphqlPath: string): void {
  onRoutesOf(app, graphqlPath, (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('POST')) route.preValidation = withHook(route.preValidation, refuseShape as never);
    route.preSerialization = withHook(route.preSerialization, negotiate as never);
  });
}
