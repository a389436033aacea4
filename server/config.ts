import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { z } from 'zod';
import type { OutboundLookup } from './adapters/outbound';
import { newVapidKeys, repairedPrivateKey } from './adapters/vapid-keys';
import { databaseTargetFrom, type DatabaseTarget } from './db/database';
import type { S3Settings } from './storage/s3';

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** DATABASE_URL: a SQLite file (default, in DATA_DIR) or a PostgreSQL server. */
  readonly database: DatabaseTarget;
  readonly jwtSecret: Uint8Array;
  readonly nodeEnv: 'development' | 'production' | 'test';
  readonly staticDir: string;
  readonly serveStatic: boolean;
  readonly corsOrigin: string | undefined;
  /** Behind nginx or a load balancer, so request.ip (used by the rate limits) is the client's, not the proxy's. */
  readonly trustProxy: boolean;
  /** A header the trusted proxy or CDN sets to the IP's state (UF), read only behind TRUST_PROXY. */
  readonly geoRegionHeader: string | undefined;
  /** Login attempts one IP may make in five minutes, for all API processes together (LOGIN_ATTEMPTS_PER_IP). */
  readonly loginAttemptsPerIp: number;
  /** Requests a logged-in member, or else an IP, may make in a minute, for all API processes (REQUESTS_PER_MINUTE). */
  readonly requestsPerMinute: number;
  /** Where members open the app; e-mail links start with it (PUBLIC_URL). */
  readonly publicUrl: string;
  readonly smsApiUrl: string | undefined;
  readonly smsApiToken: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** ALTCHA on sign-up, login and password recovery (HUMAN_VERIFICATION); must match the web app's switch. */
  readonly humanVerification: boolean;
  /**
   * DEMO_DATA: seed the demo accounts (members and staff, whose passwords the README publishes) and their history at
   * start. Default: on SQLite outside production; NODE_ENV=production takes them only from an explicit DEMO_DATA=true.
   */
  readonly demoData: boolean;
  /** True when NODE_ENV=production alone turned off the demo data SQLite would seed by default: start says so. */
  readonly demoDataRefused: boolean;
  /**
   * Clock in milliseconds; tests inject a fake one instead of sleeping. The rate limits (rate-limiter-flexible) and
   * ALTCHA challenges read the system clock instead.
   */
  readonly now: () => number;
  /** CEP lookup (CEP_PROVIDER): 'viacep' asks ViaCEP over HTTP; 'sample' answers from a bundled sample, offline. */
  readonly cepProvider: 'viacep' | 'sample';
  /** Members' files in an S3 bucket (S3_BUCKET and the other S3_*); unset keeps them in DATA_DIR/uploads. */
  readonly s3: S3Settings | undefined;
  /**
   * This process's name among several behind a proxy (INSTANCE_NAME), sent back in X-Clube-Instance so a log line,
   * a support call or a test can tell which process answered; unset sends no header.
   */
  readonly instanceName: string | undefined;
  /**
   * The session-security handshake's ClientId and Secret (SESSION_SECURITY_CLIENT_ID, SESSION_SECURITY_SECRET): the
   * web app's public configuration, checked at the receiver's login; not secrets, since a browser holds them.
   */
  readonly sessionSecurityClientId: string;
  readonly sessionSecuritySecret: string;
  /**
   * Handshakes, envelopes and IP look-ups one address may make in a minute (SESSION_SECURITY_REQUESTS_PER_IP): a page
   * makes up to three per load, and a store's counter or a shared office sits behind one address.
   */
  readonly sessionSecurityRequestsPerIp: number;
  /** DEVICE_RISK_AUTOMATION: the "navegador automatizado" risk rule (on; the end-to-end server turns it off). */
  readonly deviceRiskAutomation: boolean;
  /**
   * DEVICE_RISK_MEMBERS_PER_DEVICE: how many members one device may serve in 30 days before their invoices wait for
   * review (3; the end-to-end server, where every test member shares one browser, raises it).
   */
  readonly deviceRiskMembersPerDevice: number;
  /**
   * NEXT_PUBLIC_GTM_ID and NEXT_PUBLIC_GA_ID, the build's analytics ids, read here too: with either one the
   * Content-Security-Policy lets Google's tag hosts in; with neither, nothing of theirs.
   */
  readonly tagManagerId: string | undefined;
  readonly analyticsId: string | undefined;
  /** MAINTENANCE: every API route answers 503 with Retry-After; the export is still served. */
  readonly maintenance: boolean;
  /** MAINTENANCE_RETRY_AFTER: the seconds that 503's Retry-After asks a client to wait. */
  readonly maintenanceRetryAfterSeconds: number;
  /**
   * METRICS_PORT and METRICS_HOST: where this process answers Prometheus's scrape (`GET /metrics`), apart from the
   * API's port so nginx never exposes it; undefined (the default) serves no metrics.
   */
  readonly metrics: { readonly port: number; readonly host: string } | undefined;
  /** SHUTDOWN_GRACE_MS: how long a SIGTERM waits for in-flight requests and jobs before the process exits anyway. */
  readonly shutdownGraceMs: number;
  /**
   * The points partner (POINTS_PARTNER_URL, POINTS_PARTNER_TOKEN, POINTS_PARTNER_CALLBACK_SECRET): the club calls its
   * JSON API with the token and checks the HMAC of its callbacks with the secret. Unset: the embedded default, where
   * an operator answers for the partner from the terminal (`npm run partner`).
   */
  readonly pointsPartner: PointsPartnerSettings | undefined;
  /** POINTS_PARTNER_NAME: the partner program as the member reads it ("Transferência nº 12 para …"). */
  readonly pointsPartnerName: string;
  /**
   * Web push's VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT). Unset on the embedded default: a pair
   * is generated once and kept in DATA_DIR. Unset on PostgreSQL: no push is sent (the inbox still works), since a
   * pair generated on one process's disk would differ from the others'.
   */
  readonly vapid: VapidKeys | undefined;
  /**
   * NFE_TRUSTED_ROOTS: a PEM file or a folder of .pem files (roots and intermediates) that replaces the ICP-Brasil set
   * shipped in server/modules/invoices/nfe-trust/ when checking an NF-e's signatures; for tests and homologation.
   * Unset: the shipped set (docs/nfe-trust.md).
   */
  readonly nfeTrustedRoots: string | undefined;
  /** PUSH_SERVICE_HOSTS: push services a member's subscription may name besides the browsers' own. */
  readonly pushServices: PushServiceSettings;
  /** Calls out to the operator's own services (OUTBOUND_PRIVATE_ORIGINS) and how host names are resolved. */
  readonly outbound: OutboundSettings;
  /**
   * The SEFAZ status query by access key (SEFAZ_STATUS_URL, SEFAZ_ENVIRONMENT, SEFAZ_CERT_*, SEFAZ_CA): with it, a
   * daily job asks the SEFAZ about every invoice approved in the last 30 days, once, and reverses a cancelled one's
   * points (docs/sefaz-status.md). Unset: no job.
   */
  readonly sefazStatus: SefazStatusSettings | undefined;
  /** AUTO_APPROVAL_MAX_POINTS: above this, one invoice waits for a person whatever its proofs (5000). */
  readonly autoApprovalMaxPoints: number;
  /**
   * AUTO_APPROVAL_MAX_POINTS_MONTH: automatically approved points one member may get in a calendar month (São Paulo
   * time); the invoice that would pass it waits for a person (20000).
   */
  readonly autoApprovalMaxPointsMonth: number;
  /**
   * REVIEW_CONFIRM_POINTS: a staff approval above this many points, or of a flagged invoice, is sent only after a
   * confirmation that names the member, the points and the flags (2000).
   */
  readonly reviewConfirmPoints: number;
  /**
   * REVIEW_FOUR_EYES_POINTS: above this, a staff approval is only a request, and a second staff account credits it
   * (10000); reversing such an approval takes an admin.
   */
  readonly reviewFourEyesPoints: number;
  /** The WhatsApp channel (WHATSAPP_*, docs/whatsapp.md). */
  readonly whatsapp: WhatsappSettings;
}

