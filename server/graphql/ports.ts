import type { X509Certificate } from 'node:crypto';
import type { Db, UserRow } from '../db/schema';
import type { LimitRule } from '../limits/limiter-factory';

/**
 * What a request's context offers the modules, as interfaces: the modules implement them and the app wires them in,
 * so this layer never imports a module.
 */

export interface LoginAttempt {
  /** Call after a successful login: the attempt no longer counts as a failure for the identifier. */
  succeeded(): Promise<void>;
}

export interface LoginLimiter {
  /** Null when the identifier or the IP is over its limit; otherwise the attempt, counted as a failure until told. */
  begin(identifierKey: string, ip: string): Promise<LoginAttempt | null>;
  /**
   * The same attempt counted for the account the identifier named, whichever of its identifiers was typed; null when
   * the account is over its limit.
   */
  beginForAccount(userId: number): Promise<LoginAttempt | null>;
  /** Forgets the account's failures: its member proved who they are another way (a password reset). */
  clearAccount(userId: number): Promise<void>;
}

export interface AuthThrottle {
  /** A guess at a secret, counted as a failure up front; throws TOO_MANY_REQUESTS when the key is full. */
  guess(rule: LimitRule, key: string): Promise<LoginAttempt>;
  /** Counts one request for `key` under `rule` and for the IP; throws TOO_MANY_REQUESTS when either is full. */
  hit(rule: LimitRule, key: string, ip: string): Promise<void>;
}

export interface HumanVerifier {
  /** Throws BAD_USER_INPUT unless the ALTCHA payload is a fresh, valid solution never used before. */
  check(payload: string | null | undefined): Promise<void>;
}

export interface UploadLimiter {
  /** False when the member is over the limit; otherwise counts this attempt. */
  tryTake(userId: number): Promise<boolean>;
}

/** The member of a live session (refresh-token family), or undefined when it ended or the member is disabled. */
export type ActiveSessionMember = (
  db: Db,
  familyId: string,
  userId: number,
  now: string,
) => Promise<UserRow | undefined>;

/**
 * The certificates the club trusts for the signatures of members' NF-e XMLs: roots, and the ACs a chain may pass
 * through (NFE_TRUSTED_ROOTS, or the shipped ICP-Brasil set). Loaded once when the app starts.
 */
export interface NfeTrustStore {
  readonly roots: readonly X509Certificate[];
  readonly intermediates: readonly X509Certificate[];
}
