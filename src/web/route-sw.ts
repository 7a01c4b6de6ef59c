/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ROUTE_DAY_CACHE } from './lib/route-day-cache.js';

/**
 * The route's service worker (issue 31): it keeps the app shell and today's route on the phone, so
 * the route screen opens and shows the day with no signal. It controls the route's pages alone
 * (registered with the scope /route by the route screen): the operator app and the vote page never
 * load it. Changes made offline are queued by the page itself (IndexedDB), not here.
 */

declare let self: ServiceWorkerGlobalScope;

// A new release takes over at once: the queue lives in IndexedDB, so nothing waits on the old worker.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** What the route screen reads to show the day: kept from the last answer for when the network is gone. */
const DAY_DATA = new Set(['/api/route', '/api/auth/session', '/api/teams', '/api/team']);

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && DAY_DATA.has(url.pathname),
  new NetworkFirst({
    cacheName: ROUTE_DAY_CACHE,
    // A basement's signal answers late or never: after a few seconds the phone's copy is shown.
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxAgeSeconds: 7 * 24 * 60 * 60 })],
  }),
);

// Opening the route screen: the network's page when there is one, else the shell kept on the phone.
const pages = new NetworkFirst({ cacheName: 'route-pages', networkTimeoutSeconds: 4 });
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  }),
);