/** The club's number on Meta's WhatsApp Business Cloud API, or the embedded stand-in. */
export interface WhatsappSettings {
  /**
   * WHATSAPP_APP_SECRET: the HMAC key of the webhook's X-Hub-Signature-256. Without Meta settings on SQLite, one is
   * generated once into DATA_DIR/whatsapp-app-secret for `npm run whatsapp`; undefined: the webhook refuses every call.
   */
  readonly appSecret: string | undefined;
  /** WHATSAPP_VERIFY_TOKEN: what Meta's subscription check must send back; undefined: the check is refused. */
  readonly verifyToken: string | undefined;
  /** The Graph API (WHATSAPP_GRAPH_URL, WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID); undefined: embedded. */
  readonly graph: WhatsappGraphSettings | undefined;
  /**
   * The approved template a notice goes out with more than 24 hours after the member's last message
   * (WHATSAPP_NOTICE_TEMPLATE, in WHATSAPP_TEMPLATE_LANGUAGE): its body has {{1}}, the notice's title, and {{2}}, its
   * text. Undefined: such notices stay in the app (Avisos, push, e-mail).
   */
  readonly noticeTemplate: { readonly name: string; readonly language: string } | undefined;
}

export interface WhatsappGraphSettings {
  /** The Graph API base with its version, no trailing slash (`https://graph.facebook.com/v23.0`). */
  readonly url: string;
  readonly accessToken: string;
  readonly phoneNumberId: string;
}

