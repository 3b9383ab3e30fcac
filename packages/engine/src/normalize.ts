import { toSimplified } from './t2s.ts';

const WHITESPACE = /\s+/gu;

/**
 * Normalises user input and lexicon keys to one comparable form:
 * NFKC (full-width letters, digits and punctuation become half-width; Ⅱ becomes II), traditional
 * characters become simplified, Latin letters lower-case, whitespace collapsed to one space and
 * trimmed. The same function runs over the data at load time and over every query, so both sides
 * always agree.
 */
export function normalizeText(input: string): string {
  return toSimplified(input.normalize('NFKC')).toLowerCase().replace(WHITESPACE, ' ').trim();
}
