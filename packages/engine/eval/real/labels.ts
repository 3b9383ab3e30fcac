/**
 * The labelled real consultation questions (eval/real/real.jsonl): their schema (zod), the
 * fixed real-dev / real-holdout split, and a loader that keeps valid lines and reports the rest.
 *
 * Split (fixed, never changed): a question whose id number is divisible by 5 (rq-dev-0005,
 * rq-dev-0010 …) is real-holdout — never trained on, tuned on, or read for failures. Every other
 * labelled question is real-dev.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { INTENTS } from '../../src/intent.ts';

export const ASKS = ['what_is_wrong', 'cause', 'how_to_treat', 'can_take', 'can_do', 'is_normal', 'which_department', 'where', 'need_doctor', 'what_is', 'serious', 'prognosis', 'effect', 'side_effect', 'diet', 'care', 'cost', 'other'] as const;
export const FOCUS_TYPES = ['disease', 'symptom', 'drug', 'test', 'operation', 'body_part', 'food', 'other'] as const;
export const SUBJECTS = ['self', 'child', 'fetus', 'parent', 'spouse', 'other', 'unknown'] as const;
/** The labelling guidelines' department list (/work/labels/GUIDELINES.md). */
export const LABEL_DEPARTMENTS = ['心血管内科', '呼吸内科', '消化内科', '神经内科', '内分泌科', '肾内科', '血液科', '风湿免疫科', '感染科', '普通外科', '骨科', '泌尿外科', '神经外科', '心胸外科', '乳腺外科', '肛肠科', '妇科', '产科', '儿科', '新生儿科', '眼科', '耳鼻咽喉科', '口腔科', '皮肤科', '精神心理科', '康复医学科', '肿瘤科', '急诊科', '全科医学科', '中医科', '男科', '生殖医学科', '营养科', '疼痛科', '睡眠医学科', '变态反应科', '老年医学科', '烧伤科', '整形外科', '介入科', '血管外科', '职业病科'] as const;

export type FocusType = (typeof FOCUS_TYPES)[number];

/** One label line as the labellers write it. */
export const LabelSchema = z.strictObject({
  id: z.string().regex(/^rq-dev-\d{4}$/u),
  intent: z.enum(INTENTS),
  ask: z.enum(ASKS),
  focus: z.strictObject({ type: z.enum(FOCUS_TYPES), name: z.string().trim().min(1) }).nullable(),
  subject: z.enum(SUBJECTS),
  sex: z.enum(['M', 'F']).nullable(),
  age: z.number().min(0).max(120).nullable(),
  pregnant: z.boolean(),
  department: z.enum(LABEL_DEPARTMENTS),
  emergency: z.boolean(),
  answerable: z.boolean(),
});
export type Label = z.infer<typeof LabelSchema>;

/** A labelled question as stored in eval/real/real.jsonl: the label plus the question text. */
export const RealCaseSchema = LabelSchema.extend({ q: z.string().min(1) });
export type RealCase = z.infer<typeof RealCaseSchema>;

export type RealPart = 'real-dev' | 'real-holdout';

/** The id's number (rq-dev-0123 → 123). */
export function idNumber(id: string): number {
  const m = /(\d+)$/u.exec(id);
  if (!m?.[1]) throw new Error(`no number in id ${id}`);
  return Number(m[1]);
}

/** The fixed split: id number divisible by 5 → real-holdout, else real-dev. */
export function partOf(id: string): RealPart {
  return idNumber(id) % 5 === 0 ? 'real-holdout' : 'real-dev';
}

export interface Rejected {
  line: number;
  id: string | null;
  reason: string;
}

export interface Parsed<T> {
  rows: T[];
  rejected: Rejected[];
}

/**
 * Parses JSON lines with a schema: valid rows kept (a later line for the same id replaces an
 * earlier one), the rest reported with their line number and the first problem.
 */
export function parseLines<T extends { id: string }>(text: string, schema: z.ZodType<T>): Parsed<T> & { duplicates: string[] } {
  const byId = new Map<string, T>();
  const rejected: Rejected[] = [];
  const duplicates: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (e) {
      rejected.push({ line: i + 1, id: /"id"\s*:\s*"([^"]+)"/u.exec(line)?.[1] ?? null, reason: `not JSON: ${(e as Error).message}` });
      return;
    }
    const r = schema.safeParse(json);
    if (!r.success) {
      const issue = r.error.issues[0];
      const id = typeof json === 'object' && json !== null && 'id' in json && typeof json.id === 'string' ? json.id : null;
      rejected.push({ line: i + 1, id, reason: issue ? `${issue.path.join('.') || '(line)'}: ${issue.message}` : 'invalid' });
      return;
    }
    if (byId.has(r.data.id)) duplicates.push(r.data.id);
    byId.set(r.data.id, r.data);
  });
  return { rows: [...byId.values()], rejected, duplicates };
}

const here = dirname(fileURLToPath(import.meta.url));
export const REAL_FILE = join(here, 'real.jsonl');

/** The stored labelled real questions, sorted by id; throws on an invalid line (the file is written valid by import.ts). */
export function loadReal(file: string = REAL_FILE): RealCase[] {
  const { rows, rejected } = parseLines(readFileSync(file, 'utf8'), RealCaseSchema);
  if (rejected.length > 0) throw new Error(`${file}: ${rejected.length} invalid lines, first: line ${rejected[0]?.line} ${rejected[0]?.reason}`);
  return rows.sort((a, b) => a.id.localeCompare(b.id));
}

export function splitReal(cases: readonly RealCase[]): Record<RealPart, RealCase[]> {
  return { 'real-dev': cases.filter((c) => partOf(c.id) === 'real-dev'), 'real-holdout': cases.filter((c) => partOf(c.id) === 'real-holdout') };
}