export const DEFAULT_WHATSAPP_GRAPH_URL = 'https://graph.facebook.com/v23.0';

/** The club's A1 certificate, the TLS client certificate of the SEFAZ query: a PKCS#12 file, or a PEM key and chain. */
export type SefazClientCertificate =
  | { readonly pfx: Buffer; readonly password: string }
  | { readonly key: Buffer; readonly cert: Buffer; readonly password: string | undefined };

export interface SefazStatusSettings {
  /** The NfeConsultaProtocolo4 service of the club's authorizer (https). */
  readonly url: string;
  /** tpAmb: 1 produção, 2 homologação. */
  readonly environment: 1 | 2;
  readonly clientCertificate: SefazClientCertificate;
  /** CAs (PEM) trusted for the SEFAZ's own TLS certificate besides Node's; undefined: Node's alone. */
  readonly ca: Buffer | undefined;
}

/** docs/outbound-calls.md#push-services */
export interface PushServiceSettings {
  /** Host names (`push.exemplo.com.br`) and suffixes (`*.exemplo.com.br`): https on the default port, public only. */
  readonly hosts: readonly string[];
  /**
   * Origins (`https://push.interno:8443`, a test's `http://127.0.0.1:9000`): the operator's own push service, exactly
   * there, which may be on its network or this machine. The push job reaches a private address through these only.
   */
  readonly origins: readonly string[];
}

/** docs/outbound-calls.md */
export interface OutboundSettings {
  /**
   * The origins of the operator's own services (the points partner, the SMS gateway) that may be on its network or
   * this machine, and over http. Member-given addresses (push) never use them.
   */
  readonly privateOrigins: readonly string[];
  /** The system resolver, unless a test gives one that answers what it is told. */
  readonly lookup?: OutboundLookup;
}

/** The application server's key pair (base64url: a raw P-256 point and scalar) and its contact (mailto: or https:). */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
  readonly subject: string;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:nao-responda@clubedomarceneiro.com.br';

export interface PointsPartnerSettings {
  readonly url: string;
  readonly token: string;
  readonly callbackSecret: string;
}

export const DEFAULT_POINTS_PARTNER_NAME = 'Programa Parceiro';

/** More members than this on one device in 30 days and their invoices wait for review (risk rule a). */
export const DEFAULT_MEMBERS_PER_DEVICE = 3;

/** Ceilings of what the club approves by itself: per invoice, and per member in a calendar month. */
export const DEFAULT_AUTO_APPROVAL_MAX_POINTS = 5000;
export const DEFAULT_AUTO_APPROVAL_MAX_POINTS_MONTH = 20_000;

/** Approvals that ask for a deliberate confirmation, and those that take a second person (four eyes). */
export const DEFAULT_REVIEW_CONFIRM_POINTS = 2000;
export const DEFAULT_REVIEW_FOUR_EYES_POINTS = 10_000;

