/** A positive integer id from a query parameter, else null. */
export function idParam(v: string | null | undefined): number | null {
  if (!v || !/^\d{1,12}$/.test(v)) return null;
  const n = Number(v);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

/** The query string of a member's page (`?id=` omitted for the account holder). */
export const withId = (path: string, id: number | null | undefined, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams({ ...(id ? { id: String(id) } : {}), ...extra }).toString();
  return q ? `${path}?${q}` : path;
};
