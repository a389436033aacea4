// The one way the API calls out over HTTP (docs/outbound-calls.md). ESLint forbids fetch, node:http(s)'s request
// functions and undici anywhere else in server/, so a new call is guarded because it cannot be written otherwise.
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { SecureContext } from 'node:tls';
import { ADDRESS_CLASS_LABEL, addressClass, type AddressClass } from './outbound-address';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Resolves a host name to every address it has; the system resolver unless a test gives its own. */
export type OutboundLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemLookup: OutboundLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface OutboundPolicy {
  /**
   * Origins (`http://127.0.0.1:4010`, `https://parceiro.interno:8443`) of the operator's own services: the only ones
   * reached over http, and on a private, loopback, unique-local or CGNAT address. Never link-local (the cloud's
   * metadata), multicast, broadcast, unspecified or reserved ones.
   */
  readonly privateOrigins?: readonly string[];
  readonly lookup?: OutboundLookup;
  /** For the whole call: resolving, connecting, the answer and its body. */
  readonly timeoutMs?: number;
  /** The body is read up to this; the rest is not downloaded. */
  readonly maxBodyBytes?: number;
  /** Certificate authorities to trust instead of the system's (a test's own). */
  readonly ca?: string;
  /**
   * A TLS context of the caller's, replacing `ca`: a client certificate (the club's A1 certificate for the SEFAZ) and
   * the authorities trusted for the server's.
   */
  readonly secureContext?: SecureContext;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Classes an operator's own origin may resolve to: its network, this machine. */
const OPERATOR_CLASSES: ReadonlySet<AddressClass> = new Set(['private', 'loopback', 'unique-local', 'cgnat']);

export type RefusalReason = 'url' | 'scheme' | 'credentials' | 'address';

/**
 * The guard would not make the call: nothing left the machine, and the same call will be refused again, so a caller
 * gives it up (a push subscription is dropped) instead of retrying it like a network failure.
 */
export class OutboundRefusedError extends Error {
  readonly reason: RefusalReason;
  constructor(reason: RefusalReason, message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
    this.reason = reason;
  }
}

/** The call was allowed but failed on the way (name not found, refused connection, reset, certificate, time). */
export class OutboundNetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OutboundNetworkError';
  }
}

export interface OutboundRequest {
  readonly method?: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
}

/** Any status is an answer, 3xx included: a redirect is never followed. */
export interface OutboundResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** The body went past maxBodyBytes and was cut there. */
  readonly truncated: boolean;
}

export type OutboundSend = (url: string, request?: OutboundRequest) => Promise<OutboundResponse>;

/** A sender bound to one policy, for an adapter to keep (and a test to replace). */
export const outboundSender =
  (policy: OutboundPolicy = {}): OutboundSend =>
  (url, request) =>
    outboundRequest(url, request, policy);

/** The body as JSON, or null when it is cut, empty or not JSON. */
export function responseJson(response: OutboundResponse): unknown {
  if (response.truncated) return null;
  try {
    return JSON.parse(response.body.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

interface Target {
  readonly url: URL;
  /** The host without IPv6's brackets: what is resolved, and the TLS server name. */
  readonly hostname: string;
  readonly operatorOrigin: boolean;
}

function checkUrl(raw: string, policy: OutboundPolicy): Target {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('url', 'endereço inválido');
  }
  if (url.username || url.password) throw new OutboundRefusedError('credentials', 'endereço com usuário ou senha');
  const operatorOrigin = (policy.privateOrigins ?? []).includes(url.origin);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && operatorOrigin)) {
    throw new OutboundRefusedError(
      'scheme',
      `${url.protocol}// recusado: só https:// (http:// só a uma origem configurada)`,
    );
  }
  return { url, hostname: url.hostname.replace(/^\[|\]$/g, ''), operatorOrigin };
}

