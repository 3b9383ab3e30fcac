/** "Chrome · Android" from a user agent; null when nothing is recognised. */
export function describeUa(ua: string | null | undefined): string | null {
  if (!ua) return null;
  const browser = /MicroMessenger/i.test(ua)
    ? 'WeChat'
    : /AlipayClient/i.test(ua)
      ? 'Alipay'
      : /Edg\//.test(ua)
        ? 'Edge'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /(Chrome|Chromium|CriOS)\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua)
              ? 'Safari'
              : null;
  const os = /Android/i.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/i.test(ua)
      ? 'iOS'
      : /Windows/i.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/i.test(ua)
          ? 'macOS'
          : /Linux/i.test(ua)
            ? 'Linux'
            : null;
  const parts = [browser, os].filter((p): p is string => p !== null);
  return parts.length ? parts.join(' · ') : null;
}

/** Short local date and time, e.g. 06/14 09:30 (or with the year when it is not this year). */
export function formatDateTime(iso: string, lang: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const sameYear = d.getFullYear() === now.getFullYear();
  return new Intl.DateTimeFormat(lang, {
    ...(sameYear ? {} : { year: 'numeric' }),
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(d);
}
