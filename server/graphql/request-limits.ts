import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  Kind,
  parse,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { INVALID_CHARACTERS_MESSAGE } from '../../common/validation/plain-text';
import { onRoutesOf, withHook } from '../http/route-hooks';

/**
 * Limits every GraphQL request meets before mercurius parses or runs it. Each is far above what a screen of the
 * club sends (the test checks every operation of the app against them) and far below what an attacker needs: a
 * query nested 20,000 levels deep used to overflow the parser's stack, and 1,000 aliases of one field ran 1,000 times.
 */
export const GRAPHQL_LIMITS = {
  /** Characters of the query text. */
  queryChars: 12_000,
  /** Lexical tokens; graphql's parser stops counting here instead of recursing further. */
  tokens: 1_500,
  /** Nested selection levels, fragments included. */
  depth: 10,
  /** Aliased fields in the whole document. */
  aliases: 15,
  /** Fields asked at the root of one operation. */
  rootFields: 8,
  fragments: 20,
  /** Items in any list among the variables (photos, products, answers…). */
  listItems: 100,
} as const;

export type LimitCode =
  | 'QUERY_TOO_LARGE'
  | 'QUERY_TOO_COMPLEX'
  | 'QUERY_TOO_DEEP'
  | 'TOO_MANY_ALIASES'
  | 'LIST_TOO_LONG'
  | 'INVALID_CHARACTERS';

export interface LimitProblem {
  readonly code: LimitCode;
  readonly message: string;
}

const problem = (code: LimitCode, message: string): LimitProblem => ({ code, message });
const TOO_COMPLEX = problem('QUERY_TOO_COMPLEX', 'Consulta complexa demais. Peça menos campos de uma vez.');
/**
 * A null byte in any text, which nobody types: PostgreSQL refuses it in a query parameter, so it would turn the
 * simplest look-up (a slug, an id, a search) into an internal error. Refused before any resolver, for every field.
 */
const NULL_BYTE = problem('INVALID_CHARACTERS', INVALID_CHARACTERS_MESSAGE);
/** A null byte in the query text, raw or as a GraphQL escape (\u0000, \u{0}). */
const NULL_BYTE_IN_QUERY = /\u0000|\\u0000|\\u\{0+\}/i;

function definitionsOf(document: DocumentNode): {
  operations: DefinitionNode[];
  fragments: Map<string, FragmentDefinitionNode>;
} {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: DefinitionNode[] = [];
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    else operations.push(def);
  }
  return { operations, fragments };
}

/**
 * Deepest field nesting under a selection set, following fragment spreads. A fragment already on the path counts
 * as nothing (graphql's own validation refuses the cycle right after), so this always ends.
 */
function depthOf(
  set: SelectionSetNode | undefined,
  fragments: Map<string, FragmentDefinitionNode>,
  path: Set<string>,
): number {
  if (!set) return 0;
  let deepest = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet, fragments, path));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, path));
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || path.has(name)) continue;
      path.add(name);
      deepest = Math.max(deepest, depthOf(fragment.selectionSet, fragments, path));
      path.delete(name);
    }
    if (deepest > GRAPHQL_LIMITS.depth) return deepest;
  }
  return deepest;
}

function countAliases(document: DocumentNode): number {
  let aliases = 0;
  const stack: SelectionSetNode[] = [];
  for (const def of document.definitions) {
    if ('selectionSet' in def && def.selectionSet) stack.push(def.selectionSet);
  }
  for (let set = stack.pop(); set; set = stack.pop()) {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD && selection.alias) aliases += 1;
      if ('selectionSet' in selection && selection.selectionSet) stack.push(selection.selectionSet);
    }
  }
  return aliases;
}

/**
 * The longest list anywhere in the variables, and whether any text in them holds a null byte. Walked with a stack
 * of its own, not by recursion: JSON nested ten thousand levels deep would overflow the call stack. Past 10,000
 * values the lists count as too long.
 */