/** Retry-After of the maintenance answer: five minutes. */
export const DEFAULT_MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/** SHUTDOWN_GRACE_MS: under the 30 s a container runtime waits after SIGTERM before it kills the process. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 25_000;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET precisa ter pelo menos 32 caracteres.').optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  STATIC_DIR: z.string().min(1).default('./out'),
  SERVE_STATIC: booleanFlag.default(true),
  CORS_ORIGIN: z.url().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  GEO_REGION_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/i, 'GEO_REGION_HEADER é o nome de um cabeçalho HTTP, como cf-region-code.')
    .transform((name) => name.toLowerCase())
    .optional(),
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(30),
  REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  SESSION_SECURITY_REQUESTS_PER_IP: z.coerce.number().int().min(1).default(60),
  PUBLIC_URL: z.url().optional(),
  SMS_API_URL: z.url().optional(),
  SMS_API_TOKEN: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL deve começar com smtp:// ou smtps://')
    .optional(),
  HUMAN_VERIFICATION: booleanFlag.default(true),
  DEMO_DATA: booleanFlag.optional(),
  MAIL_FROM: z.string().min(3).default('Clube do Marceneiro <nao-responda@clubedomarceneiro.com.br>'),
  CEP_PROVIDER: z.enum(['viacep', 'sample']).default('sample'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT deve começar com http:// ou https://' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .transform((v) => v.replace(/^\/+|\/+$/g, ''))
    .refine(
      (v) => v === '' || v.split('/').every((segment) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(segment)),
      'S3_PREFIX aceita pastas com letras, números, ".", "_" e "-", separadas por "/".',
    )
    .default(''),
  // It goes out as a response header, so nothing that could break or forge one gets in.
  INSTANCE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'INSTANCE_NAME aceita até 64 letras, números, ".", "_" e "-".')
    .optional(),
  SESSION_SECURITY_CLIENT_ID: z.string().min(1).max(200).default('clube-web'),
  SESSION_SECURITY_SECRET: z.string().min(1).max(200).default('publico'),
  DEVICE_RISK_AUTOMATION: z.enum(['on', 'off']).default('on'),
  DEVICE_RISK_MEMBERS_PER_DEVICE: z.coerce.number().int().min(1).max(1_000_000).default(DEFAULT_MEMBERS_PER_DEVICE),
  NEXT_PUBLIC_GTM_ID: z.string().trim().optional(),
  NEXT_PUBLIC_GA_ID: z.string().trim().optional(),
  MAINTENANCE: booleanFlag.default(false),
  MAINTENANCE_RETRY_AFTER: z.coerce.number().int().min(1).max(86_400).default(DEFAULT_MAINTENANCE_RETRY_AFTER_SECONDS),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).max(255).default('127.0.0.1'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(DEFAULT_SHUTDOWN_GRACE_MS),
  POINTS_PARTNER_URL: z
    .url({ protocol: /^https?$/, error: 'POINTS_PARTNER_URL deve começar com http:// ou https://' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  POINTS_PARTNER_TOKEN: z.string().min(16, 'POINTS_PARTNER_TOKEN precisa ter pelo menos 16 caracteres.').optional(),
  POINTS_PARTNER_CALLBACK_SECRET: z
    .string()
    .min(32, 'POINTS_PARTNER_CALLBACK_SECRET precisa ter pelo menos 32 caracteres.')
    .optional(),
  POINTS_PARTNER_NAME: z
    .string()
    .trim()
    .min(2, 'POINTS_PARTNER_NAME: de 2 a 40 caracteres.')
    .max(40, 'POINTS_PARTNER_NAME: de 2 a 40 caracteres.')
    .default(DEFAULT_POINTS_PARTNER_NAME),
  SEFAZ_STATUS_URL: z.url({ protocol: /^https$/, error: 'SEFAZ_STATUS_URL deve começar com https://' }).optional(),
  SEFAZ_ENVIRONMENT: z
    .enum(['1', '2'], { error: 'SEFAZ_ENVIRONMENT: 1 (produção) ou 2 (homologação).' })
    .transform((v) => (v === '1' ? 1 : 2) as 1 | 2)
    .optional(),
  SEFAZ_CERT_PFX: z.string().min(1).optional(),
  SEFAZ_CERT_PASSWORD: z.string().min(1).optional(),
  SEFAZ_CERT_KEY: z.string().min(1).optional(),
  SEFAZ_CERT_PEM: z.string().min(1).optional(),
  SEFAZ_CA: z.string().min(1).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY: a chave pública P-256 em base64url (87 caracteres).')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY: a chave privada P-256 em base64url (43 caracteres).')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'VAPID_SUBJECT deve ser um endereço mailto: ou uma URL https://.')
    .default(DEFAULT_VAPID_SUBJECT),
  NFE_TRUSTED_ROOTS: z
    .string()
    .trim()
    .max(4096, 'NFE_TRUSTED_ROOTS: o caminho de um arquivo PEM ou de uma pasta de arquivos .pem.')
    .optional(),
  PUSH_SERVICE_HOSTS: z.string().max(2000).optional(),
  OUTBOUND_PRIVATE_ORIGINS: z.string().max(2000).optional(),
  AUTO_APPROVAL_MAX_POINTS: z.coerce
    .number()
    .int()
    .min(0, 'AUTO_APPROVAL_MAX_POINTS: um número inteiro de pontos, 0 ou mais.')
    .default(DEFAULT_AUTO_APPROVAL_MAX_POINTS),
  AUTO_APPROVAL_MAX_POINTS_MONTH: z.coerce
    .number()
    .int()
    .min(0, 'AUTO_APPROVAL_MAX_POINTS_MONTH: um número inteiro de pontos, 0 ou mais.')
    .default(DEFAULT_AUTO_APPROVAL_MAX_POINTS_MONTH),
  REVIEW_CONFIRM_POINTS: z.coerce
    .number()
    .int()
    .min(0, 'REVIEW_CONFIRM_POINTS: um número inteiro de pontos, 0 ou mais.')
    .default(DEFAULT_REVIEW_CONFIRM_POINTS),
  REVIEW_FOUR_EYES_POINTS: z.coerce
    .number()
    .int()
    .min(0, 'REVIEW_FOUR_EYES_POINTS: um número inteiro de pontos, 0 ou mais.')
    .default(DEFAULT_REVIEW_FOUR_EYES_POINTS),
  WHATSAPP_APP_SECRET: z.string().min(16, 'WHATSAPP_APP_SECRET precisa ter pelo menos 16 caracteres.').optional(),
  WHATSAPP_VERIFY_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/, 'WHATSAPP_VERIFY_TOKEN: de 8 a 200 caracteres visíveis, sem espaços.')
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(16, 'WHATSAPP_ACCESS_TOKEN precisa ter pelo menos 16 caracteres.').optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'WHATSAPP_PHONE_NUMBER_ID: o número de identificação do telefone na Meta (só dígitos).')
    .optional(),
  WHATSAPP_GRAPH_URL: z
    .url({ protocol: /^https?$/, error: 'WHATSAPP_GRAPH_URL deve começar com http:// ou https://' })
    .transform((v) => v.replace(/\/+$/, ''))
    .default(DEFAULT_WHATSAPP_GRAPH_URL),
  WHATSAPP_NOTICE_TEMPLATE: z
    .string()
    .regex(
      /^[a-z0-9_]{1,512}$/,
      'WHATSAPP_NOTICE_TEMPLATE: o nome do modelo aprovado na Meta (minúsculas, números e _).',
    )
    .optional(),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'WHATSAPP_TEMPLATE_LANGUAGE: o código do idioma do modelo na Meta, como pt_BR.')
    .default('pt_BR'),
});

type Env = z.infer<typeof envSchema>;

const invalid = (message: string) => new Error(`Configuração inválida: ${message}`);

/** S3 settings, or undefined for the local disk; settings that only make sense with a bucket require one. */
function s3SettingsFrom(e: Env): S3Settings | undefined {
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw invalid(
      'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY: defina os dois, ou nenhum para usar as credenciais do ambiente.',
    );
  }
  if (!e.S3_BUCKET) {
    if (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_PREFIX) {
      throw invalid('S3_BUCKET: defina o bucket para guardar os arquivos no S3, ou remova as outras variáveis S3_*.');
    }
    return undefined;
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: e.S3_PREFIX,
  };
}

