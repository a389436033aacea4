// The switches support needs on one member (docs/product.md#33-profile-status-and-account-switches names the
// states; without these only raw SQL reached them): what staff in the painel (atendimento) and an operator at the
// terminal (`npm run members`) do to a member's account. Each validates once, reads the member once, and writes the
// change, the sessions it ends and its audit line (`staff_audit`, where admins read and export it and the member's
// page lists it) in one transaction, the caller's when given one; each refusal is a DomainError. The painel's
// resolvers (staff-resolvers.ts) and the terminal (server/cli/members.ts) only adapt their input to these.
import type { Db, UserRow, UserUpdate } from '../../db/schema';
import { runInTransaction } from '../../db/transaction';
import { DomainError } from '../../errors/domain-error';
import { hideCpf } from '../../privacy/hide';
import { INVALID_CHARACTERS_MESSAGE, isPlainText } from '../../../common/validation/plain-text';
import {
  CONSENT_MAX,
  CONSENT_MIN,
  REASON_MAX,
  REASON_MIN,
  SWITCH_MESSAGES,
} from '../../../common/painel/member-switches';
import { parseLogin, findForLogin, revokeAllSessions } from '../auth';
import { recentAudit } from './repository';
import { findUserById, updateUser } from '../users';
import { auditActorOf, recordAudit, type AuditActor } from '../staff';
import { nowOf, type OperatorDeps } from '../service-deps';

/** Who switches: an AuditActor, or a name, which is the terminal's operator. */
export type SwitchActor = string | AuditActor;