function scanVariables(variables: unknown): { longest: number; nullByte: boolean } {
  let longest = 0;
  let budget = 10_000;
  const pending: unknown[] = [variables];
  while (pending.length > 0) {
    if (--budget < 0) return { longest: Infinity, nullByte: false };
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { longest, nullByte: true };
    } else if (Array.isArray(value)) {
      longest = Math.max(longest, value.length);
      pending.push(...value.slice(0, budget));
    } else if (typeof value === 'object' && value !== null) {
      pending.push(...Object.values(value).slice(0, budget));
    }
  }
  return { longest, nullByte: false };
}

/** The first limit a query text breaks, or null. Never throws: a query that does not parse is graphql's to refuse. */
export function checkQueryLimits(query: unknown): LimitProblem | null {
  if (typeof query !== 'string') return null;
  if (query.length > GRAPHQL_LIMITS.queryChars) {
    return problem('QUERY_TOO_LARGE', 'Consulta grande demais.');
  }
  if (NULL_BYTE_IN_QUERY.test(query)) return NULL_BYTE;
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: GRAPHQL_LIMITS.tokens, noLocation: true });
  } catch (error) {
    // graphql says "Document contains more that N tokens. Parsing aborted."; any other syntax error is its own to report.
    return /Parsing aborted/.test((error as Error).message) ? TOO_COMPLEX : null;
  }
  const { operations, fragments } = definitionsOf(document);
  if (fragments.size > GRAPHQL_LIMITS.fragments) return TOO_COMPLEX;
  for (const op of operations) {
    if (op.kind !== Kind.OPERATION_DEFINITION) continue;
    if (op.selectionSet.selections.length > GRAPHQL_LIMITS.rootFields) return TOO_COMPLEX;
    if (depthOf(op.selectionSet, fragments, new Set()) > GRAPHQL_LIMITS.depth) {
      return problem('QUERY_TOO_DEEP', 'Consulta aninhada demais.');
    }
  }
  if (countAliases(document) > GRAPHQL_LIMITS.aliases) {
    return problem('TOO_MANY_ALIASES', 'Consulta com apelidos demais.');
  }
  return null;
}

export function checkVariableLimits(variables: unknown): LimitProblem | null {
  const { longest, nullByte } = scanVariables(variables);
  if (nullByte) return NULL_BYTE;
  return longest > GRAPHQL_LIMITS.listItems
    ? problem('LIST_TOO_LONG', `Lista longa demais: no máximo ${GRAPHQL_LIMITS.listItems} itens.`)
    : null;
}

/** Queries already found within limits; the app sends a few dozen distinct documents, so this stays small. */
const CHECKED_MAX = 500;

/**
 * Checks every request to the GraphQL route once its body is read (after the multipart parser) and before
 * mercurius sees it; a refusal is a 400 in the API's error shape.
 */
export function registerGraphqlLimits(app: FastifyInstance, graphqlPath: string): void {
  const checked = new Set<string>();
  const check = (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const params = (request.method === 'GET' ? request.query : request.body) as
      { query?: unknown; variables?: unknown } | undefined;
    if (!params || typeof params !== 'object' || Array.isArray(params)) {
      done();
      return;
    }
    let variables = params.variables;
    if (typeof variables === 'string') {
      try {
        variables = JSON.parse(variables) as unknown;
      } catch {
        variables = undefined;
      }
    }
    const query = params.query;
    let found: LimitProblem | null = null;
    if (typeof query === 'string' && !checked.has(query)) {
      found = checkQueryLimits(query);
      if (found === null && checked.size < CHECKED_MAX) checked.add(query);
    }
    found ??= checkVariableLimits(variables);
    if (found === null) {
      done();
      return;
    }
    void reply
      .code(400)
      .type('application/json; charset=utf-8')
      .send({ data: null, errors: [{ message: found.message, extensions: { code: found.code } }] });
  };
  onRoutesOf(app, graphqlPath, (route) => {
    route.preHandler = withHook(route.preHandler, check as never);
  });
}
