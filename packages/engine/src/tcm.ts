import syndromesJson from '../data/tcm-syndromes.json' with { type: 'json' };
import { normalizeText } from './normalize.ts';

/** Shown with every list of 中成药: they are examples, not a prescription. */
export const TCM_PATENT_NOTE = '以上中成药仅为举例，需在中医师辨证后使用；孕妇、儿童、正在服用其他药物或有慢性病者更应先咨询医生或药师。';

/** One group of words for the same sign (怕冷 / 畏寒 / 怕凉); the group counts once. */
export interface TcmSign {
  /** Normalised, longest first. */
  readonly words: readonly string[];
  /** 0–1: how characteristic the sign is of the syndrome. */
  readonly weight: number;
}

/** One 中医证候 or 体质 (`data/tcm-syndromes.json`). */
export interface TcmSyndrome {
  readonly id: string;
  readonly name: string;
  readonly signs: readonly TcmSign[];
  /** The summed weight of matched signs needed before the syndrome is offered. */
  readonly minScore: number;
  /** Plain-Chinese explanation of the syndrome. */
  readonly explanation: string;
  /** 起居、运动、情志 advice. */
  readonly lifestyle: readonly string[];
  readonly diet: { readonly recommend: readonly string[]; readonly avoid: readonly string[] };
  /** Example 中成药 names only; always shown with `patentNote`. */
  readonly commonPatents: readonly string[];
  /** Always `TCM_PATENT_NOTE`. */
  readonly patentNote: string;
  /** When to see a (Western or TCM) doctor. */
  readonly seeDoctor: string;
  readonly source: string;
}

export interface TcmMatch {
  readonly syndrome: TcmSyndrome;
  /** Summed weight of the matched signs, two decimals. */
  readonly score: number;
  /** The words of the text that matched, one per sign. */
  readonly matched: readonly string[];
}

export const TCM_SYNDROMES: readonly TcmSyndrome[] = Object.freeze(
  syndromesJson.map(
    (s): TcmSyndrome =>
      Object.freeze({
        id: s.id,
        name: s.name,
        signs: Object.freeze(
          s.signs.map((g) =>
            Object.freeze({
              words: Object.freeze([...new Set(g.words.map(normalizeText))].sort((a, b) => b.length - a.length)),
              weight: g.weight,
            }),
          ),
        ),
        minScore: s.minScore,
        explanation: s.explanation,
        lifestyle: Object.freeze([...s.lifestyle]),
        diet: Object.freeze({ recommend: Object.freeze([...s.diet.recommend]), avoid: Object.freeze([...s.diet.avoid]) }),
        commonPatents: Object.freeze([...s.commonPatents]),
        patentNote: TCM_PATENT_NOTE,
        seeDoctor: s.seeDoctor,
        source: s.source,
      }),
  ),
);

const BY_ID: ReadonlyMap<string, TcmSyndrome> = new Map(TCM_SYNDROMES.map((s) => [s.id, s]));

export function tcmSyndromeById(id: string): TcmSyndrome | undefined {
  return BY_ID.get(id);
}

/** Every sign word of every syndrome, longest first: may stand in a negated list (没有怕冷、手脚冰凉). */
const ALL_WORDS: readonly string[] = [...new Set(TCM_SYNDROMES.flatMap((s) => s.signs.flatMap((g) => g.words)))].sort(
  (a, b) => b.length - a.length,
);

// ---------------------------------------------------------------------------------------------
// Negation

const CLAUSE_BREAK = /[,.;!?。；：:\n ]/u;
/** Negation words, longest first. */
const NEGATORS = ['从来没有', '并没有', '一直没有', '从来没', '没有', '从没', '从不', '并不', '也不', '都不', '否认', '不是', '没', '无', '未', '不'];
/** Words that may stand between a negation and its word (没有什么怕冷, 不太怕冷, 没觉得口苦). */
const FILLERS = ['什么', '怎么', '任何', '明显', '出现过', '出现', '感觉到', '感觉', '感到', '觉得', '发现', '特别', '那么', '一点', '太', '很', '再', '有', '过', '啥', '咋', '会', '怎'];
const COORDINATORS = ['以及', '或者', '、', '和', '或', '及', '与', '跟', '也'];

function endsWithAny(s: string, words: readonly string[]): string | null {
  for (const w of words) if (w.length > 0 && s.endsWith(w)) return w;
  return null;
}

/**
 * Whether the occurrence of a word at `at` is denied: walking back through its clause over
 * filler words, coordinators and other known words (a negated list), a negation word is reached.
 * A-不-A questions (怕不怕冷) are not denials.
 */
export function isNegatedAt(text: string, at: number, vocabulary: readonly string[] = ALL_WORDS): boolean {
  let start = at;
  while (start > 0 && !CLAUSE_BREAK.test(text[start - 1] ?? '')) start--;
  let prefix = text.slice(start, at);
  for (let guard = 0; guard < 20 && prefix.length > 0; guard++) {
    const neg = endsWithAny(prefix, NEGATORS);
    if (neg !== null) {
      const negStart = prefix.length - neg.length;
      const first = neg[0];
      const isQuestion =
        (first === '不' || first === '没') && negStart > 0 && prefix[negStart - 1] === (prefix[negStart + neg.length] ?? text[at]);
      return !isQuestion;
    }
    const skip = endsWithAny(prefix, FILLERS) ?? endsWithAny(prefix, COORDINATORS) ?? endsWithAny(prefix, vocabulary);
    if (skip === null) return false;
    prefix = prefix.slice(0, prefix.length - skip.length);
  }
  return false;
}

/** The word occurs in the (normalised) text at least once without being denied. */
export function mentionedUnnegated(text: string, word: string, vocabulary: readonly string[] = ALL_WORDS): boolean {
  if (word.length === 0) return false;
  let at = text.indexOf(word);
  while (at >= 0) {
    if (!isNegatedAt(text, at, vocabulary)) return true;
    at = text.indexOf(word, at + 1);
  }
  return false;
}

/**
 * The 中医证候/体质 the text's signs fit best: each sign group whose word occurs (normalised,
 * not denied — 不怕冷 does not count) adds its weight; syndromes reaching their `minScore` are
 * returned, best first (ties: more signs matched, then data order), at most `topN` (3).
 */
export function differentiateTcm(text: string, topN = 3): TcmMatch[] {
  const t = normalizeText(text);
  if (t.length === 0) return [];
  const found = new Map<string, boolean>();
  const has = (w: string): boolean => {
    let v = found.get(w);
    if (v === undefined) {
      v = mentionedUnnegated(t, w);
      found.set(w, v);
    }
    return v;
  };
  const scored: Array<{ m: TcmMatch; index: number }> = [];
  TCM_SYNDROMES.forEach((syndrome, index) => {
    let score = 0;
    const matched: string[] = [];
    for (const sign of syndrome.signs) {
      const w = sign.words.find(has);
      if (w === undefined) continue;
      score += sign.weight;
      matched.push(w);
    }
    if (score + 1e-9 < syndrome.minScore) return;
    scored.push({ m: { syndrome, score: Math.round(score * 100) / 100, matched }, index });
  });
  scored.sort((a, b) => b.m.score - a.m.score || b.m.matched.length - a.m.matched.length || a.index - b.index);
  return scored.slice(0, topN).map((s) => s.m);
}
