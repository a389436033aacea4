import './esm-shims';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, type BuildAppOptions } from '../app';
import {
  DEFAULT_AUTO_APPROVAL_MAX_POINTS,
  DEFAULT_AUTO_APPROVAL_MAX_POINTS_MONTH,
  DEFAULT_REVIEW_CONFIRM_POINTS,
  DEFAULT_REVIEW_FOUR_EYES_POINTS,
  DEFAULT_MAINTENANCE_RETRY_AFTER_SECONDS,
  DEFAULT_SHUTDOWN_GRACE_MS,
  DEFAULT_MEMBERS_PER_DEVICE,
  DEFAULT_POINTS_PARTNER_NAME,
  type AppConfig,
} from '../config';
import type { Database } from '../db/schema';
import { nfeTestPki } from '../modules/invoices/test/nfe-test-pki';
import { createTestDatabase } from './test-database';

/** A clock tests move by hand, so expiry and grace windows are checked without sleeping. */
export interface FakeClock {
  now: () => number;
  advance: (ms: number) => void;
}

export function fakeClock(start = Date.parse('2026-11-22T12:00:00.000Z')): FakeClock {
  let current = start;
  return { now: () => current, advance: (ms) => void (current += ms) };
}

export const TEST_SECRET = new TextEncoder().encode('segredo-de-teste-com-mais-de-32-caracteres!');

/** The tests' WhatsApp app secret: webhooks signed with it are Meta's. */
export const WHATSAPP_TEST_SECRET = 'segredo-do-app-whatsapp-de-teste';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    database: { kind: 'sqlite', file: ':memory:' },
    jwtSecret: TEST_SECRET,
    nodeEnv: 'test',
    staticDir: '/nonexistent',
    serveStatic: false,
    corsOrigin: undefined,
    trustProxy: false,
    geoRegionHeader: undefined,
    loginAttemptsPerIp: 30,
    requestsPerMinute: 600,
    publicUrl: 'http://clube.test',
    smsApiUrl: undefined,
    smsApiToken: undefined,
    smtpUrl: undefined,
    mailFrom: 'Clube <teste@clube.test>',
    humanVerification: false,
    demoData: true,
    demoDataRefused: false,
    now: Date.now,
    cepProvider: 'sample',
    s3: undefined,
    instanceName: undefined,
    sessionSecurityClientId: 'clube-web',
    sessionSecuritySecret: 'publico',
    sessionSecurityRequestsPerIp: 60,
    deviceRiskAutomation: true,
    deviceRiskMembersPerDevice: DEFAULT_MEMBERS_PER_DEVICE,
    tagManagerId: undefined,
    analyticsId: undefined,
    maintenance: false,
    maintenanceRetryAfterSeconds: DEFAULT_MAINTENANCE_RETRY_AFTER_SECONDS,
    metrics: undefined,
    shutdownGraceMs: DEFAULT_SHUTDOWN_GRACE_MS,
    pointsPartner: undefined,
    pointsPartnerName: DEFAULT_POINTS_PARTNER_NAME,
    vapid: undefined,
    // The tests' ICP-Brasil, made at run time (the XML fixtures sign with it).
    nfeTrustedRoots: 'nfeTrustedRoots' in overrides ? undefined : nfeTestPki().trustedFile,
    autoApprovalMaxPoints: DEFAULT_AUTO_APPROVAL_MAX_POINTS,
    autoApprovalMaxPointsMonth: DEFAULT_AUTO_APPROVAL_MAX_POINTS_MONTH,
    reviewConfirmPoints: DEFAULT_REVIEW_CONFIRM_POINTS,
    reviewFourEyesPoints: DEFAULT_REVIEW_FOUR_EYES_POINTS,
    sefazStatus: undefined,
    pushServices: { hosts: [], origins: [] },
    outbound: { privateOrigins: [] },
    whatsapp: {
      appSecret: WHATSAPP_TEST_SECRET,
      verifyToken: 'verificacao-de-teste',
      graph: undefined,
      noticeTemplate: undefined,
    },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: AppConfig;
  close: () => Promise<void>;
}

/** A fresh in-memory database, migrated and seeded with the demo member, behind a new app instance. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { logger = false }: { logger?: BuildAppOptions['logger'] } = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const { db, drop } = await createTestDatabase();
  const app = buildApp({ db, config, logger, queryCache: false });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** An operator's deps (the terminal's, the back office's) acting at a given instant on a test app's database. */
export const operatorAt = (t: Pick<TestApp, 'db' | 'config'>, instant: number) => ({
  db: t.db,
  config: { ...t.config, now: () => instant },
});

export interface SharedTestApps {
  /** App instances on one database, standing for API processes behind one load balancer. */
  apps: FastifyInstance[];
  /** The first app's database handle. */
  db: Kysely<Database>;
  /** Each app's own handle, in the order of `apps`: work two processes do at once runs on two of these. */
  dbs: Kysely<Database>[];
  config: AppConfig;
  close: () => Promise<void>;
}

/** `count` app instances over one fresh database, each with its own handle on it (see TestDatabase.open). */
export async function createSharedTestApps(count: number, overrides: Partial<AppConfig> = {}): Promise<SharedTestApps> {
  const config = testConfig(overrides);
  const { db, open, drop } = await createTestDatabase();
  const apps: FastifyInstance[] = [];
  const dbs: Kysely<Database>[] = [];
  for (let i = 0; i < count; i += 1) {
    const handle = i === 0 ? db : open();
    dbs.push(handle);
    const app = buildApp({ db: handle, config, queryCache: false });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    db,
    dbs,
    config,
    close: async () => {
      for (const app of apps) await app.close();
      await drop();
    },
  };
}

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data: T | null | undefined;
  errors: { message: string; extensions?: { code?: string; fields?: Record<string, string> } }[] | undefined;
}

export async function gql<T = Record<string, unknown>>(
  app: FastifyInstance,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<T>> {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...headers },
    payload: { query, variables },
  });
  const body = res.json<{ data?: T | null; errors?: GraphQLResponse['errors'] }>();
  return { status: res.statusCode, data: body.data, errors: body.errors };
}

export const LOGIN = `mutation Login($login: String!, $password: String!) {
  userLogin(login: $login, password: $password) { token refresh_token }
}`;

export const REFRESH = `mutation Refresh($refreshToken: String!) {
  refreshToken(refreshToken: $refreshToken) { access_token refresh_token token_type }
}`;

export async function loginAs(app: FastifyInstance, login: string, password: string) {
  const res = await gql<{ userLogin: { token: string; refresh_token: string } }>(app, LOGIN, { login, password });
  if (!res.data?.userLogin) throw new Error(`Login failed: ${JSON.stringify(res.errors)}`);
  return res.data.userLogin;
}
