import type { FastifyInstance, FastifyReply } from 'fastify';
import { WHATSAPP_SIGNATURE_HEADER } from '../../adapters/whatsapp-signature';
import { apiRouteTable } from '../../http/api-routes';
import type { ModuleDeps } from '../club-module';
import { acceptDelivery, channelActor, verifySubscription } from './actions';
import { WHATSAPP_REFUSALS, WhatsappDomainError } from './errors';

const refuse = (reply: FastifyReply, error: unknown) => {
  if (!(error instanceof WhatsappDomainError)) throw error;
  const { status, message } = WHATSAPP_REFUSALS[error.code];
  return reply.code(status).send({ ok: false, code: error.code, message });
};

/**
 * GET and POST /api/whatsapp/webhook, Meta's contract (docs/whatsapp.md). The body is read as bytes here (this
 * plugin only): the signature covers them as sent.
 */
export async function whatsappHttp(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const route = apiRouteTable.whatsappWebhook;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: route.maxBodyBytes },
    (_req, body, done) => done(null, body),
  );

  app.get(route.path, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const query = request.query as Record<string, unknown>;
    try {
      const challenge = verifySubscription(deps, channelActor, {
        mode: query['hub.mode'],
        token: query['hub.verify_token'],
        challenge: query['hub.challenge'],
      });
      return reply.type('text/plain; charset=utf-8').send(challenge);
    } catch (error) {
      return refuse(reply, error);
    }
  });

  app.post(route.path, { bodyLimit: route.maxBodyBytes }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const signature = request.headers[WHATSAPP_SIGNATURE_HEADER];
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    try {
      await acceptDelivery(deps, channelActor, body, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      return refuse(reply, error);
    }
    return reply.send({ ok: true });
  });
}
