/**
 * Every configuration value of docs/product.md#13-configuration, read from `NEXT_PUBLIC_*` variables at build time
 * with the embedded defaults. Each variable is referenced by its literal name because Next inlines only literal reads.
 */

export type Environment = 'production' | 'staging' | 'development';

export interface AppConfig {
  readonly environment: Environment;
  /** Maintenance mode exists in the product but its effect is not specified; off in this build. */
  readonly maintenanceMode: boolean;
  /** WhatsApp contact number, digits with country code. */
  readonly whatsappNumber: string;
  /** Seconds before "Reenviar código" is enabled again. One correctly spelled name, always a number. */
  readonly resendCodeTimerSeconds: number;
  /** Human verification (ALTCHA) on the sign-up and login forms. */
  readonly humanVerification: boolean;
  /** Google Tag Manager container id; nothing is loaded when empty. */
  readonly tagManagerId: string | undefined;
  /** Google Analytics measurement id; nothing is loaded when empty. */
  readonly analyticsId: string | undefined;
  readonly graphqlUrl: string;
  /** Send queries (never mutations) with GET, so a CDN could cache them. */
  readonly graphqlGetForQueries: boolean;
  /**
   * The session-security vendor (docs/session-security.md): login, envelope and IP lookup, answered by our own API by
   * default.
   */
  readonly sessionSecurity: {
    /** Base address of the vendor's routes (`/seguranca/login`, `/seguranca/envelope`, `/seguranca/ip`). */
    readonly url: string;
    readonly clientId: string;
    /** Public by nature: it ships in the page; the vendor ties it to the client id, not to a member. */
    readonly secret: string;
  };
  readonly basePath: string;
  readonly devServerPort: number;
  readonly links: {
    readonly privacyPolicy: string;
    readonly termsOfUse: string;
    readonly tipsArticle: string;
    readonly inspirationSite: string;
  };
}

type Env = Readonly<Record<string, string | undefined>>;

function text(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return ['1', 'true', 'on', 'yes', 'sim'].includes(value.trim().toLowerCase());
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
}

function environment(value: string | undefined): Environment {
  return value === 'staging' || value === 'development' ? value : 'production';
}

export const RESEND_CODE_TIMER_DEFAULT_SECONDS = 30;

/** The API's own base: the GraphQL address without its last path segment ('/graphql' → ''). */
function apiBase(graphqlUrl: string): string {
  return graphqlUrl.replace(/\/[^/]*$/, '');
}

/** Builds the configuration from an environment; exported so tests can pass their own. */
export function readConfig(env: Env): AppConfig {
  const graphqlUrl = text(env.NEXT_PUBLIC_GRAPHQL_URL, '/graphql');
  return {
    environment: environment(env.NEXT_PUBLIC_ENVIRONMENT),
    maintenanceMode: flag(env.NEXT_PUBLIC_MAINTENANCE_MODE, false),
    whatsappNumber: text(env.NEXT_PUBLIC_WHATSAPP_NUMBER, '5511999990000').replace(/\D/g, ''),
    resendCodeTimerSeconds: positiveInt(env.NEXT_PUBLIC_RESEND_CODE_TIMER, RESEND_CODE_TIMER_DEFAULT_SECONDS),
    humanVerification: flag(env.NEXT_PUBLIC_HUMAN_VERIFICATION, true),
    tagManagerId: optional(env.NEXT_PUBLIC_GTM_ID),
    analyticsId: optional(env.NEXT_PUBLIC_GA_ID),
    graphqlUrl,
    graphqlGetForQueries: flag(env.NEXT_PUBLIC_GRAPHQL_GET_QUERIES, false),
    sessionSecurity: {
      url: text(env.NEXT_PUBLIC_SESSION_SECURITY_URL, apiBase(graphqlUrl)).replace(/\/+$/, ''),
      clientId: text(env.NEXT_PUBLIC_SESSION_SECURITY_CLIENT_ID, 'clube-web'),
      secret: text(env.NEXT_PUBLIC_SESSION_SECURITY_SECRET, 'publico'),
    },
    basePath: '/',
    devServerPort: 3000,
    links: {
      privacyPolicy: text(env.NEXT_PUBLIC_PRIVACY_POLICY_URL, 'https://www.exemplo.com.br/politica-de-privacidade'),
      termsOfUse: text(env.NEXT_PUBLIC_TERMS_OF_USE_URL, 'https://www.exemplo.com.br/termos-de-uso'),
      tipsArticle: text(env.NEXT_PUBLIC_TIPS_ARTICLE_URL, 'https://www.exemplo.com.br/dicas-projetos-e-promocoes'),
      inspirationSite: text(env.NEXT_PUBLIC_INSPIRATION_URL, 'https://www.exemplo.com.br/inspiracao'),
    },
  };
}

export const config: AppConfig = readConfig({
  NEXT_PUBLIC_ENVIRONMENT: process.env.NEXT_PUBLIC_ENVIRONMENT,
  NEXT_PUBLIC_MAINTENANCE_MODE: process.env.NEXT_PUBLIC_MAINTENANCE_MODE,
  NEXT_PUBLIC_WHATSAPP_NUMBER: process.env.NEXT_PUBLIC_WHATSAPP_NUMBER,
  NEXT_PUBLIC_RESEND_CODE_TIMER: process.env.NEXT_PUBLIC_RESEND_CODE_TIMER,
  NEXT_PUBLIC_HUMAN_VERIFICATION: process.env.NEXT_PUBLIC_HUMAN_VERIFICATION,
  NEXT_PUBLIC_GTM_ID: process.env.NEXT_PUBLIC_GTM_ID,
  NEXT_PUBLIC_GA_ID: process.env.NEXT_PUBLIC_GA_ID,
  NEXT_PUBLIC_GRAPHQL_URL: process.env.NEXT_PUBLIC_GRAPHQL_URL,
  NEXT_PUBLIC_GRAPHQL_GET_QUERIES: process.env.NEXT_PUBLIC_GRAPHQL_GET_QUERIES,
  NEXT_PUBLIC_SESSION_SECURITY_URL: process.env.NEXT_PUBLIC_SESSION_SECURITY_URL,
  NEXT_PUBLIC_SESSION_SECURITY_CLIENT_ID: process.env.NEXT_PUBLIC_SESSION_SECURITY_CLIENT_ID,
  NEXT_PUBLIC_SESSION_SECURITY_SECRET: process.env.NEXT_PUBLIC_SESSION_SECURITY_SECRET,
  NEXT_PUBLIC_PRIVACY_POLICY_URL: process.env.NEXT_PUBLIC_PRIVACY_POLICY_URL,
  NEXT_PUBLIC_TERMS_OF_USE_URL: process.env.NEXT_PUBLIC_TERMS_OF_USE_URL,
  NEXT_PUBLIC_TIPS_ARTICLE_URL: process.env.NEXT_PUBLIC_TIPS_ARTICLE_URL,
  NEXT_PUBLIC_INSPIRATION_URL: process.env.NEXT_PUBLIC_INSPIRATION_URL,
});
