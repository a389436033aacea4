import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import { badUserInput, forbidden, tooManyRequests } from '../../errors/api-errors';
import { parseInput } from '../../errors/parse-input';
import type { StaffContext } from '../../graphql/staff-context';
import type { LimitRule } from '../../limits/limiter-factory';
import { staffLoginSchema } from '../../../common/painel/schemas';
import { nowOf } from '../service-deps';
import { recordAudit } from './audit';
import { claimTotpStep, endSession, findAccountByEmail, rolesOf, updateAccount } from './repository';
import { startStaffSession, type StaffSessionView } from './sessions';
import { matchingStep } from './totp';

export const STAFF_WRONG_CREDENTIALS_MESSAGE = 'E-mail, senha ou código do autenticador incorretos.';
export const STAFF_LOCKED_MESSAGE = 'Muitas tentativas erradas com esta conta. Aguarde 15 minutos e tente de novo.';
export const STAFF_DISABLED_MESSAGE = 'Esta conta da equipe está desativada. Fale com um administrador.';

/**
 * The members' login limits, counted apart: 5 wrong tries per e-mail typed in 15 minutes lock that account's
 * sign-in (whether or not the e-mail is an account's, so the answer tells nothing), and every try counts for the
 * address as LOGIN_ATTEMPTS_PER_IP does for members.
 */
export const STAFF_LOGIN_ACCOUNT_RULE: LimitRule = { name: 'staff-login-account', max: 5, windowMs: 15 * 60 * 1000 };
const ipRule = (max: number): LimitRule => ({ name: 'staff-login-ip', max, windowMs: 5 * 60 * 1000 });

type LoginDeps = Pick<StaffContext, 'db' | 'config' | 'limiters' | 'ip'>;

/** E-mail, password and the authenticator's code, all three right: a painel session. */
export async function staffLogin(
  deps: LoginDeps,
  input: { email: string; password: string; code: string },
): Promise<StaffSessionView> {
  const { email, password, code } = parseInput(staffLoginSchema, input);
  const byIp = deps.limiters(ipRule(deps.config.loginAttemptsPerIp));
  const byAccount = deps.limiters(STAFF_LOGIN_ACCOUNT_RULE);
  if (!(await byIp.take(deps.ip)).allowed) throw tooManyRequests();
  // Counted as a failure before the password is checked, so parallel guesses cannot slip past the count.
  if (!(await byAccount.take(email)).allowed) {
    await byIp.giveBack(deps.ip);
    throw tooManyRequests(STAFF_LOCKED_MESSAGE);
  }

  const now = nowOf(deps);
  const account = await findAccountByEmail(deps.db, email);
  // Always one argon2 verify, so an unknown e-mail takes as long as a wrong password.
  const passwordOk = await verifyPassword(account?.password_hash ?? DUMMY_PASSWORD_HASH, password);
  const step =
    account && passwordOk && account.totp_secret !== null
      ? matchingStep(account.totp_secret, code, now.getTime())
      : null;
  // A code already used (this step or an earlier one) is refused like a wrong one: it may have been seen.
  if (!account || step === null || !(await claimTotpStep(deps.db, account.id, step))) {
    throw badUserInput(STAFF_WRONG_CREDENTIALS_MESSAGE);
  }
  await byAccount.giveBack(email);
  if (account.disabled_at !== null) throw forbidden(STAFF_DISABLED_MESSAGE);

  if (needsRehash(account.password_hash ?? '')) {
    await updateAccount(deps.db, account.id, { password_hash: await hashPassword(password) }, now.toISOString());
  }
  const roles = await rolesOf(deps.db, account.id);
  const session = await startStaffSession(deps.db, deps.config, { ...account, roles }, deps.ip, now);
  await recordAudit(
    deps.db,
    { kind: 'staff', staffId: account.id, name: account.name, email: account.email, role: null, ip: deps.ip },
    { action: 'staff.login', object: { type: 'staff', id: account.id, label: account.email } },
    now,
  );
  return session;
}

/** Ends the caller's painel session (its token opens nothing from now on). */
export async function staffLogout(deps: Pick<StaffContext, 'db' | 'config' | 'staff' | 'ip'>): Promise<boolean> {
  const { staff } = deps;
  if (!staff) return true;
  const now = nowOf(deps);
  await deps.db.transaction().execute(async (trx) => {
    await endSession(trx, staff.sessionId, now.toISOString());
    await recordAudit(
      trx,
      { kind: 'staff', staffId: staff.id, name: staff.name, email: staff.email, role: null, ip: deps.ip },
      { action: 'staff.logout', object: { type: 'staff', id: staff.id, label: staff.email } },
      now,
    );
  });
  return true;
}