/** The partner's three settings go together: a URL without its token or callback secret would fail at the first call. */
function pointsPartnerFrom(e: Env): PointsPartnerSettings | undefined {
  const { POINTS_PARTNER_URL: url, POINTS_PARTNER_TOKEN: token, POINTS_PARTNER_CALLBACK_SECRET: callbackSecret } = e;
  if (url === undefined && token === undefined && callbackSecret === undefined) return undefined;
  if (!url || !token || !callbackSecret) {
    throw new Error(
      'Configuração inválida: POINTS_PARTNER_URL, POINTS_PARTNER_TOKEN e POINTS_PARTNER_CALLBACK_SECRET: defina os três para usar um parceiro de pontos, ou nenhum para o parceiro embutido.',
    );
  }
  return { url, token, callbackSecret };
}

function readSettingFile(name: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch {
    throw new Error(`Configuração inválida: ${name}: não foi possível ler o arquivo ${file}.`);
  }
}

/**
 * The SEFAZ query's settings: the URL turns it on, and then the certificate is read and opened here, so a wrong
 * password or a key that is not the certificate's stops the start instead of failing every night in silence.
 */
function sefazStatusFrom(e: Env): SefazStatusSettings | undefined {
  const invalid = (message: string) => new Error(`Configuração inválida: ${message}`);
  const { SEFAZ_STATUS_URL: url, SEFAZ_CERT_PFX: pfx, SEFAZ_CERT_KEY: key, SEFAZ_CERT_PEM: cert } = e;
  const password = e.SEFAZ_CERT_PASSWORD;
  if (!url) {
    if (pfx || key || cert || password || e.SEFAZ_CA || e.SEFAZ_ENVIRONMENT) {
      throw invalid('SEFAZ_STATUS_URL: defina a URL da consulta à Sefaz, ou remova as outras variáveis SEFAZ_*.');
    }
    return undefined;
  }
  let clientCertificate: SefazClientCertificate;
  if (pfx && !key && !cert) {
    if (!password) throw invalid('SEFAZ_CERT_PASSWORD: defina a senha do certificado SEFAZ_CERT_PFX.');
    clientCertificate = { pfx: readSettingFile('SEFAZ_CERT_PFX', pfx), password };
  } else if (key && cert && !pfx) {
    clientCertificate = {
      key: readSettingFile('SEFAZ_CERT_KEY', key),
      cert: readSettingFile('SEFAZ_CERT_PEM', cert),
      password,
    };
  } else {
    throw invalid(
      'SEFAZ_CERT_PFX (com SEFAZ_CERT_PASSWORD), ou SEFAZ_CERT_KEY e SEFAZ_CERT_PEM: defina o certificado A1 do clube de um dos dois jeitos.',
    );
  }
  try {
    createSecureContext(
      'pfx' in clientCertificate
        ? { pfx: clientCertificate.pfx, passphrase: clientCertificate.password }
        : { key: clientCertificate.key, cert: clientCertificate.cert, passphrase: clientCertificate.password },
    );
  } catch {
    throw invalid(
      'pfx' in clientCertificate
        ? 'SEFAZ_CERT_PFX: o certificado não abre com SEFAZ_CERT_PASSWORD (senha errada, ou o arquivo não é PKCS#12).'
        : 'SEFAZ_CERT_KEY e SEFAZ_CERT_PEM: a chave não é a do certificado, ou pede a senha SEFAZ_CERT_PASSWORD.',
    );
  }
  const ca = e.SEFAZ_CA ? readSettingFile('SEFAZ_CA', e.SEFAZ_CA) : undefined;
  if (ca && !ca.toString('latin1').includes('-----BEGIN CERTIFICATE-----')) {
    throw invalid('SEFAZ_CA: o arquivo precisa ter certificados em PEM (-----BEGIN CERTIFICATE-----).');
  }
  return { url, environment: e.SEFAZ_ENVIRONMENT ?? 1, clientCertificate, ca };
}

