/** Time of a session or dialog: HH:mm today, 昨天 HH:mm, else M月D日 (or YYYY-MM-DD in another year). */
export function timeLabel(ms: number, now: Date, words: { today: string; yesterday: string }): string {
  const d = new Date(ms);
  const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (ms >= startOfToday) return `${words.today} ${hm}`;
  if (ms >= startOfToday - 86_400_000) return `${words.yesterday} ${hm}`;
  const md = `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return d.getFullYear() === now.getFullYear() ? md : `${d.getFullYear()}-${md}`;
}

/** Splits text around the terms of a search (case-insensitive) for highlighting. */
export function highlight(text: string, keyword: string): Array<{ text: string; hit: boolean }> {
  const k = keyword.trim();
  if (!k) return [{ text, hit: false }];
  const out: Array<{ text: string; hit: boolean }> = [];
  const lower = text.toLowerCase();
  const kl = k.toLowerCase();
  let at = 0;
  for (;;) {
    const i = lower.indexOf(kl, at);
    if (i < 0) break;
    if (i > at) out.push({ text: text.slice(at, i), hit: false });
    out.push({ text: text.slice(i, i + k.length), hit: true });
    at = i + k.length;
  }
  if (at < text.length) out.push({ text: text.slice(at), hit: false });
  return out;
}

/** A one-line excerpt around the first hit of the keyword. */
export function excerpt(text: string, keyword: string, width = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const i = keyword ? flat.toLowerCase().indexOf(keyword.trim().toLowerCase()) : -1;
  if (i < 0 || flat.length <= width) return flat.length > width ? `${flat.slice(0, width)}…` : flat;
  const start = Math.max(0, i - Math.floor(width / 3));
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + width)}${start + width < flat.length ? '…' : ''}`;
}
