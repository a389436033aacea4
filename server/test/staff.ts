import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '../../common/painel/roles';
import { PAINEL_API_PATHS } from '../../common/painel/api-paths';
import { inviteStaff, startStaffSession, terminalActor, totpCodeAt } from '../modules/staff';
import type { GraphQLResponse, TestApp } from './helpers';

/** What the painel's tests share: requests to /painel/graphql and staff accounts made the way people make them. */

export const STAFF_PASSWORD = 'Bancada#2026';

export async function painelGql<T = Record<string, unknown>>(
  app: FastifyInstance,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<GraphQLResponse<T>> {
  const res = await app.inject({
    method: 'POST',
    url: PAINEL_API_PATHS.graphql,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: { query, variables },
  });
  const body = res.json<{ data?: T | null; errors?: GraphQLResponse['errors'] }>();
  return { status: res.statusCode, data: body.data, errors: body.errors };
}

export const codeOf = (res: { errors?: { extensions?: { code?: string } }[] | undefined }) =>
  res.errors?.[0]?.extensions?.code;

export const SETUP = `mutation ($token: String!, $password: String!, $code: String!) {
  staffSetup(token: $token, password: $password, code: $code) { token expiresAt staff { id roles } }
}`;
export const LOGIN = `mutation ($email: String!, $password: String!, $code: String!) {
  staffLogin(email: $email, password: $password, code: $code) { token expiresAt staff { id name roles } }
}`;

export interface EnrolledStaff {
  readonly id: number;
  readonly email: string;
  readonly secret: string;
  /** The session the set-up opened. */
  readonly token: string;
}

/** Invites a person from the terminal and uses their set-up link as they would: a staff member signed in. */
export async function enrolStaff(
  t: Pick<TestApp, 'app' | 'db' | 'config'>,
  person: { email: string; roles: StaffRole[]; name?: string },
): Promise<EnrolledStaff> {
  const invitation = await inviteStaff(t, terminalActor('teste'), {
    name: person.name ?? 'Pessoa da Equipe',
    email: person.email,
    roles: person.roles,
  });
  const token = new URL(invitation.setupUrl).searchParams.get('token') ?? '';
  const link = await painelGql<{ staffSetupLink: { secret: string } }>(
    t.app,
    'query ($token: String!) { staffSetupLink(token: $token) { secret } }',
    { token },
  );
  const secret = link.data?.staffSetupLink.secret ?? '';
  const setup = await painelGql<{ staffSetup: { token: string } }>(t.app, SETUP, {
    token,
    password: STAFF_PASSWORD,
    code: totpCodeAt(secret, t.config.now()),
  });
  if (!setup.data) throw new Error(`set-up failed: ${JSON.stringify(setup.errors)}`);
  return { id: Number(invitation.account.id), email: person.email, secret, token: setup.data.staffSetup.token };
}

/** A fresh painel session of an enrolled person, without a sign-in (the matrix opens dozens). */
export async function freshSession(
  t: Pick<TestApp, 'db' | 'config'>,
  staff: { id: number; email: string; roles: readonly StaffRole[] },
): Promise<string> {
  const session = await startStaffSession(
    t.db,
    t.config,
    { id: staff.id, name: 'Pessoa da Equipe', email: staff.email, roles: staff.roles },
    '127.0.0.1',
    new Date(t.config.now()),
  );
  return session.token;
}