export const ACCOUNT_TYPES = ['member', 'editor'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const MEMBER_NOT_FOUND_MESSAGE = 'Nenhum membro com esse CPF, e-mail ou celular.';

/** Which member: as typed at the terminal (CPF, e-mail or celular), or by id from the painel. */
export type MemberKey = string | { readonly id: number };

/** A member by CPF, e-mail or celular, spelled any way the login form accepts, or by id. */
export async function findMember(db: Db, who: MemberKey): Promise<UserRow> {
  const user =
    typeof who === 'string' ? await findForLogin(db, parseLogin(who).lookup) : await findUserById(db, who.id);
  if (!user) throw new DomainError('NOT_FOUND', MEMBER_NOT_FOUND_MESSAGE);
  return user;
}

export interface MemberSummary {
  readonly id: number;
  readonly name: string;
  readonly cpf: string;
  readonly email: string;
  readonly accountType: string;
  readonly disabled: boolean;
  readonly changePasswordRequired: boolean;
  readonly consentPending: boolean;
  readonly consentMessage: string | null;
  readonly chatbot: boolean;
  readonly store: string | null;
  readonly createdAt: string;
  readonly audit: { at: string; actor: string; action: string; detail: string | null }[];
}

export async function showMember({ db }: OperatorDeps, who: MemberKey): Promise<MemberSummary> {
  const user = await findMember(db, who);
  const audit = await recentAudit(db, user.id, 10);
  return {
    id: user.id,
    name: `${user.name} ${user.sur_name}`,
    cpf: hideCpf(user.cpf),
    email: user.email,
    accountType: user.account_type ?? 'member',
    disabled: user.disabled_at !== null,
    changePasswordRequired: user.change_password_required === 1,
    consentPending: user.consent_pending === 1,
    consentMessage: user.consent_message,
    chatbot: user.chatbot_invoice_upload_enabled === 1,
    store: user.subsidiary_slug,
    createdAt: user.created_at,
    audit,
  };
}

interface Switch {
  readonly action: string;
  readonly changes: UserUpdate;
  /** Ends every session at once (a disabled member must not keep a 30-day refresh token). */
  readonly endSessions?: boolean;
}

/**
 * Why the operator switches: required from the painel (a staff member always says why, and the audit keeps it),
 * optional at the terminal (`--reason`), whose scripts predate it.
 */
function reasonOf(actor: AuditActor, reason: string | null | undefined): string | null {
  const text = reason?.trim() ?? '';
  if (text === '') {
    if (actor.kind === 'staff') throw new DomainError('BAD_USER_INPUT', SWITCH_MESSAGES.reason, 'reason');
    return null;
  }
  if (text.length < REASON_MIN || text.length > REASON_MAX) {
    throw new DomainError('BAD_USER_INPUT', SWITCH_MESSAGES.reasonLength, 'reason');
  }
  if (!isPlainText(text)) throw new DomainError('BAD_USER_INPUT', INVALID_CHARACTERS_MESSAGE, 'reason');
  return text;
}

/** The switch's options: the reason, which goes to the audit line. */
export interface SwitchOptions {
  readonly reason?: string | null;
}

async function apply(
  deps: OperatorDeps,
  who: MemberKey,
  actor: SwitchActor,
  change: Switch,
  options: SwitchOptions,
): Promise<UserRow> {
  const now = nowOf(deps);
  const auditActor = auditActorOf(actor);
  const reason = reasonOf(auditActor, options.reason);
  return runInTransaction(deps.db, async (trx) => {
    // The member is read in the transaction of the change, so the audit's "before" is what this change replaced.
    const user = await findMember(trx, who);
    const before: Record<string, unknown> = Object.fromEntries(
      Object.keys(change.changes).map((key) => [key, user[key as keyof UserRow]]),
    );
    const after: Record<string, unknown> = { ...change.changes };
    if (Object.keys(change.changes).length > 0) await updateUser(trx, user.id, change.changes, now);
    if (change.endSessions) {
      before['sessions'] = await revokeAllSessions(trx, user.id, now);
      after['sessions'] = 0;
    }
    if (reason !== null) after['reason'] = reason;
    await recordAudit(
      trx,
      auditActor,
      {
        action: `member.${change.action}`,
        object: { type: 'member', id: user.id, label: `${user.name} ${user.sur_name}` },
        before,
        after,
      },
      now,
    );
    return { ...user, ...change.changes } as UserRow;
  });
}

export const operatorSwitches = {
  requirePasswordChange: (deps: OperatorDeps, who: MemberKey, actor: SwitchActor, options: SwitchOptions = {}) =>
    apply(deps, who, actor, { action: 'require-password-change', changes: { change_password_required: 1 } }, options),

  consent: async (
    deps: OperatorDeps,
    who: MemberKey,
    actor: SwitchActor,
    message: string,
    options: SwitchOptions = {},
  ) => {
    const text = message.trim();
    if (text.length < CONSENT_MIN || text.length > CONSENT_MAX) {
      throw new DomainError('BAD_USER_INPUT', SWITCH_MESSAGES.consent, 'message');
    }
    if (!isPlainText(text)) {
      throw new DomainError('BAD_USER_INPUT', INVALID_CHARACTERS_MESSAGE, 'message');
    }
    return apply(
      deps,
      who,
      actor,
      { action: 'consent', changes: { consent_pending: 1, consent_message: text } },
      options,
    );
  },

  chatbot: (deps: OperatorDeps, who: MemberKey, actor: SwitchActor, on: boolean, options: SwitchOptions = {}) =>
    apply(
      deps,
      who,
      actor,
      { action: on ? 'chatbot-on' : 'chatbot-off', changes: { chatbot_invoice_upload_enabled: on ? 1 : 0 } },
      options,
    ),

  accountType: async (
    deps: OperatorDeps,
    who: MemberKey,
    actor: SwitchActor,
    type: string,
    options: SwitchOptions = {},
  ) => {
    if (!(ACCOUNT_TYPES as readonly string[]).includes(type)) {
      throw new DomainError('BAD_USER_INPUT', `Tipo de conta inválido: use ${ACCOUNT_TYPES.join(' ou ')}.`, 'type');
    }
    return apply(deps, who, actor, { action: 'account-type', changes: { account_type: type } }, options);
  },

  disable: (deps: OperatorDeps, who: MemberKey, actor: SwitchActor, options: SwitchOptions = {}) =>
    apply(
      deps,
      who,
      actor,
      { action: 'disable', changes: { disabled_at: nowOf(deps).toISOString() }, endSessions: true },
      options,
    ),

  enable: (deps: OperatorDeps, who: MemberKey, actor: SwitchActor, options: SwitchOptions = {}) =>
    apply(deps, who, actor, { action: 'enable', changes: { disabled_at: null } }, options),

  /** Signs the member out of every device (a lost phone, a shared password): each must sign in again. */
  endSessions: (deps: OperatorDeps, who: MemberKey, actor: SwitchActor, options: SwitchOptions = {}) =>
    apply(deps, who, actor, { action: 'end-sessions', changes: {}, endSessions: true }, options),
};
