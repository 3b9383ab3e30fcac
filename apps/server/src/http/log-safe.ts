/**
 * What an error may put in the log. Errors of the database drivers carry the query's parameters
 * (drizzle's "Failed query: … params: 我有抑郁症,…") and PostgreSQL's messages and details quote
 * the offending value (`invalid input syntax for type integer: "…"`, `Key (name)=(…)`), so a
 * database error is logged by its kind only: class, SQLSTATE, and the stack frames (code
 * locations) without the message. Other errors keep their message, cut to one short line.
 * Installed as the logger's `err` serializer: every `log.x({ err }, '…')` goes through it.
 */
// A type, not an interface: pino's serializer type wants an index signature.
export type SafeErr = {
  type: string;
  /** SQLSTATE of a database error (e.g. 22003, 23505), or a Node error code. */
  code?: string;
  message: string;
  /** The `at …` lines only ('' when unknown). */
  stack: string;
};

const MAX_MESSAGE = 160;

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A database driver's error, or one wrapping it (drizzle's DrizzleQueryError has `query`, `params`, `cause`). */
function dbErrorOf(err: unknown, depth = 0): { code?: string } | null {
  if (!isObj(err) || depth > 4) return null;
  const sqlState = typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) ? err.code : undefined;
  const looksDb = 'params' in err || 'query' in err || sqlState !== undefined || typeof err.severity === 'string' || (err instanceof Error && /^Failed query:/.test(err.message));
  const inner = dbErrorOf(err.cause, depth + 1);
  if (inner) return { code: inner.code ?? sqlState };
  return looksDb ? (sqlState ? { code: sqlState } : {}) : null;
}

/** Only the `at …` lines of a stack: its first lines repeat the message. */
const framesOf = (stack: unknown): string => (typeof stack === 'string' ? stack.split('\n').filter((l) => /^\s+at /.test(l)).slice(0, 12).join('\n') : '');

export function safeErr(err: unknown): SafeErr {
  if (!(err instanceof Error)) return { type: typeof err, message: typeof err === 'string' ? (err.split('\n')[0] ?? '').slice(0, MAX_MESSAGE) : 'non-error value', stack: '' };
  const stack = framesOf(err.stack);
  const db = dbErrorOf(err);
  if (db) return { type: err.name, ...(db.code ? { code: db.code } : {}), message: 'database error (query and values not logged)', stack };
  const code: unknown = (err as { code?: unknown }).code;
  return { type: err.name, ...(typeof code === 'string' ? { code } : {}), message: (err.message.split('\n')[0] ?? '').slice(0, MAX_MESSAGE), stack };
}
