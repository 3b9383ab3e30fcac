import type { MemberContext } from '@chatdr/contract';
import type { AnswerEvent } from './answer.ts';
import { CAUSE_LINE } from './compose.ts';
import { CONDITIONS } from './conditions.ts';
import { extract } from './extract.ts';
import { allowsDose, drugMentions, medicationAdvice } from './medication.ts';
import { normalizeText } from './normalize.ts';
import { plausibleRanked, type PlausiblePerson } from './plausible.ts';

/**
 * Build-failing checks on a finished answer (issue 17), shared by the test over every eval set
 * (src/answer-quality.test.ts) and the figures script (eval/quality.ts). Each returns the
 * violations found, as short English labels with the offending text; an empty list is a pass.
 */

export const answerLines = (es: readonly AnswerEvent[]): string[] => es.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('').split('\n').filter((l) => l.trim() !== '');

/** One sentence as compared for repetition: no list number, no punctuation or spaces. */
export function sentenceKey(s: string): string {
  return s.replace(/^\s*\d+[.、]\s*/u, '').replace(/[\s，。；：、！？,.;:!?（）()「」【】]/gu, '').replace(/⚠️/gu, '');
}

/** Sentences of a text, each with its end punctuation (。！？；or a line end). */
export function splitSentences(text: string): string[] {
  return text.match(/[^。！？；\n]+[。！？；]?/gu) ?? [];
}

/** Labels that introduce a block: each may begin at most one sentence of an answer. */
const ONCE_LABELS = ['综合来看', '判断依据', '这样判断是因为', '建议就诊科室', '结合档案', '需要警惕的情况', '可能的情况有'];

export function repeatedSentences(lines: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const s of lines.flatMap(splitSentences)) {
    const k = sentenceKey(s);
    if (k.length < 6) continue;
    if (seen.has(k)) out.push(`repeated sentence: ${s.trim()}`);
    seen.add(k);
  }
  const all = lines.join('\n');
  for (const label of ONCE_LABELS) {
    const n = all.split(label).length - 1;
    if (n > 1) out.push(`label ${label} ×${n}`);
  }
  return out;
}

/** English or internal words a user must never read (triage codes, scores, rule syntax). */
const INTERNAL = /\b(?:urgent|emergency|routine|selfcare|score|likelihood|undefined|null|NaN|ruleId|TODO)\b|BE-FAST|即使伴|即使像|未说精神|\[object/u;
/** A bare decimal like a model score (0.43), not a reading with its unit. */
const RAW_SCORE = /(?<![\d.])0\.\d{2,}(?!\d)(?!\s*(?:[a-zA-Zμ%×^/～~\-–]|毫|克|升|度|℃|倍|秒|分|小时))/u;

export function internalLabels(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const m = INTERNAL.exec(l) ?? RAW_SCORE.exec(l);
    if (m) out.push(`internal label "${m[0]}": ${l.slice(0, 80)}`);
  }
  return out;
}

/** The conditions an answer lists as possible (numbered items with a likelihood, the conclusion card). */
export function listedConditions(es: readonly AnswerEvent[]): string[] {
  const names = new Set<string>();
  for (const e of es) if (e.type === 'conclusion') for (const c of e.conditions) names.add(c.name);
  for (const l of answerLines(es)) {
    const m = /^\s*\d+\.\s*(.+?)（(?:可能性较大|有一定可能|可能性较小|较可能|可能)）/u.exec(l);
    if (m?.[1]) names.add(m[1]);
  }
  return [...names];
}

const BY_NAME = new Map(CONDITIONS.map((c) => [c.name, c]));
const BY_ID = new Map(CONDITIONS.map((c) => [c.id, c]));

/** Listed conditions impossible for the person (the text's own naming and a couple's fertility excepted, as in the ranking). */
export function impossibleConditions(es: readonly AnswerEvent[], p: PlausiblePerson, question: string): string[] {
  const listed = listedConditions(es).flatMap((name) => {
    const c = BY_NAME.get(name);
    return c ? [c] : [];
  });
  const kept = new Set(plausibleRanked(listed, p, normalizeText(question), (id) => BY_ID.get(id)).map((c) => c.id));
  return listed.filter((c) => !kept.has(c.id)).map((c) => `impossible condition ${c.name}`);
}

