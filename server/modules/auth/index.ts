import type { ClubModule } from '../club-module';
import { authResolvers } from './resolvers';

export { consumeCode, issueCode, maskEmailDestination, maskPhoneDestination, secondsUntilResend } from './codes';
export { sendEmailConfirmation } from './email-confirmation';
export type { FlowDeps } from './flow-deps';
export { humanVerification, noHumanCheck } from './human-verification';
export { parseLogin } from './login-identifier';
export { LoginRateLimiter } from './rate-limit';
export { findForLogin, revokeAllSessions } from './service';
export { ENDED_ELSEWHERE } from './session-end';
export { lastLogoutAt } from './repository';
export { revokeSessions } from './repository';
export type { TokenPair } from './service';
export {
  keepPendingSignup,
  PENDING_SIGNUP_TTL_MS,
  SIGN_UP_MESSAGES,
  finishSignUp,
  takenFields,
  throwIfTaken,
} from './signup';
export { THROTTLE_RULES, Throttle } from './throttle';

export const authModule: ClubModule = {
  name: 'auth',
  resolvers: authResolvers,
};
