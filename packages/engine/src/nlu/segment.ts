import { createRequire } from 'node:module';
import type * as JiebaModule from '@node-rs/jieba';
import { kbNames } from './names.ts';

type JiebaType = JiebaModule.Jieba;

/** One token of the normalised text: its characters and [start, end) offsets into that text. */
export interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

const require = createRequire(import.meta.url);
let jieba: JiebaType | null = null;

/**
 * The jieba dictionary lines for the knowledge base: every name and synonym of two or more
 * characters (after the same normalisation as the text), with a frequency high enough that the
 * segmenter keeps a known term whole (高血压, 布洛芬, 甲功, 冠脉造影) rather than splitting it.
 */
export function kbUserDictionary(): string {
  const lines: string[] = [];
  for (const [w, e] of kbNames()) {
    // jieba's dictionary format is whitespace-separated: skip names with spaces.
    if (w.length < 2 || /\s/u.test(w)) continue;
    lines.push(`${w} ${e.type === 'operation' ? 2000 : 20000}`);
  }
  return lines.join('\n');
}

/** The segmenter: jieba's own dictionary plus the KB's, built once on first use (~1 s). */
function segmenter(): JiebaType {
  if (jieba) return jieba;
  const { Jieba } = require('@node-rs/jieba') as typeof JiebaModule;
  const { dict } = require('@node-rs/jieba/dict') as { readonly dict: Uint8Array };
  const j = Jieba.withDict(dict);
  j.loadDict(Buffer.from(kbUserDictionary(), 'utf8'));
  jieba = j;
  return j;
}

/**
 * Segments already-normalised text into tokens with offsets (HMM on, so unknown words such as
 * names of places still form words). Whitespace is dropped; punctuation stays as its own tokens.
 */
export function segment(normalized: string): Token[] {
  const words = segmenter().cut(normalized, true);
  const tokens: Token[] = [];
  let at = 0;
  for (const w of words) {
    const start = normalized.indexOf(w, at);
    if (start < 0) continue;
    at = start + w.length;
    if (/^\s+$/u.test(w)) continue;
    tokens.push({ text: w, start, end: at });
  }
  return tokens;
}
