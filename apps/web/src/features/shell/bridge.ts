import type { AppRouter } from '../../app/navigation';
import { showToast } from '../../ui/toast';

/**
 * The native-bridge interface (chat-core §1 "Platform shells"): what a native Android or iOS shell
 * may do for the web app, each with a web fallback so the plain browser and the installed PWA
 * work the same. A shell injects `window.chatdrNative.call(method, payload)` answering
 * `{ code, data }`, code 10000 meaning success; anything else (or no shell) falls back to the web.
 */
export const NATIVE_OK = 10_000;

interface NativeHost {
  call(method: string, payload?: unknown): Promise<{ code: number; data?: unknown }>;
  /** The shell's back key and other events reach the page through this. */
  on?(event: 'back', fn: () => void): void;
}

export interface DeviceInfo {
  platform: 'android' | 'ios' | 'web';
  shell: 'native' | 'pwa' | 'browser';
  model: string;
  osVersion: string;
  language: string;
  screen: { width: number; height: number; pixelRatio: number };
  network: string;
}

export interface SafeAreas {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

const host = (): NativeHost | null => (typeof window === 'undefined' ? null : ((window as unknown as { chatdrNative?: NativeHost }).chatdrNative ?? null));

/** The native answer's data when the shell has the call and it succeeded; undefined otherwise (use the web). */
export async function callNative<T>(method: string, payload?: unknown): Promise<T | undefined> {
  const h = host();
  if (!h) return undefined;
  try {
    const r = await h.call(method, payload);
    return r.code === NATIVE_OK ? (r.data as T) : undefined;
  } catch {
    return undefined;
  }
}

export const isStandalone = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;

export async function deviceInfo(): Promise<DeviceInfo> {
  const native = await callNative<DeviceInfo>('getDeviceInfo');
  if (native) return native;
  const ua = navigator.userAgent;
  const platform = /Android/iu.test(ua) ? 'android' : /iPhone|iPad|iPod/iu.test(ua) ? 'ios' : 'web';
  const os = /Android ([\d.]+)/u.exec(ua)?.[1] ?? /OS ([\d_]+) like Mac/u.exec(ua)?.[1]?.replaceAll('_', '.') ?? '';
  const conn = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return {
    platform,
    shell: isStandalone() ? 'pwa' : 'browser',
    model: platform === 'web' ? 'browser' : (/;\s*([^;)]+)\sBuild\//u.exec(ua)?.[1] ?? platform),
    osVersion: os,
    language: navigator.language,
    screen: { width: window.screen.width, height: window.screen.height, pixelRatio: window.devicePixelRatio },
    // chat-core §4 "Network": stored upper-case, NONE when offline.
    network: navigator.onLine ? (conn?.effectiveType ?? 'WIFI').toUpperCase() : 'NONE',
  };
}

/** The safe-area insets (px): the shell's, else CSS env(safe-area-inset-*) measured. */
export async function safeAreas(): Promise<SafeAreas> {
  const native = await callNative<SafeAreas>('getSafeArea');
  if (native) return native;
  const probe = document.createElement('div');
  probe.style.cssText = 'position:fixed;visibility:hidden;padding:env(safe-area-inset-top,0px) env(safe-area-inset-right,0px) env(safe-area-inset-bottom,0px) env(safe-area-inset-left,0px)';
  document.body.appendChild(probe);
  const s = getComputedStyle(probe);
  const px = (v: string) => Number.parseFloat(v) || 0;
  const r = { top: px(s.paddingTop), right: px(s.paddingRight), bottom: px(s.paddingBottom), left: px(s.paddingLeft) };
  probe.remove();
  return r;
}

/** The status bar: the shell's, else the page's theme-color (the browser's bar and the PWA's title bar). */
export async function setStatusBar(opts: { color: string; style: 'dark' | 'light' }): Promise<void> {
  if ((await callNative('setStatusBar', opts)) !== undefined) return;
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.appendChild(meta);
  }
  meta.content = opts.color;
}