const commaList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** `scheme://host[:port]` and nothing more, normalised as URL.origin writes it; null for anything else. */
function originOf(entry: string): string | null {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return null;
  }
  const bare = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
  return bare && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null;
}

const HOST_PATTERN = /^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

function pushServicesFrom(e: Env): PushServiceSettings {
  const hosts: string[] = [];
  const origins: string[] = [];
  for (const entry of commaList(e.PUSH_SERVICE_HOSTS)) {
    const host = entry.toLowerCase();
    const origin = entry.includes('://') ? originOf(entry) : null;
    if (origin) origins.push(origin);
    else if (!entry.includes('://') && !isIP(host) && HOST_PATTERN.test(host)) hosts.push(host);
    else {
      throw invalid(
        `PUSH_SERVICE_HOSTS: "${entry}" não é um host (push.exemplo.com.br, *.exemplo.com.br) nem uma origem (https://push.interno:8443); um endereço IP entra como origem (http://127.0.0.1:9000).`,
      );
    }
  }
  return { hosts, origins };
}

/**
 * The operator's private origins; an http:// partner or SMS gateway must be one of them, since over the internet its
 * bearer token would travel in the clear (and the guard refuses http to anything else).
 */
function outboundFrom(e: Env): OutboundSettings {
  const privateOrigins = commaList(e.OUTBOUND_PRIVATE_ORIGINS).map((entry) => {
    const origin = originOf(entry);
    if (!origin) {
      throw invalid(
        `OUTBOUND_PRIVATE_ORIGINS: "${entry}" não é uma origem (esquema, host e porta: http://127.0.0.1:4010).`,
      );
    }
    return origin;
  });
  for (const [name, url] of [
    ['POINTS_PARTNER_URL', e.POINTS_PARTNER_URL],
    ['SMS_API_URL', e.SMS_API_URL],
    ['WHATSAPP_GRAPH_URL', e.WHATSAPP_ACCESS_TOKEN ? e.WHATSAPP_GRAPH_URL : undefined],
  ] as const) {
    const origin = url ? new URL(url).origin : null;
    if (origin?.startsWith('http:') && !privateOrigins.includes(origin)) {
      throw invalid(
        `${name}: http:// só para um serviço da sua própria rede, com ${origin} em OUTBOUND_PRIVATE_ORIGINS; na internet, use https://.`,
      );
    }
  }
  return { privateOrigins };
}

