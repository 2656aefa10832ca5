/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerApiCaching } from './api-cache';
import { registerHowtoMedia } from './howto-media';
import { registerNavigation } from './navigation';
import { registerPush } from './push';
import { registerUpdateHandler } from './update';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// the app shell, its code split chunks, catalogs, icons and manifest: everything the build made
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerNavigation();
registerApiCaching();
registerHowtoMedia(self);
registerUpdateHandler(self);
registerPush(self);
// the first install takes the open page at once, so it works offline without a reload; later
// versions wait for the member's "reload" (see update.ts)
clientsClaim();