/** Every address must be allowed: one private answer among public ones would be the one a connection could take. */
function checkAddresses(target: Target, addresses: readonly ResolvedAddress[]): void {
  for (const { address } of addresses) {
    const kind = addressClass(address) ?? 'reserved';
    if (kind === 'public' || (target.operatorOrigin && OPERATOR_CLASSES.has(kind))) continue;
    const leadsTo = address === target.hostname ? address : `${target.hostname} leva a ${address}`;
    throw new OutboundRefusedError('address', `${leadsTo} (${ADDRESS_CLASS_LABEL[kind]}): endereço recusado`);
  }
}

async function resolve(target: Target, lookup: OutboundLookup): Promise<readonly ResolvedAddress[]> {
  const literal = isIP(target.hostname);
  if (literal) return [{ address: target.hostname, family: literal }];
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await lookup(target.hostname);
  } catch (error) {
    throw new OutboundNetworkError(`rede: ${target.hostname} não resolvido (${(error as Error).message})`, {
      cause: error,
    });
  }
  if (addresses.length === 0) throw new OutboundNetworkError(`rede: ${target.hostname} sem endereço`);
  return addresses;
}

/**
 * The socket connects to the addresses that were checked and to no other: the name is not resolved a second time,
 * so an answer that changes between the check and the connection (DNS rebinding) changes nothing.
 */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  const all = addresses.map(({ address, family }) => ({ address, family }));
  const [first] = all;
  return (_hostname, options, callback) =>
    options.all ? callback(null, all) : callback(null, first!.address, first!.family);
}

/**
 * One HTTP call under the policy: https (http only to an operator's origin), no credentials in the URL, every address
 * of the host allowed, the connection pinned to them with the URL's host name kept for TLS (its certificate is
 * checked against that name) and for the Host header, no redirect followed, one time limit for all of it and at most
 * maxBodyBytes of the body read. Throws OutboundRefusedError before anything leaves the machine, OutboundNetworkError
 * for a call that failed on the way.
 */
export async function outboundRequest(
  raw: string,
  request: OutboundRequest = {},
  policy: OutboundPolicy = {},
): Promise<OutboundResponse> {
  const target = checkUrl(raw, policy);
  const timeoutMs = policy.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBody = policy.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const started = Date.now();
  const tooLate = () => new OutboundNetworkError(`rede: sem resposta em ${timeoutMs} ms`);
  let resolving: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolve(target, policy.lookup ?? systemLookup),
    new Promise<never>((_, reject) => {
      resolving = setTimeout(() => reject(tooLate()), timeoutMs);
    }),
  ]).finally(() => clearTimeout(resolving));
  checkAddresses(target, addresses);
  const { url, hostname } = target;
  const secure = url.protocol === 'https:';
  const options: https.RequestOptions = {
    hostname,
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    method: request.method ?? 'GET',
    headers: request.headers,
    // A socket of its own: a pooled one could have been opened to another address for the same name.
    agent: false,
    lookup: pinnedLookup(addresses),
    ...(secure
      ? {
          servername: isIP(hostname) ? undefined : hostname,
          ...(policy.secureContext
            ? { secureContext: policy.secureContext, minVersion: 'TLSv1.2' }
            : { ca: policy.ca }),
        }
      : {}),
  };
  return new Promise<OutboundResponse>((resolveCall, rejectCall) => {
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
    };
    const fail = (error: Error) =>
      settle(() =>
        rejectCall(
          error instanceof OutboundNetworkError
            ? error
            : new OutboundNetworkError(`rede: ${error.message}`, { cause: error }),
        ),
      );
    const call = (secure ? https : http).request(options, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const answer = (truncated: boolean) =>
        settle(() =>
          resolveCall({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            truncated,
          }),
        );
      response.on('data', (chunk: Buffer) => {
        if (settled) return;
        if (size + chunk.length > maxBody) {
          chunks.push(chunk.subarray(0, maxBody - size));
          answer(true);
          // The rest is not wanted: the connection closes instead of downloading it.
          response.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () => answer(false));
      response.on('error', fail);
      response.on('close', () => {
        if (!response.complete) fail(new Error('resposta interrompida'));
      });
    });
    const timer = setTimeout(() => call.destroy(tooLate()), Math.max(0, timeoutMs - (Date.now() - started)));
    call.on('error', fail);
    call.end(request.body);
  });
}