/** Share: the shell's share sheet, the Web Share API, else the link copied. */
export async function share(d: { title: string; text?: string; url: string }): Promise<'shared' | 'copied' | 'cancelled' | 'failed'> {
  if ((await callNative('share', d)) !== undefined) return 'shared';
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(d);
      return 'shared';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(d.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

function pickWithInput(accept: string, multiple: boolean, capture?: 'environment' | 'user'): Promise<File[]> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.multiple = multiple;
    if (capture) input.setAttribute('capture', capture);
    input.style.display = 'none';
    input.addEventListener('change', () => {
      resolve(Array.from(input.files ?? []));
      input.remove();
    });
    input.addEventListener('cancel', () => {
      resolve([]);
      input.remove();
    });
    document.body.appendChild(input);
    input.click();
  });
}

/** Files (documents default to PDF, chat-core §5): the shell's picker, else <input type=file>. */
export async function pickFiles(opts: { accept?: string; multiple?: boolean } = {}): Promise<File[]> {
  return pickWithInput(opts.accept ?? 'application/pdf', opts.multiple ?? false);
}

/** A photo from the camera: <input capture> opens the camera on phones (a file picker elsewhere). */
export async function takePhoto(): Promise<File | null> {
  return (await pickWithInput('image/*', false, 'environment'))[0] ?? null;
}

/** The push token: the shell's, else this browser's Web Push endpoint (null when not subscribed). */
export async function pushToken(): Promise<string | null> {
  const native = await callNative<string>('getPushToken');
  if (native) return native;
  if (!('serviceWorker' in navigator)) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  return sub?.endpoint ?? null;
}

/** An external site in the shell's web view, else a new tab without access back to this page. */
export async function openExternal(url: string): Promise<void> {
  if (!/^https?:\/\//iu.test(url)) return;
  if ((await callNative('openUrl', { url })) !== undefined) return;
  window.open(url, '_blank', 'noopener,noreferrer');
}

export async function exitApp(): Promise<void> {
  if ((await callNative('exitApp')) !== undefined) return;
  window.close();
}

/** Time to press back again to leave (Android convention). */
export const DOUBLE_BACK_MS = 2000;

/**
 * The back key: back through the app's history; on the home screen the first press says
 * 再按一次退出应用 and a second within 2 s leaves.
 */
export function createBackHandler(d: { atRoot(): boolean; goBack(): void; notify(): void; exit(): void; now?: () => number }) {
  let armedAt = -Infinity;
  const now = d.now ?? Date.now;
  return (): 'back' | 'armed' | 'exit' => {
    if (!d.atRoot()) {
      d.goBack();
      return 'back';
    }
    if (now() - armedAt <= DOUBLE_BACK_MS) {
      d.exit();
      return 'exit';
    }
    armedAt = now();
    d.notify();
    return 'armed';
  };
}

const ROOTS = ['/', '/health', '/user'];
const EXIT_HINT = '再按一次退出应用';

/**
 * Wires the back key: the native shell's back event; in an installed PWA on Android (standalone,
 * no browser chrome) the system back of the home screen would close the app at once, so a guard
 * history entry gives it the same double-back exit.
 */
export function installBridge(router: AppRouter): void {
  if (typeof window === 'undefined') return;
  const atRoot = () => ROOTS.includes(router.state.location.pathname);
  const native = host();
  if (native?.on) {
    const onBack = createBackHandler({ atRoot, goBack: () => void router.navigate(-1), notify: () => showToast(EXIT_HINT), exit: () => void exitApp() });
    native.on('back', () => void onBack());
    return;
  }
  if (!isStandalone() || !/Android/iu.test(navigator.userAgent)) return;
  let armedAt = -Infinity;
  const guard = () => {
    if (atRoot() && history.state?.chatdrGuard !== true) history.pushState({ ...(history.state as object), chatdrGuard: true }, '');
  };
  router.subscribe(guard);
  guard();
  window.addEventListener('popstate', () => {
    if (!atRoot() || history.state?.chatdrGuard === true) return;
    if (Date.now() - armedAt <= DOUBLE_BACK_MS) {
      history.back();
      return;
    }
    armedAt = Date.now();
    showToast(EXIT_HINT);
    guard();
  });
}
