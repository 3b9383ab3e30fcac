/*
 * The service worker of chatdr: shows a reminder's Web Push as a system notification
 * (payload: id, pushType, title, content, url — apps/server/src/modules/remind/web-push.ts) and
 * opens or focuses the app at its url (/#/user/notify?type=&userId=) on a tap.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title ? data.title : '提醒';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.content === 'string' ? data.content : '',
      tag: `remind-${data.id ?? ''}`,
      icon: '/favicon.svg',
      data: { url: typeof data.url === 'string' && data.url.startsWith('/#/') ? data.url : '/#/user/notify' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/#/user/notify', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (new URL(w.url).origin === self.location.origin) return w.navigate(url).then((c) => (c ?? w).focus());
      }
      return self.clients.openWindow(url);
    }),
  );
});
