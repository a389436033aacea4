// Documents of the inbox (codegen writes them beside each .graphql file). The bell, on every private page, imports
// only unread-operations; the list and the preferences each ship with their own screen.
export { QUnreadNotificationsDocument as QUnreadNotifications } from './unread-operations.generated';
export {
  NotificationFieldsFragmentDoc as NotificationFields,
  QNotificationsDocument as QNotifications,
  MMarkNotificationsReadDocument as MMarkNotificationsRead,
} from './operations.generated';
export {
  QNotificationPreferencesDocument as QNotificationPreferences,
  MSetNotificationPreferenceDocument as MSetNotificationPreference,
} from './preference-operations.generated';
