/**
 * A reply that continues the conversation instead of starting a new question: the city a
 * hospital search asked for (我在北京), a follow-up chip worded as the doctor's question (有没有皮疹？)
 * after a symptom story, a short medication follow-up (一次吃多少？) after a question about a drug.
 * The self-check interview has its own continuation (interview.ts: continuedInterview).
 */
import type { SkillCode } from '@chatdr/contract';
import { extract } from './extract.ts';
import { resolveCity } from './hospitals.ts';
import type { HistoryTurn } from './interview.ts';
import { askOf } from './interview.ts';
import { normalizeText } from './normalize.ts';
import { SYMPTOMS } from './symptoms.ts';
import type { SymptomEntry } from './symptoms.ts';

/** The hospital finder's question when it knows no city (its answer continues the search). */
export const HOSPITAL_CITY_ASK = '请告诉我你所在的城市（也可以开启定位），晓医按城市、区县和科室为你推荐医院。';

/** What the engine answers instead of the bare reply. */
export interface Continued {
  question: string;
  skill?: SkillCode;
  /** For the deep-think trace. */
  why: string;
}

/** 有没有皮疹？, 嗓子疼不疼？: a symptom's own ask sentence, or 有没有/是否 + a symptom's name or synonym. */
function askedSymptom(q: string): SymptomEntry | null {
  const t = q.trim();
  const exact = SYMPTOMS.find((s) => askOf(s) === t);
  if (exact) return exact;
  const m = /^(?:有没有|有无|是否有|会不会有|还有没有)(.{1,10}?)[？?]?$/u.exec(normalizeText(t));
  if (!m?.[1]) return null;
  const word = m[1];
  return SYMPTOMS.find((s) => s.name === word || (s.synonyms ?? []).includes(word)) ?? null;
}

/** 一次吃多少, 有什么副作用, 饭前还是饭后: a short medication question that names no drug itself. */
const DRUG_FOLLOW_UP = /吃多少|用多少|几片|几粒|多少毫|剂量|用量|怎么吃|怎么用|饭前|饭后|副作用|不良反应|能吃多久|吃几天|一天几次|一次几|孩子能|小孩能|能一起吃|空腹|睡前/u;

const lastOf = (history: readonly HistoryTurn[], role: HistoryTurn['role']): HistoryTurn | undefined => [...history].reverse().find((h) => h.role === role);

/** The question this reply continues, with what it needs from the earlier turn; null: a new question. */
export function continuedQuestion(history: readonly HistoryTurn[], question: string): Continued | null {
  const q = question.trim();
  const lastA = history.at(-1);
  const lastU = lastOf(history, 'user');
  if (!lastA || lastA.role !== 'assistant' || !lastU || q.length === 0 || q.length > 40) return null;
  // The hospital finder asked for the city: 我在北京, 北京, 在上海浦东.
  if (lastA.text.includes(HOSPITAL_CITY_ASK) && resolveCity(q) !== null) {
    return { question: `${lastU.text.trim()}（${q}）`, skill: 'zyy', why: `接上一问找医院，城市：${resolveCity(q) ?? ''}` };
  }
  const before = extract(lastU.text);
  const now = extract(q);
  // A chip worded as the doctor's question, after a symptom story: the user says they have it.
  const asked = askedSymptom(q);
  if (asked && before.symptoms.some((s) => !s.negated)) {
    return { question: `${lastU.text.trim().replace(/[。！？!?]+$/u, '')}，还有${asked.name}`, why: `追问「${q}」按上一问的症状补充理解：有${asked.name}` };
  }
  // A short medication follow-up without a drug, after a question about one: the same drug.
  const drug = before.drugs.find((d) => !d.negated);
  if (drug && now.drugs.length === 0 && now.symptoms.length === 0 && DRUG_FOLLOW_UP.test(q)) {
    return { question: `${drug.name}${q}`, why: `追问沿用上一问的药品：${drug.name}` };
  }
  return null;
}
