import type { Db, UserRow, UserUpdate } from '../../db/schema';
import { parseLogin, findForLogin, revokeAllSessions } from '../auth';
import { insertAudit, recentAudit } from './repository';
import { updateUser } from '../users';
import { recordAudit, terminalActor, type AuditActor } from '../staff';
import { nowOf, type OperatorDeps } from '../service-deps';

/**
 * The switches support needs on one member (docs/product.md#33-profile-status-and-account-switches names the states;
 * without these only raw SQL reached them). Every switch is written to `member_audit` with the operator's name, and
 * to the staff's audit trail (`staff_audit`, where admins read and export it) with what changed, in the same
 * transaction. The actor is the terminal's operator name, or a staff member's actor from the painel.
 */

/** Who switches: the terminal operator's name, or the actor `requireRole` gave a painel operation. */
export type SwitchActor = string | AuditActor;

export const ACCOUNT_TYPES = ['member', 'editor'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export class OperatorError extends Error {}

/** A member by CPF, e-mail or celular, spelled any way the login form accepts. */
export async function findMember(db: Db, who: string): Promise<UserRow> {
  const user = await findForLogin(db, parseLogin(who).lookup);
  if (!user) throw new OperatorError('Nenhum membro com esse CPF, e-mail ou celular.');
  return user;
}

/** CPFs never reach a terminal or a log whole: the middle digits are hidden. */
export const maskCpf = (cpf: string): string => `***.${cpf.slice(3, 6)}.***-${cpf.slice(-2)}`;

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
  readonly audit: { at: string; actor: SwitchActor; action: string; detail: string | null }[];
}

export async function showMember({ db }: OperatorDeps, who: string): Promise<MemberSummary> {
  const user = await findMember(db, who);
  const audit = await recentAudit(db, user.id, 10);
  return {
    id: user.id,
    name: `${user.name} ${user.sur_name}`,
    cpf: maskCpf(user.cpf),
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
  readonly detail?: string;
  readonly changes: UserUpdate;
  /** Ends every session at once (a disabled member must not keep a 30-day refresh token). */
  readonly endSessions?: boolean;
}

async function apply(deps: OperatorDeps, who: string, actor: SwitchActor, change: Switch): Promise<UserRow> {
  const { db } = deps;
  const now = nowOf(deps);
  const user = await findMember(db, who);
  const auditActor = typeof actor === 'string' ? terminalActor(actor) : actor;
  const before = Object.fromEntries(Object.keys(change.changes).map((key) => [key, user[key as keyof UserRow]]));
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, change.changes, now);
    if (change.endSessions) await revokeAllSessions(trx, user.id, now);
    await insertAudit(trx, {
      user_id: user.id,
      actor: auditActor.kind === 'staff' ? `${auditActor.name} <${auditActor.email}>` : auditActor.name,
      action: change.action,
      detail: change.detail ?? null,
      created_at: now.toISOString(),
    });
    await recordAudit(
      trx,
      auditActor,
      {
        action: `member.${change.action}`,
        object: { type: 'member', id: user.id, label: `${user.name} ${user.sur_name}` },
        before,
        after: { ...change.changes },
      },
      now,
    );
  });
  return user;
}

const CONSENT_MAX = 1_000;

export const operatorSwitches = {
  requirePasswordChange: (deps: OperatorDeps, who: string, actor: SwitchActor) =>
    apply(deps, who, actor, { action: 'require-password-change', changes: { change_password_required: 1 } }),

  consent: async (deps: OperatorDeps, who: string, actor: SwitchActor, message: string) => {
    const text = message.trim();
    if (text.length < 10 || text.length > CONSENT_MAX) {
      throw new OperatorError(`A mensagem do consentimento precisa ter de 10 a ${CONSENT_MAX} caracteres.`);
    }
    return apply(deps, who, actor, {
      action: 'consent',
      detail: text,
      changes: { consent_pending: 1, consent_message: text },
    });
  },

  chatbot: (deps: OperatorDeps, who: string, actor: SwitchActor, on: boolean) =>
    apply(deps, who, actor, {
      action: on ? 'chatbot-on' : 'chatbot-off',
      changes: { chatbot_invoice_upload_enabled: on ? 1 : 0 },
    }),

  accountType: async (deps: OperatorDeps, who: string, actor: SwitchActor, type: string) => {
    if (!(ACCOUNT_TYPES as readonly string[]).includes(type)) {
      throw new OperatorError(`Tipo de conta inválido: use ${ACCOUNT_TYPES.join(' ou ')}.`);
    }
    return apply(deps, who, actor, { action: 'account-type', detail: type, changes: { account_type: type } });
  },

  disable: (deps: OperatorDeps, who: string, actor: SwitchActor) =>
    apply(deps, who, actor, {
      action: 'disable',
      changes: { disabled_at: nowOf(deps).toISOString() },
      endSessions: true,
    }),

  enable: (deps: OperatorDeps, who: string, actor: SwitchActor) =>
    apply(deps, who, actor, { action: 'enable', changes: { disabled_at: null } }),
};
