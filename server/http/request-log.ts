import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, when it ends, with the request line, the status and the time taken, instead of
 * Fastify's two (one when it arrives, one when it ends): at `info` every line costs its serialisation and the
 * redaction of secrets, the largest part of a short request's logging. Errors, routes not found and the other
 * lines Fastify writes stay as they are.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
