import { z } from 'zod';
import { DB_RANGE } from '../constants.ts';
import { DEVICE_TYPES } from '../enums.ts';
import { INPUT_MSG } from '../messages.ts';

/** The response envelope: `code: 1` is success. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });
export type Envelope<T> = { code: number; msg: string; data: T };

// --- Primitives every input schema builds on ---------------------------------------------------
// What the schemas accept, the database can store: PostgreSQL text and jsonb refuse NUL and lone
// UTF-16 surrogates, int4/int2 columns refuse larger numbers, a date column refuses 1990-02-31.

/** A NUL, or a surrogate not part of a pair (in `u` mode a well-formed pair is one code point). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|\p{Cs}/u;
/** Text PostgreSQL can store as text or inside jsonb. */
export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);
/** The text with each NUL and lone surrogate replaced by U+FFFD (for what is kept of refused input). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is replaced
export const toStorableText = (s: string): string => s.replace(/\u0000|\p{Cs}/gu, '\uFFFD');

/** A string with no NUL and no lone surrogate; chain `.trim()`, `.min()`, `.max()` as usual. */
export const safeText = () => z.string().refine(isStorableText, INPUT_MSG.badText);

/** The first path of a value where a string (or an object key) cannot be stored, or a number is not finite. */
export function unstorableAt(v: unknown, path: Array<string | number> = [], depth = 0): Array<string | number> | null {
  if (typeof v === 'string') return isStorableText(v) ? null : path;
  if (typeof v === 'number') return Number.isFinite(v) ? null : path;
  if (depth > 32 || typeof v !== 'object' || v === null || v instanceof Date) return null;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = unstorableAt(v[i], [...path, i], depth + 1);
      if (p) return p;
    }
    return null;
  }
  for (const [k, x] of Object.entries(v)) {
    if (!isStorableText(k)) return [...path, k];
    const p = unstorableAt(x, [...path, k], depth + 1);
    if (p) return p;
  }
  return null;
}

/**
 * The schema, refusing any string anywhere in its output (free JSON included) that the database
 * cannot store. The route table applies it to every body, query and path schema (routes/define.ts).
 */
export function storable<S extends z.ZodType>(s: S): S {
  return s.superRefine((v, ctx) => {
    const at = unstorableAt(v);
    if (at) ctx.addIssue({ code: 'custom', message: INPUT_MSG.badText, path: at });
  });
}

/** An int4 integer (`integer` column), sent as a number or a numeric string. */
export const int4 = () => z.coerce.number().int().min(-DB_RANGE.int4Max, INPUT_MSG.outOfRange).max(DB_RANGE.int4Max, INPUT_MSG.outOfRange);
/** An int2 integer (`smallint` column: statuses, scores, flags). */
export const int2 = () => z.coerce.number().int().min(-DB_RANGE.int2Max - 1, INPUT_MSG.outOfRange).max(DB_RANGE.int2Max, INPUT_MSG.outOfRange);
/** Id of a `serial` row, passed as a string or a number: a positive int4. */
export const idParam = z.coerce.number().int().positive().max(DB_RANGE.int4Max, INPUT_MSG.outOfRange);
/** Id of a `bigserial` row (chat dialogs). */
export const bigIdParam = z.coerce.number().int().positive().max(DB_RANGE.bigIdMax, INPUT_MSG.outOfRange);
/** A finite number a `real` column holds. */
export const realNum = () => z.coerce.number().finite().min(-DB_RANGE.realAbsMax, INPUT_MSG.outOfRange).max(DB_RANGE.realAbsMax, INPUT_MSG.outOfRange);

/** YYYY-MM-DD naming a day that exists (1990-02-31 does not). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}
/** YYYY, YYYY-MM or YYYY-MM-DD, each part real. */
export function isPartialDate(s: string): boolean {
  if (/^\d{4}$/.test(s)) return true;
  const ym = /^(\d{4})-(\d{2})$/.exec(s);
  if (ym) return Number(ym[2]) >= 1 && Number(ym[2]) <= 12;
  return isCalendarDate(s);
}
/** A real calendar day as YYYY-MM-DD. */
export const calendarDate = (formatMsg = '日期格式不正确') => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, formatMsg).refine(isCalendarDate, INPUT_MSG.badDate);

/** Mainland mobile number, 11 digits starting with 1. */
export const phone = z.string().trim().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号');
export const smsCode = z.string().trim().regex(/^\d{6}$/, '请输入6位验证码');
export const password = safeText().min(1, '请输入密码').max(64);
export const deviceType = z.enum(DEVICE_TYPES).optional();
export const emptyBody = z.object({}).passthrough().optional();
export const ok = z.null();
