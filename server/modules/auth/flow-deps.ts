import type { ServiceDeps } from '../service-deps';

/** What the sign-up, code, reset and confirmation flows read from a request (a resolver passes its ctx). */
export type FlowDeps = ServiceDeps<'db' | 'config' | 'messenger' | 'throttle' | 'ip' | 'loginLimiter'> &
  Partial<ServiceDeps<'deviceSessionId'>>;
