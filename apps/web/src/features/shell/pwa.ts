import { i18n } from '../../i18n';

/**
 * The web's own app shell (PWA): registers public/sw.js (offline shell, Web Push) once the page
 * has loaded, and when a new version is waiting asks whether to update now (更新 → the new worker
 * takes over and the page reloads; 稍后 → it takes over when every tab of the app is closed).
 */
export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((reg) => {
        if (reg.waiting && navigator.serviceWorker.controller) void promptUpdate(reg.waiting);
        reg.addEventListener('updatefound', () => {
          const worker = reg.installing;
          worker?.addEventListener('statechange', () => {
            // Installed while a version controls the page: an update (the first install is not).
            if (worker.state === 'installed' && navigator.serviceWorker.controller) void promptUpdate(worker);
          });
        });
        // A tab left open checks for a new version every hour.
        setInterval(() => void reg.update().catch(() => undefined), 3_600_000);
      })
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

let prompted = false;

async function promptUpdate(worker: ServiceWorker): Promise<void> {
  if (prompted) return;
  prompted = true;
  const { Dialog } = await import('../../ui/antd');
  const zh = i18n.language.startsWith('zh');
  const ok = await Dialog.confirm({
    title: zh ? '发现新版本' : 'A new version is ready',
    content: zh ? '晓医已更新，立即刷新即可使用新版本。' : 'chatdr has been updated. Reload to use the new version.',
    confirmText: zh ? '更新' : 'Update',
    cancelText: zh ? '稍后' : 'Later',
  });
  if (!ok) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage('SKIP_WAITING');
}