/** A dose printed after a 不建议/禁用 verdict (the alternative's dose inside the verdict or a 用药核对 line is the alternative's own). */
const DOSE_LINE = /成人用法：|儿童用法：|按体重\d+(?:\.\d+)? ?kg计算：一次|换算成药液：|儿童剂量要按体重计算|可在药店购买/u;

export function doseAfterNo(lines: readonly string[]): string[] {
  const no = lines.findIndex((l) => /^【用药结论】[^：]+：(?:不建议|禁用)/u.test(l));
  if (no < 0) return [];
  return lines.slice(no + 1).filter((l) => DOSE_LINE.test(l) && !/【用药结论】|用药核对/u.test(l)).map((l) => `dose after a no: ${l.slice(0, 80)}`);
}

/** Children get adult dosing from 12 (most Chinese labels: 12岁以上按成人). */
const ADULT_DOSE = /成人用法：|成人剂量：|成人一次/u;

/** An adult dose printed for a child under 12 (the child's is by weight or age band). */
export function adultDoseForChild(lines: readonly string[], person: PlausiblePerson): string[] {
  if (person.age === null || person.age >= 12) return [];
  return lines.filter((l) => ADULT_DOSE.test(l)).map((l) => `adult dose for a child of ${person.age}: ${l.slice(0, 80)}`);
}

/** Words before a drug that already say not to take it. */
const DENIED = /(?:不要|避免|禁用|不宜|勿|不能|不可|慎用|停用|不建议|而不是|禁止|忌|别|对)[^。；，,！？\n]{0,8}$/u;

/**
 * A drug the answer names (in advice, first aid, an alternative) that this person should not take
 * (不建议/禁用 by their allergies, pregnancy, age or medicines), with no verdict or flag for it anywhere
 * in the answer and no "don't" in front of it.
 */
export function unflaggedDrugs(lines: readonly string[], member: MemberContext | null, question: string): string[] {
  if (member === null) return [];
  const ex = extract(question);
  const all = lines.join('\n');
  const out: string[] = [];
  const seen = new Set<string>();
  for (const l of lines) {
    if (/【用药结论】|用药核对|^\s*(?:⚠️|结合档案)/u.test(l) || CAUSE_LINE.test(l.trim())) continue;
    for (const { drug, index } of drugMentions(l)) {
      if (seen.has(drug.id) || DENIED.test(l.slice(0, index))) continue;
      if (member.medicines.some((m) => m.name === drug.name || drug.synonyms.includes(m.name))) continue;
      seen.add(drug.id);
      const v = medicationAdvice(drug, { question, member, pregnant: ex.pregnancy.pregnant, pregnancyWeek: ex.pregnancy.week, ageYears: ex.age?.years ?? null, weightKg: null, alcohol: false }).verdict;
      if (allowsDose(v.level)) continue;
      const flagged = new RegExp(`(?:【用药结论】[^\n]*${drug.name}|用药核对[^\n]*${drug.name}|${drug.name}(?:：|[^\n]{0,4})(?:不建议|禁用))`, 'u').test(all);
      if (!flagged) out.push(`unflagged drug ${drug.name} (${v.label}: ${v.reasons.join('；')}): ${l.slice(0, 60)}`);
    }
  }
  return out;
}

/**
 * Every check on one answer for one person. When the engine set the member aside (a roleQuestion:
 * the message is about someone else than the profile), the person is only what the message says.
 */
export function answerViolations(es: readonly AnswerEvent[], person: PlausiblePerson, question: string, member: MemberContext | null = null): string[] {
  const ls = answerLines(es);
  const ex = es.some((e) => e.type === 'roleQuestion') ? extract(question) : null;
  // The age the message states belongs to whom it names first (孩子一个月大 in a mother's message is the baby's).
  const own = ex !== null && (ex.who === null || ex.who === 'self');
  const p: PlausiblePerson = ex ? { age: own ? (ex.age?.years ?? null) : null, sex: own ? ex.sexHint : null, pregnant: ex.pregnancy.pregnant ? true : null } : person;
  return [
    ...repeatedSentences(ls),
    ...internalLabels(ls),
    ...impossibleConditions(es, p, question),
    ...doseAfterNo(ls),
    ...adultDoseForChild(ls, p),
    ...unflaggedDrugs(ls, ex ? null : member, question),
  ];
}
