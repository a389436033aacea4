import type { ClubModule } from '../club-module';
import { nfeTrustStoreOf, uploadLimiter } from '../invoices';
import { channelActor, pruneConversations, sendOutbox, sendWhatsappNotices, takeMedia, workInbox } from './actions';
import { whatsappHttp } from './http';
import type { MediaDeps } from './media-invoices';
import { whatsappResolvers } from './resolvers';
import { whatsappStaffResolvers } from './staff-resolvers';

export {
  acceptDelivery,
  channelActor,
  pruneConversations,
  readConversation,
  sendOutbox,
  sendWhatsappNotices,
  takeMedia,
  workInbox,
  type Actor,
  type ChannelDeps,
} from './actions';
export { KEEP_DAYS } from './retention';
export { waIdsOf } from './conversation';
export { deliverWebhook, messageWebhook } from './stand-in';
export { keepLocalMedia } from './local-media';

/** The inbox is read every few seconds: a member's answer comes within about five seconds of the message. */
export const INBOX_EVERY_MS = 3_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The club's WhatsApp number as a channel: Meta's webhook, the bot's answers, and its queues (docs/whatsapp.md). */
export const whatsappModule: ClubModule = {
  name: 'whatsapp',
  resolvers: whatsappResolvers,
  staffResolvers: whatsappStaffResolvers,
  routes: whatsappHttp,
  jobs: ({ db, config, limiters, storage }) => {
    // The trust store is read at the media job's first run, not at every app build.
    let mediaDeps: MediaDeps | undefined;
    const media = () =>
      (mediaDeps ??= {
        db,
        config,
        storage,
        uploadLimiter: uploadLimiter(limiters),
        nfeTrust: nfeTrustStoreOf(config),
      });
    return [
      { name: 'whatsapp-inbox', everyMs: INBOX_EVERY_MS, run: () => workInbox({ db, config, limiters }, channelActor) },
      { name: 'whatsapp-media', everyMs: INBOX_EVERY_MS, run: () => takeMedia(media(), channelActor) },
      // A notice reaches the number within a few seconds of the change that caused it, as its push does.
      {
        name: 'whatsapp-notices',
        everyMs: INBOX_EVERY_MS,
        run: () => sendWhatsappNotices({ db, config }, channelActor),
      },
      { name: 'whatsapp-send', everyMs: INBOX_EVERY_MS, run: () => sendOutbox({ db, config }, channelActor) },
      { name: 'whatsapp-prune', everyMs: DAY_MS, run: () => pruneConversations({ db, config }, channelActor) },
    ];
  },
};
