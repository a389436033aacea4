import type { NotificationKind as KindEnum, Resolvers } from '../../graphql/generated/resolvers-types';
import type { NotificationKind } from '../../db/schema';
import {
  markNotificationsRead,
  notificationPreferences,
  notificationsPage,
  pushPublicKey,
  removePushSubscription,
  savePushSubscription,
  setNotificationPreference,
} from './service';

// The API's enum is the row's kind in capitals (POINTS_EXPIRING ↔ points_expiring).
const toApi = (kind: NotificationKind) => kind.toUpperCase() as KindEnum;
const fromApi = (kind: KindEnum) => kind.toLowerCase() as NotificationKind;

const preferencesView = (list: { kind: NotificationKind; enabled: boolean }[]) =>
  list.map((p) => ({ kind: toApi(p.kind), enabled: p.enabled }));

export const notificationsResolvers: Resolvers = {
  Query: {
    pushPublicKey: (_root, _args, ctx) => pushPublicKey(ctx),
    notifications: async (_root, args, ctx) => {
      const page = await notificationsPage(ctx, args);
      return { ...page, data: page.data.map((n) => ({ ...n, kind: toApi(n.kind) })) };
    },
    notificationPreferences: async (_root, _args, ctx) => preferencesView(await notificationPreferences(ctx)),
  },
  Mutation: {
    savePushSubscription: (_root, args, ctx) => savePushSubscription(ctx, args.input),
    removePushSubscription: (_root, args, ctx) => removePushSubscription(ctx, args.endpoint),
    markNotificationsRead: (_root, args, ctx) => markNotificationsRead(ctx, args),
    setNotificationPreference: async (_root, args, ctx) =>
      preferencesView(await setNotificationPreference(ctx, fromApi(args.kind), args.enabled)),
  },
};
