// The session-security receiver (handshake and envelope), the risk rules that use what it saw, and the member's
// "Aparelhos conectados". Queries live in repository.ts; the envelope's crypto in common/device-session/envelope.ts.
import { z } from 'zod';
import {
  deriveEnvelopeKeys,
  exportPublicKey,
  FINGERPRINT_SYSTEM_VERSION,
  generateKeyPair,
  importPublicKey,
  openEnvelope,
  randomIvBase64,
  sealEnvelope,
  SESSION_ID_PATTERN,
} from '../../../common/device-session/envelope';
import { notFound } from '../../errors/api-errors';
import { ENDED_ELSEWHERE, revokeSessions } from '../auth';
import { findUserById, requireMember } from '../users';
import { nowOf, type ServiceDeps } from '../service-deps';
import { describeDevice, deviceFlags, deviceHash } from './describe';
import * as repo from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A handshake's keys serve its envelopes for a day; then the page logs in again. */
export const HANDSHAKE_LIFETIME_MS = DAY_MS;
/** Device sessions not seen for this long are deleted by the daily run. */
export const DEVICE_SESSION_RETENTION_DAYS = 90;
/** Rule (a): more members on one device in the window than `deviceRiskMembersPerDevice` → no automatic approval. */
export const MEMBERS_PER_DEVICE_WINDOW_DAYS = 30;
export const AUTOMATION_REASON = 'navegador automatizado';
export const sharedDeviceReason = (others: number) =>
  `mesmo aparelho de outra${others === 1 ? '' : 's'} ${others} conta${others === 1 ? '' : 's'}`;
export const UNKNOWN_DEVICE = 'Aparelho desconhecido';

type ReceiverDeps = ServiceDeps<'db' | 'config'>;

const ECDH_JWK = { name: 'ECDH', namedCurve: 'P-256' } as const;

// ---- Handshake ---------------------------------------------------------------------------------------------------