/**
 * A real number needs all four of Meta's settings (a token without the app secret would take unsigned webhooks);
 * without them the channel is the embedded stand-in, whose webhook secret is generated into DATA_DIR on SQLite.
 */
function whatsappFrom(e: Env, dataDir: string, database: DatabaseTarget): WhatsappSettings {
  const { WHATSAPP_ACCESS_TOKEN: accessToken, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId } = e;
  const noticeTemplate = e.WHATSAPP_NOTICE_TEMPLATE
    ? { name: e.WHATSAPP_NOTICE_TEMPLATE, language: e.WHATSAPP_TEMPLATE_LANGUAGE }
    : undefined;
  if (accessToken || phoneNumberId) {
    if (!accessToken || !phoneNumberId || !e.WHATSAPP_APP_SECRET || !e.WHATSAPP_VERIFY_TOKEN) {
      throw invalid(
        'WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET e WHATSAPP_VERIFY_TOKEN: defina os quatro para usar um número real, ou nenhum para o WhatsApp embutido.',
      );
    }
    return {
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      graph: { url: e.WHATSAPP_GRAPH_URL, accessToken, phoneNumberId },
      noticeTemplate,
    };
  }
  const generated =
    database.kind === 'sqlite'
      ? Buffer.from(readOrCreateSecret(dataDir, 'whatsapp-app-secret')).toString('hex')
      : undefined;
  return {
    appSecret: e.WHATSAPP_APP_SECRET ?? generated,
    verifyToken: e.WHATSAPP_VERIFY_TOKEN,
    graph: undefined,
    noticeTemplate,
  };
}

/**
 * Without JWT_SECRET a random secret is generated once and kept beside the data, so sessions survive restarts
 * without anyone having to invent a secret for the embedded setup.
 */
function readOrCreateSecret(dataDir: string, name = 'jwt-secret'): Uint8Array {
  const file = path.join(dataDir, name);
  try {
    const stored = readFileSync(file);
    if (stored.length >= 32) return new Uint8Array(stored);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return new Uint8Array(secret);
}

/**
 * The VAPID pair: from the settings, or on the embedded default generated once and kept beside the data like the
 * JWT secret (subscriptions are made with the public key, so a new pair at each start would silence every device).
 */
function vapidKeysFrom(e: Env, dataDir: string, database: DatabaseTarget): VapidKeys | undefined {
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error(
      'Configuração inválida: VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY: defina as duas, ou nenhuma para o padrão embutido.',
    );
  }
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT };
  }
  if (database.kind === 'postgres') return undefined;
  return { ...readOrCreateVapidKeys(dataDir), subject: e.VAPID_SUBJECT };
}

