import { LEXICON_DATA, LEXICON_KINDS, type LexiconEntry, type LexiconEntryOf, type LexiconKind } from './lexicon-data.ts';
import { normalizeText } from './normalize.ts';

/** One suggestion for a search box. */
export interface Suggestion {
  readonly id: string;
  /** The entry's standard name (what the form stores and shows). */
  readonly name: string;
  readonly kind: LexiconKind;
  /** The name or synonym, as written in the data, that the query matched. */
  readonly matched: string;
}

/**
 * How well a key matched, best first. An exact synonym outranks a name prefix: typing the whole
 * common word (糖尿病, 乙肝) should put its entry (2型糖尿病, 慢性乙型肝炎) above longer names that
 * merely start with it (糖尿病足, 乙肝病毒携带者).
 */
const enum Tier {
  ExactName = 0,
  ExactSynonym = 1,
  NamePrefix = 2,
  SynonymPrefix = 3,
  NameSubstring = 4,
  SynonymSubstring = 5,
}

interface Key {
  /** Normalised text that queries are compared with. */
  readonly norm: string;
  /** The name or synonym as written in the data. */
  readonly text: string;
  readonly isName: boolean;
  readonly entry: LexiconEntry;
}

interface KindIndex {
  readonly keys: readonly Key[];
  /** Keys by their first character: a prefix (or exact) match can only be in its query's bucket. */
  readonly byFirstChar: ReadonlyMap<string, readonly Key[]>;
  /** Keys by their whole normalised text. */
  readonly exact: ReadonlyMap<string, readonly Key[]>;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function firstChar(s: string): string {
  return String.fromCodePoint(s.codePointAt(0) ?? 0);
}

function buildIndex(entries: readonly LexiconEntry[]): KindIndex {
  const keys: Key[] = [];
  const byFirstChar = new Map<string, Key[]>();
  const exact = new Map<string, Key[]>();
  for (const entry of entries) {
    const seen = new Set<string>();
    for (const [text, isName] of [[entry.name, true] as const, ...entry.synonyms.map((s) => [s, false] as const)]) {
      const norm = normalizeText(text);
      // A synonym that normalises to the name (or to another synonym) adds nothing.
      if (!norm || seen.has(norm)) continue;
      seen.add(norm);
      const key: Key = { norm, text, isName, entry };
      keys.push(key);
      push(byFirstChar, firstChar(norm), key);
      push(exact, norm, key);
    }
  }
  return { keys, byFirstChar, exact };
}

// Built once at module load: every query afterwards only reads these.
const INDEX: { readonly [K in LexiconKind]: KindIndex } = {
  disease: buildIndex(LEXICON_DATA.disease),
  drug: buildIndex(LEXICON_DATA.drug),
  allergen: buildIndex(LEXICON_DATA.allergen),
  surgery: buildIndex(LEXICON_DATA.surgery),
};

const BY_ID: ReadonlyMap<string, LexiconEntry> = new Map(
  LEXICON_KINDS.flatMap((kind): LexiconEntry[] => [...LEXICON_DATA[kind]]).map((e) => [e.id, e]),
);

interface Candidate {
  tier: Tier;
  matched: string;
  readonly entry: LexiconEntry;
  readonly kindOrder: number;
}

function consider(found: Map<LexiconEntry, Candidate>, key: Key, tier: Tier, kindOrder: number): void {
  const current = found.get(key.entry);
  if (!current) found.set(key.entry, { tier, matched: key.text, entry: key.entry, kindOrder });
  else if (tier < current.tier) {
    current.tier = tier;
    current.matched = key.text;
  }
}

const kindList = (kind: LexiconKind | readonly LexiconKind[]): readonly LexiconKind[] =>
  typeof kind === 'string' ? [kind] : kind;

/**
 * Suggestions for what the user has typed so far, best first, at most `limit`.
 *
 * Ranking: exact name, exact synonym, name prefix, synonym prefix, name substring, synonym
 * substring; within a tier the more common entry (data order) first, then the order of `kind`.
 * The query is normalised like the data (full-width, traditional characters, case, spaces).
 * An empty query suggests nothing.
 */
export function suggest(query: string, kind: LexiconKind | readonly LexiconKind[], limit = 10): Suggestion[] {
  const q = normalizeText(query);
  if (!q || limit <= 0) return [];
  const kinds = kindList(kind);
  const found = new Map<LexiconEntry, Candidate>();

  kinds.forEach((k, kindOrder) => {
    for (const key of INDEX[k].byFirstChar.get(firstChar(q)) ?? []) {
      if (key.norm === q) consider(found, key, key.isName ? Tier.ExactName : Tier.ExactSynonym, kindOrder);
      else if (key.norm.startsWith(q)) consider(found, key, key.isName ? Tier.NamePrefix : Tier.SynonymPrefix, kindOrder);
    }
  });

  // Substring matches rank below every prefix match, so they are only needed to fill the list.
  if (found.size < limit) {
    kinds.forEach((k, kindOrder) => {
      for (const key of INDEX[k].keys) {
        if (key.norm.length > q.length && !key.norm.startsWith(q) && key.norm.includes(q)) {
          consider(found, key, key.isName ? Tier.NameSubstring : Tier.SynonymSubstring, kindOrder);
        }
      }
    });
  }

  return [...found.values()]
    .sort((a, b) => a.tier - b.tier || a.entry.rank - b.entry.rank || a.kindOrder - b.kindOrder)
    .slice(0, limit)
    .map((c) => ({ id: c.entry.id, name: c.entry.name, kind: c.entry.kind, matched: c.matched }));
}

/**
 * The entry whose name or synonym is exactly `nameOrSynonym` (after normalisation), or undefined.
 * A name match wins over a synonym match; between kinds, the order of {@link LEXICON_KINDS}.
 */
export function lookup<K extends LexiconKind>(nameOrSynonym: string, kind: K): LexiconEntryOf<K> | undefined;
export function lookup(nameOrSynonym: string, kind?: LexiconKind): LexiconEntry | undefined;
export function lookup(nameOrSynonym: string, kind?: LexiconKind): LexiconEntry | undefined {
  const q = normalizeText(nameOrSynonym);
  if (!q) return undefined;
  const keys = (kind ? [kind] : LEXICON_KINDS).flatMap((k) => INDEX[k].exact.get(q) ?? []);
  return (keys.find((k) => k.isName) ?? keys[0])?.entry;
}

/** The `limit` most common entries of a kind: the quick-pick chips of a profile form. */
export function templates<K extends LexiconKind>(kind: K, limit = 12): readonly LexiconEntryOf<K>[] {
  return LEXICON_DATA[kind].slice(0, Math.max(0, limit));
}

/** Every entry of a kind, most common first. */
export function entriesOf<K extends LexiconKind>(kind: K): readonly LexiconEntryOf<K>[] {
  return LEXICON_DATA[kind];
}

/** The entry with this id (ids are unique across all kinds), or undefined. */
export function entryById(id: string): LexiconEntry | undefined {
  return BY_ID.get(id);
}
