/*
 * The service worker of chatdr (registered by src/features/shell/pwa.ts):
 * - the offline app shell: the page (network first, the cached copy when offline) and the built
 *   assets (hashed names: cache first, kept as they are fetched). The API and the sockets are
 *   never cached — health data stays out of the cache;
 * - updates: a new version waits until the page asks it to take over (the update prompt), except
 *   on the first install;
 * - a reminder's Web Push shown as a system notification (payload: id, pushType, title, content,
 *   url — apps/server/src/modules/remind/web-push.ts), opening the app at its url on a tap.
 */
const SHELL = 'chatdr-shell-v1';
const ASSETS = 'chatdr-assets-v1';
const SHELL_FILES = ['/', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((c) => c.addAll(SHELL_FILES)));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== SHELL && k !== ASSETS).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/healthz') return;
  if (req.mode === 'navigate') {
    event.respondWith(
      fetch(req)
        .then((res) => {
          if (res.ok) {
            const copy = res.clone();
            void caches.open(SHELL).then((c) => c.put('/', copy));
          }
          return res;
        })
        .catch(() => caches.match('/', { cacheName: SHELL }).then((r) => r ?? Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(ASSETS).then((c) =>
        c.match(req).then(
          (hit) =>
            hit ??
            fetch(req).then((res) => {
              if (res.ok) void c.put(req, res.clone());
              return res;
            }),
        ),
      ),
    );
    return;
  }
  // The icons and the manifest: the cached copy at once, refreshed in the background.
  if (SHELL_FILES.includes(url.pathname)) {
    const fresh = fetch(req).then((res) => {
      if (res.ok) {
        const copy = res.clone();
        void caches.open(SHELL).then((c) => c.put(req, copy));
      }
      return res;
    });
    event.respondWith(caches.match(req, { cacheName: SHELL }).then((hit) => hit ?? fresh));
    event.waitUntil(fresh.then(() => undefined, () => undefined));
  }
});

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