function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      // A pair kept before its private key was padded to 32 bytes is the same pair: the devices keep their subscriptions.
      return { publicKey: stored.publicKey, privateKey: repairedPrivateKey(stored.privateKey) };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = newVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuração inválida: ${details}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const database = databaseTargetFrom(e.DATABASE_URL, path.join(dataDir, 'club.sqlite'));
  // A secret generated into one disk would differ between processes and log members out as they move between them.
  if (database.kind === 'postgres' && !e.JWT_SECRET) {
    throw new Error(
      'Configuração inválida: JWT_SECRET: defina JWT_SECRET ao usar PostgreSQL (todos os processos da API usam o mesmo).',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : readOrCreateSecret(dataDir),
    nodeEnv: e.NODE_ENV,
    staticDir: path.resolve(e.STATIC_DIR),
    serveStatic: e.SERVE_STATIC,
    corsOrigin: e.CORS_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    geoRegionHeader: e.GEO_REGION_HEADER,
    loginAttemptsPerIp: e.LOGIN_ATTEMPTS_PER_IP,
    requestsPerMinute: e.REQUESTS_PER_MINUTE,
    // Unset: the address the running server recorded (recordServedUrl), for the terminal's commands.
    publicUrl: (e.PUBLIC_URL ?? recordedServedUrl(dataDir) ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smsApiUrl: e.SMS_API_URL,
    smsApiToken: e.SMS_API_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    humanVerification: e.HUMAN_VERIFICATION,
    // The demo accounts' passwords are published: a production club never gets them unless asked for by name.
    demoData: e.DEMO_DATA ?? (database.kind === 'sqlite' && e.NODE_ENV !== 'production'),
    demoDataRefused: e.DEMO_DATA === undefined && database.kind === 'sqlite' && e.NODE_ENV === 'production',
    now: Date.now,
    cepProvider: e.CEP_PROVIDER,
    s3: s3SettingsFrom(e),
    instanceName: e.INSTANCE_NAME,
    sessionSecurityClientId: e.SESSION_SECURITY_CLIENT_ID,
    sessionSecuritySecret: e.SESSION_SECURITY_SECRET,
    sessionSecurityRequestsPerIp: e.SESSION_SECURITY_REQUESTS_PER_IP,
    deviceRiskAutomation: e.DEVICE_RISK_AUTOMATION === 'on',
    deviceRiskMembersPerDevice: e.DEVICE_RISK_MEMBERS_PER_DEVICE,
    tagManagerId: e.NEXT_PUBLIC_GTM_ID || undefined,
    analyticsId: e.NEXT_PUBLIC_GA_ID || undefined,
    maintenance: e.MAINTENANCE,
    maintenanceRetryAfterSeconds: e.MAINTENANCE_RETRY_AFTER,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    pointsPartner: pointsPartnerFrom(e),
    pointsPartnerName: e.POINTS_PARTNER_NAME,
    vapid: vapidKeysFrom(e, dataDir, database),
    nfeTrustedRoots: e.NFE_TRUSTED_ROOTS ? path.resolve(e.NFE_TRUSTED_ROOTS) : undefined,
    sefazStatus: sefazStatusFrom(e),
    pushServices: pushServicesFrom(e),
    outbound: outboundFrom(e),
    autoApprovalMaxPoints: e.AUTO_APPROVAL_MAX_POINTS,
    autoApprovalMaxPointsMonth: e.AUTO_APPROVAL_MAX_POINTS_MONTH,
    reviewConfirmPoints: e.REVIEW_CONFIRM_POINTS,
    reviewFourEyesPoints: e.REVIEW_FOUR_EYES_POINTS,
    whatsapp: whatsappFrom(e, dataDir, database),
  };
}

/**
 * Where the running server answers, kept in DATA_DIR while PUBLIC_URL is unset: the terminal's commands (which send
 * e-mails and SMS with links, e.g. a shipped order) run in their own process with their own PORT, and linked to
 * `http://localhost:3000` while the club answered on another port.
 */
const SERVED_URL_FILE = 'served-url';

/** The address a person opens for a server listening on `host`:`port` (every interface → localhost). */
export function servedUrlOf(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

export function recordServedUrl(dataDir: string, url: string): void {
  try {
    writeFileSync(path.join(dataDir, SERVED_URL_FILE), `${url}\n`);
  } catch {
    // A read-only data folder only costs the terminal's links their port.
  }
}

/** The address the server last recorded, or null (none yet, or not an http(s) address). */
export function recordedServedUrl(dataDir: string): string | null {
  try {
    const url = new URL(readFileSync(path.join(dataDir, SERVED_URL_FILE), 'utf8').trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}
