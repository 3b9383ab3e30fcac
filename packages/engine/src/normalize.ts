import { toSimplified } from './t2s.ts';

const WHITESPACE = /\s+/gu;

/**
 * Cantonese function characters that have no other use in Mandarin health text, folded one for one
 * (so every span still indexes the folded text) to their Mandarin equivalents: 咗 (perfective) → 了,
 * 冇 (negation) → 没, 喺 → 在, 嘅 → 的, 佢 → 他, 瞓 → 睡, 啲 → 些, 嚟 → 来 (越嚟越 → 越来越). Without the fold a Cantonese
 * sentence (出咗好多汗, 一滴汗都冇) matched none of the Mandarin vocabulary or negation rules and
 * was refused as non-medical. 唔 (also a Mandarin interjection) and 晒 (Mandarin: sun) stay as they are.
 */
const CANTONESE: Readonly<Record<string, string>> = { 咗: '了', 冇: '没', 喺: '在', 嘅: '的', 佢: '他', 瞓: '睡', 啲: '些', 嚟: '来' };
const CANTONESE_RE = /[咗冇喺嘅佢瞓啲嚟]/gu;

/**
 * Normalises user input and lexicon keys to one comparable form:
 * NFKC (full-width letters, digits and punctuation become half-width; Ⅱ becomes II), traditional
 * characters become simplified, Latin letters lower-case, whitespace collapsed to one space and
 * trimmed; Cantonese function characters fold to Mandarin (see CANTONESE). The same function runs over the data at load time and over every query, so both sides
 * always agree.
 */
export function normalizeText(input: string): string {
  return toSimplified(input.normalize('NFKC'))
    .replace(CANTONESE_RE, (c) => CANTONESE[c] ?? c)
    .toLowerCase()
    .replace(WHITESPACE, ' ')
    .trim();
}
