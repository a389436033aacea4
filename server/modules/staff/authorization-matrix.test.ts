import '../../test/esm-shims';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { STAFF_ROLES, type StaffRole } from '../../../common/painel/roles';
import { PAINEL_API_PATHS } from '../../../common/painel/api-paths';
import { accessTable, type StaffAccess } from '../../graphql/staff-access';
import { loadStaffSchemaSdl } from '../../graphql/schema';
import { clubModules } from '..';
import { DEMO_MEMBER } from '../../seed';
import { createTestApp, loginAs, type TestApp } from '../../test/helpers';
import { codeOf, enrolStaff, freshSession, painelGql } from '../../test/staff';

/**
 * Every staff operation × every kind of caller: anonymous, a member's token, and a staff member holding each role
 * alone. The operations come from the painel's schema and their access from the modules' declarations, so an
 * operation another module adds is in this table the moment it is in its staff.graphql, and one without a
 * declaration fails here (and stops the API from starting). Each call gets arguments of the right types that point
 * at nothing (an unknown id, an invalid e-mail): an allowed caller gets past the access check to the resolver's own
 * answer, a refused one never reaches it.
 */

type Caller = 'anônimo' | 'membro' | StaffRole;
const CALLERS: readonly Caller[] = ['anônimo', 'membro', ...STAFF_ROLES];

const schema = buildSchema(loadStaffSchemaSdl());
const declared = accessTable(clubModules.flatMap((m) => (m.staffResolvers ? [m.staffResolvers] : [])));

/** A literal of the type that names nothing real: an unknown id, a text that fits no rule, the first enum value. */
function literalOf(type: GraphQLInputType): string {
  if (isNonNullType(type)) return literalOf(type.ofType);
  if (isListType(type)) return `[${literalOf(type.ofType)}]`;
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((f) => isNonNullType(f.type));
    return `{ ${fields.map((f) => `${f.name}: ${literalOf(f.type)}`).join(', ')} }`;
  }
  switch (getNamedType(type).name) {
    case 'ID':
      return '"999999"';
    case 'Int':
      return '1';
    case 'Boolean':
      return 'false';
    default:
      return '"x"';
  }
}

function documentOf(root: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const args = field.args.filter((a) => isNonNullType(a.type));
  const argText = args.length ? `(${args.map((a) => `${a.name}: ${literalOf(a.type)}`).join(', ')})` : '';
  const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `${root} { ${field.name}${argText}${selection} }`;
}

const operations = (['query', 'mutation'] as const).flatMap((root) => {
  const type = root === 'query' ? schema.getQueryType() : schema.getMutationType();
  return Object.values(type?.getFields() ?? {}).map((field) => ({
    key: `${root === 'query' ? 'Query' : 'Mutation'}.${field.name}`,
    document: documentOf(root, field),
  }));
});

/** What the caller must get: through to the resolver, or refused with which code. */
function expected(access: StaffAccess, caller: Caller): 'passa' | 'UNAUTHENTICATED' | 'FORBIDDEN' {
  if (access === 'public') return 'passa';
  if (caller === 'anônimo' || caller === 'membro') return 'UNAUTHENTICATED';
  if (access === 'staff') return 'passa';
  return access.includes(caller) ? 'passa' : 'FORBIDDEN';
}

const outcomeOf = (code: string | undefined) => (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN' ? code : 'passa');

let t: TestApp;
let memberToken: string;
const staffOf = new Map<StaffRole, { id: number; email: string }>();

beforeAll(async () => {
  // Every operation × every caller comes from one address within a minute: far more than one person's requests.
  t = await createTestApp({ requestsPerMinute: 10_000 });
  memberToken = (await loginAs(t.app, DEMO_MEMBER.cpf, DEMO_MEMBER.password)).token;
  for (const role of STAFF_ROLES) {
    const person = await enrolStaff(t, { email: `${role}@matriz.test`, roles: [role] });
    staffOf.set(role, { id: person.id, email: person.email });
  }
});
afterAll(() => t.close());

/** A fresh token of the caller for every case: staffLogout, allowed, ends the session it is sent with. */
async function tokenOf(caller: Caller): Promise<string | undefined> {
  if (caller === 'anônimo') return undefined;
  if (caller === 'membro') return memberToken;
  const staff = staffOf.get(caller)!;
  return freshSession(t, { ...staff, roles: [caller] });
}

describe('staff authorization matrix', () => {
  it('has a declared access for every operation of the painel’s schema, and none for an operation it lacks', () => {
    expect([...declared.keys()].sort()).toEqual(operations.map((o) => o.key).sort());
  });

  const cases = operations.flatMap((operation) => CALLERS.map((caller) => [operation.key, caller] as const));

  it.each(cases)('%s as %s', async (key, caller) => {
    const operation = operations.find((o) => o.key === key)!;
    const access = declared.get(key);
    expect(access).toBeDefined();
    const res = await painelGql(t.app, operation.document, {}, await tokenOf(caller));
    // Never a schema error: the document is right, only the caller changes.
    expect(codeOf(res)).not.toBe('GRAPHQL_VALIDATION_FAILED');
    expect(outcomeOf(codeOf(res))).toBe(expected(access!, caller));
  });

  it.each(CALLERS)('GET /painel/auditoria.csv as %s', async (caller) => {
    const token = await tokenOf(caller);
    const res = await t.app.inject({
      method: 'GET',
      url: PAINEL_API_PATHS.auditCsv,
      headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const outcome = expected(['admin'], caller);
    expect(res.statusCode).toBe(outcome === 'passa' ? 200 : outcome === 'FORBIDDEN' ? 403 : 401);
  });

  it.each(CALLERS)('GET /painel/premios.csv as %s', async (caller) => {
    const token = await tokenOf(caller);
    const res = await t.app.inject({
      method: 'GET',
      url: PAINEL_API_PATHS.rewardOrdersCsv,
      headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const outcome = expected(['premios'], caller);
    expect(res.statusCode).toBe(outcome === 'passa' ? 200 : outcome === 'FORBIDDEN' ? 403 : 401);
  });

  it.each(CALLERS)('GET /painel/notas.csv as %s', async (caller) => {
    const token = await tokenOf(caller);
    const res = await t.app.inject({
      method: 'GET',
      url: PAINEL_API_PATHS.invoicesCsv,
      headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const outcome = expected(['revisor'], caller);
    expect(res.statusCode).toBe(outcome === 'passa' ? 200 : outcome === 'FORBIDDEN' ? 403 : 401);
  });
});
