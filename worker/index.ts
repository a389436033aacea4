// The club's own service-worker code, compiled by next-pwa into the generated worker (its customWorkerDir) and
// imported before Workbox's routes. Each part installs its handlers from its own file, through a function called here
// (package.json's "sideEffects" would let webpack drop a bare `import './file'`).
import { registerOfflineShell } from './offline-shell';
import { listenForQueueSync } from './offline-queue';
import { installPushHandlers, type PushScope } from './push';

declare const self: PushScope;

installPushHandlers(self);
registerOfflineShell();
listenForQueueSync();
