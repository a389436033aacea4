import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';

/**
 * A request line without its query string: a GraphQL query sent by GET carries its variables there (a CPF, an
 * e-mail), and a signed file link its signature.
 */
export function requestLogLine(request: { method: string; url: string; host?: string; ip?: string }) {
  const query = request.url.indexOf('?');
  return {
    method: request.method,
    url: query === -1 ? request.url : `${request.url.slice(0, query)}?[oculto]`,
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** The logger of the per-request lines: the root logger without redaction, made once per root. */
const lineLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

/**
 * One log line per request, when it ends, with the request line, the status and the time taken, instead of
 * Fastify's two (one when it arrives, one when it ends).
 *
 * The line is written by a child of the root logger without the redaction paths: the serializers leave nothing in it
 * to hide (no header, no body, no query string), and redacting it cost more than everything else Fastify does for a
 * short request (pino's wildcard paths clone each nested object of every line). Every other line
 * (errors, the modules' own) keeps the redaction. Errors, routes not found and the other lines Fastify writes stay as
 * they are.
 */
export class OneLinePerRequest extends LogController {
  private readonly quiet: ReadonlySet<string>;

  /**
   * `quietPaths` are logged at debug, not info: the health checks a proxy or an orchestrator sends every few
   * seconds would bury the members' requests.
   */
  constructor(quietPaths: readonly string[] = []) {
    super();
    this.quiet = new Set(quietPaths);
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, responseTime: reply.elapsedTime, err: error }, 'request errored');
      return;
    }
    const root = request.server.log;
    let lines = lineLoggers.get(root);
    if (!lines) {
      lines = root.child({}, { redact: [] } as never);
      lineLoggers.set(root, lines);
    }
    const line = { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime };
    if (this.quiet.size > 0 && this.quiet.has(request.url)) lines.debug(line, 'request completed');
    else lines.info(line, 'request completed');
  }
}

/**
 * Fastify hands pino's `child` an empty options object for every request, which takes pino's slow path (its
 * formatters built anew each time); with no options to pass, the binding alone takes the fast one.
 */
export const requestChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (
  logger,
  bindings,
  options,
) {
  return Object.keys(options).length === 0 ? logger.child(bindings) : logger.child(bindings, options);
};
