// The club's own service-worker code, compiled by next-pwa into the generated worker (its customWorkerDir). Each part
// installs its handlers from its own file.
import { installPushHandlers, type PushScope } from './push';

declare const self: PushScope;

installPushHandlers(self);
