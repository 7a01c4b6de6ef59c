/**
 * Makes the route screen work on the road: links the route's web app manifest (so a phone can
 * install it) and registers its service worker, which keeps the app and today's route on the phone.
 * Only the route screen calls this, so no other page carries either.
 */
export function keepRouteOnPhone(): void {
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/route.webmanifest';
    document.head.append(link);
  }
  // The dev server has no built worker; a browser without service workers keeps the queue alone.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    navigator.serviceWorker.register('/route-sw.js', { scope: '/route' }).catch(() => {
      // Without the worker the screen still works online, and changes still queue on the phone.
    });
  }
}