const loginSchema = z.object({
  ClientId: z.string().max(200),
  Secret: z.string().max(200),
  SessionId: z.string().regex(SESSION_ID_PATTERN),
  // A raw uncompressed P-256 point is 65 bytes: 88 base64 characters.
  PublicKey: z.string().min(1).max(200),
  LocalIndex: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

export type HandshakeReply = { ok: true; key: string; iv: string; localIndex: number } | { ok: false };

/** The vendor login: checks the app's ClientId and Secret, makes our key pair for the session, answers our key. */
export async function handshake(deps: ReceiverDeps, body: unknown, ip: string): Promise<HandshakeReply> {
  const parsed = loginSchema.safeParse(body);
  if (!parsed.success) return { ok: false };
  const { ClientId, Secret, SessionId, PublicKey, LocalIndex } = parsed.data;
  if (ClientId !== deps.config.sessionSecurityClientId || Secret !== deps.config.sessionSecuritySecret) {
    return { ok: false };
  }
  try {
    await importPublicKey(PublicKey);
  } catch {
    return { ok: false };
  }
  const pair = await generateKeyPair();
  const jwk = await globalThis.crypto.subtle.exportKey('jwk', pair.privateKey);
  await repo.upsertHandshake(deps.db, {
    id: SessionId,
    serverPrivateKey: JSON.stringify(jwk),
    clientPublicKey: PublicKey,
    at: nowOf(deps).toISOString(),
    ip,
  });
  return { ok: true, key: await exportPublicKey(pair.publicKey), iv: randomIvBase64(), localIndex: LocalIndex };
}

// ---- Envelope ----------------------------------------------------------------------------------------------------

const envelopeSchema = z.object({
  SessionId: z.string().regex(SESSION_ID_PATTERN),
  Envelope: z
    .string()
    .min(1)
    .max(64 * 1024),
});

const documentSchema = z.object({
  sessionId: z.string(),
  systemVersion: z.literal(FINGERPRINT_SYSTEM_VERSION),
  localIndex: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  visitorId: z.string().min(1).max(200),
  signals: z.array(
    z.object({ name: z.string().max(100), value: z.unknown().optional(), error: z.string().optional() }),
  ),
  transactionData: z.object({ path: z.string().max(2000), at: z.string().max(100) }).optional(),
  device: z.object({
    userAgent: z.string().max(2000),
    platform: z.string().max(200).optional(),
    mobile: z.boolean().optional(),
    brands: z.array(z.string().max(200)).max(20).optional(),
    timeZone: z.string().max(100).optional(),
    languages: z.array(z.string().max(50)).max(50).optional(),
    webdriver: z.boolean().optional(),
  }),
});

export type EnvelopeReply = { ok: true; Envelope: string } | { ok: false; Envelope: '' };
const REFUSED: EnvelopeReply = { ok: false, Envelope: '' };

/**
 * Opens a fingerprint envelope and keeps what the receiver keeps of it. Every failure (unknown session, a handshake
 * over a day old, bad MAC, bad padding, bad document, another session's document, a replayed or older local index)
 * gets the same answer.
 */
export async function receiveEnvelope(
  deps: ReceiverDeps,
  body: unknown,
  { ip, region }: { ip: string; region: string | null },
): Promise<EnvelopeReply> {
  const parsed = envelopeSchema.safeParse(body);
  if (!parsed.success) return REFUSED;
  const { SessionId, Envelope } = parsed.data;
  const now = nowOf(deps);
  const session = await repo.findDeviceSession(deps.db, SessionId);
  if (!session?.server_private_key || !session.client_public_key || !session.handshake_at) return REFUSED;
  if (now.getTime() - Date.parse(session.handshake_at) > HANDSHAKE_LIFETIME_MS) return REFUSED;

  let keys;
  try {
    const privateKey = await globalThis.crypto.subtle.importKey(
      'jwk',
      JSON.parse(session.server_private_key) as JsonWebKey,
      ECDH_JWK,
      false,
      ['deriveBits'],
    );
    keys = await deriveEnvelopeKeys(privateKey, session.client_public_key, SessionId);
  } catch {
    return REFUSED;
  }
  const document = documentSchema.safeParse(await openEnvelope(keys, Envelope));
  if (!document.success || document.data.sessionId !== SessionId) return REFUSED;
  const { localIndex, visitorId, device, signals } = document.data;
  const flags = deviceFlags(device, signals);
  const at = now.toISOString();
  const accepted = await repo.acceptEnvelope(deps.db, SessionId, session.handshake_at, localIndex, {
    device_hash: deviceHash(visitorId),
    device: describeDevice(device),
    ip,
    region,
    incognito: flags.incognito ? 1 : 0,
    automation: flags.automation ? 1 : 0,
    foreign_time_zone: flags.foreignTimeZone ? 1 : 0,
    foreign_language: flags.foreignLanguage ? 1 : 0,
    last_seen_at: at,
  });
  if (!accepted) return REFUSED;
  return { ok: true, Envelope: await sealEnvelope(keys, { received: true, localIndex }) };
}

/** The daily run: sessions not seen for 90 days go; handshake keys over a day old are cleared. */
export async function deleteOldDeviceSessions(deps: ReceiverDeps): Promise<number> {
  const now = nowOf(deps).getTime();
  return repo.deleteOldSessions(
    deps.db,
    new Date(now - DEVICE_SESSION_RETENTION_DAYS * DAY_MS).toISOString(),
    new Date(now - HANDSHAKE_LIFETIME_MS).toISOString(),
  );
}

// ---- Risk rules ----------------------------------------------------------------------------------------------------

export interface DeviceRisk {
  /** The device session to store on the row: the request's, when the receiver knows it. */
  readonly deviceSessionId: string | null;
  /** The reviewer's reason, or null; never shown to the member. */
  readonly reason: string | null;
}

/**
 * The risk of a member's send (an invoice, a project) from the request's device session:
 * (a) the device's hash was tied to more than 3 members in 30 days → "mesmo aparelho de outras N contas";
 * (b) the device session, or the one the member's sign-up came from, reported an automated browser → "navegador
 *     automatizado" (DEVICE_RISK_AUTOMATION=off turns this rule off).
 */
export async function assessDeviceRisk(
  deps: ServiceDeps<'db' | 'config'> & Partial<ServiceDeps<'deviceSessionId'>>,
  userId: number,
): Promise<DeviceRisk> {
  const id = deps.deviceSessionId ?? null;
  const session = id ? await repo.findDeviceSession(deps.db, id) : undefined;
  const reasons: string[] = [];
  if (session?.device_hash) {
    const since = new Date(nowOf(deps).getTime() - MEMBERS_PER_DEVICE_WINDOW_DAYS * DAY_MS).toISOString();
    const members = new Set(await repo.membersOfDevice(deps.db, session.device_hash, since));
    members.add(userId);
    if (members.size > deps.config.deviceRiskMembersPerDevice) reasons.push(sharedDeviceReason(members.size - 1));
  }
  if (deps.config.deviceRiskAutomation) {
    let automated = session?.automation === 1;
    if (!automated) {
      const signupSession = (await findUserById(deps.db, userId))?.signup_device_session_id;
      if (signupSession) automated = (await repo.findDeviceSession(deps.db, signupSession))?.automation === 1;
    }
    if (automated) reasons.push(AUTOMATION_REASON);
  }
  return { deviceSessionId: session ? session.id : null, reason: reasons.length > 0 ? reasons.join('; ') : null };
}

// ---- Aparelhos conectados ------------------------------------------------------------------------------------------

type SessionsDeps = ServiceDeps<'db' | 'config' | 'userId' | 'familyId'>;

export interface DeviceSessionView {
  id: string;
  device: string;
  /** The Brazilian state of the IP, by name, when a trusted proxy told it (GEO_REGION_HEADER); otherwise null. */
  region: string | null;
  lastUsedAt: string;
  createdAt: string;
  current: boolean;
}

export async function mySessions(deps: SessionsDeps): Promise<DeviceSessionView[]> {
  const user = await requireMember(deps.db, deps.userId);
  const families = await repo.activeFamilies(deps.db, user.id, nowOf(deps).toISOString());
  const states = await repo.stateNames(
    deps.db,
    families.flatMap((f) => (f.region ? [f.region] : [])),
  );
  return families.map((f) => ({
    id: f.familyId,
    device: f.device ?? UNKNOWN_DEVICE,
    region: (f.region && states.get(f.region)) ?? null,
    lastUsedAt: f.lastUsedAt,
    createdAt: f.createdAt,
    current: f.familyId === deps.familyId,
  }));
}

/** Ends one of the member's own sessions; another member's or an unknown id is the same NOT_FOUND. */
export async function endSession(deps: SessionsDeps, id: string): Promise<boolean> {
  const user = await requireMember(deps.db, deps.userId);
  const ended = await deps.db
    .transaction()
    .execute((trx) =>
      revokeSessions(trx, user.id, nowOf(deps).toISOString(), {
        families: [id.slice(0, 100)],
        reason: ENDED_ELSEWHERE,
      }),
    );
  if (ended === 0) throw notFound('Sessão não encontrada.');
  return true;
}

/** Ends every session of the member but this one; how many ended. */
export async function endOtherSessions(deps: SessionsDeps): Promise<number> {
  const user = await requireMember(deps.db, deps.userId);
  return deps.db
    .transaction()
    .execute((trx) =>
      revokeSessions(trx, user.id, nowOf(deps).toISOString(), { except: deps.familyId, reason: ENDED_ELSEWHERE }),
    );
}

// ---- Support (the painel's member page) ----------------------------------------------------------------------------

/** How many of a member's devices the painel lists. */
export const MEMBER_DEVICES_MAX = 20;

export interface MemberDeviceView {
  device: string;
  region: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
  /** What the session-security component saw: automated browser, private window, foreign time zone or language. */
  flags: string[];
  /** Other members tied to the same device in the rule's window (30 days). */
  otherMembers: number;
}

const FLAG_LABELS = {
  automation: 'navegador automatizado',
  incognito: 'janela anônima',
  foreign_time_zone: 'fuso horário fora do Brasil',
  foreign_language: 'idioma fora do português',
} as const;

/**
 * A member as support sees them: their live sessions (as "Aparelhos conectados" lists them), the devices they were
 * seen on with what the component saw, and when they last signed in or refreshed a session. Read-only, and for any
 * member, disabled ones included.
 */
export async function memberDevicesForSupport(deps: ServiceDeps<'db' | 'config'>, userId: number) {
  const now = nowOf(deps);
  const families = await repo.activeFamilies(deps.db, userId, now.toISOString());
  const { devices, lastAccessAt } = await repo.devicesOfMember(deps.db, userId, MEMBER_DEVICES_MAX);
  const states = await repo.stateNames(deps.db, [
    ...families.flatMap((f) => (f.region ? [f.region] : [])),
    ...devices.flatMap((d) => (d.region ? [d.region] : [])),
  ]);
  const since = new Date(now.getTime() - MEMBERS_PER_DEVICE_WINDOW_DAYS * DAY_MS).toISOString();
  const deviceViews: MemberDeviceView[] = await Promise.all(
    devices.map(async (d) => ({
      device: d.device ?? UNKNOWN_DEVICE,
      region: (d.region && states.get(d.region)) ?? null,
      firstSeenAt: d.first_seen_at,
      lastSeenAt: d.last_seen_at,
      flags: (Object.keys(FLAG_LABELS) as (keyof typeof FLAG_LABELS)[])
        .filter((key) => d[key] === 1)
        .map((key) => FLAG_LABELS[key]),
      otherMembers: d.device_hash
        ? new Set((await repo.membersOfDevice(deps.db, d.device_hash, since)).filter((id) => id !== userId)).size
        : 0,
    })),
  );
  return {
    lastAccessAt,
    sessions: families.map((f) => ({
      id: f.familyId,
      device: f.device ?? UNKNOWN_DEVICE,
      region: (f.region && states.get(f.region)) ?? null,
      createdAt: f.createdAt,
      lastUsedAt: f.lastUsedAt,
    })),
    devices: deviceViews,
  };
}
