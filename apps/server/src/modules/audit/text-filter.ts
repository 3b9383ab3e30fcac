import { WORDS } from './words.ts';

/** Characters ignored between the characters of a word: spaces, punctuation, symbols, zero-width. */
const SEPARATOR = /[\s\p{P}\p{S}\u200b-\u200f\u2060\ufeff_]/u;

export interface FilterHit {
  word: string;
  category: string;
}

interface Node {
  next: Map<string, Node>;
  hit?: FilterHit;
}

/**
 * A sensitive-word filter: a trie over the normalised words, walked from every position of the
 * normalised text while skipping separators, so 傻*逼, 傻 逼 and ＳＢ all match. Latin words match
 * only as whole words (sb must not fire inside "sbom" or "asb"); CJK words match anywhere.
 */
export class TextFilter {
  private readonly root: Node = { next: new Map() };

  constructor(private readonly normalize: (s: string) => string, words: Readonly<Record<string, readonly string[]>> = WORDS) {
    for (const [category, list] of Object.entries(words)) for (const w of list) this.add(w, category);
  }

  private add(word: string, category: string) {
    const chars = [...this.normalize(word)].filter((c) => !SEPARATOR.test(c));
    if (chars.length === 0) return;
    let node = this.root;
    for (const c of chars) {
      let n = node.next.get(c);
      if (!n) node.next.set(c, (n = { next: new Map() }));
      node = n;
    }
    node.hit ??= { word: chars.join(''), category };
  }

  /** Every distinct word found, with its category; `categories` limits which count. */
  find(text: string, categories?: ReadonlySet<string>): FilterHit[] {
    const chars = [...this.normalize(text)];
    const hits = new Map<string, FilterHit>();
    const isLatin = (c: string | undefined) => c !== undefined && /[a-z0-9]/.test(c);
    for (let i = 0; i < chars.length; i++) {
      if (SEPARATOR.test(chars[i] ?? '')) continue;
      // A Latin word must start at a word boundary.
      if (isLatin(chars[i]) && isLatin(chars[i - 1])) continue;
      let node: Node | undefined = this.root;
      for (let j = i; j < chars.length && node; j++) {
        const c = chars[j] ?? '';
        if (j > i && SEPARATOR.test(c)) continue;
        node = node.next.get(c);
        if (node?.hit && (!categories || categories.has(node.hit.category))) {
          const latinWord = /^[a-z0-9]+$/.test(node.hit.word);
          if (!latinWord || !isLatin(chars[j + 1])) hits.set(node.hit.word, node.hit);
        }
      }
    }
    return [...hits.values()];
  }
}
