import { kb, KB_FILES, type Entity, type EntityType } from '../kb/index.ts';
import { normalizeText } from '../normalize.ts';
import { T2S_TRADITIONAL } from '../t2s.ts';

/** Where each type's file stands in KB_FILES: the order in which a name shared by two types is owned. */
const TYPE_ORDER: Readonly<Record<EntityType, number>> = {
  department: KB_FILES.indexOf('departments'),
  symptom: KB_FILES.indexOf('symptoms'),
  body_part: KB_FILES.indexOf('body-parts'),
  test: KB_FILES.indexOf('tests'),
  disease: KB_FILES.indexOf('diseases'),
  drug: KB_FILES.indexOf('drugs'),
  operation: KB_FILES.indexOf('operations'),
};

let names: Map<string, Entity> | null = null;

/**
 * Every name and synonym of the KB, normalised as user text is ({@link normalizeText}: simplified,
 * half-width, lower-case), to the entity that owns it: the first in type order (a symptom before an
 * ICD disease of the same name) and, within a type, the first in its file (the engine's curated
 * entries come before the ICD ones). Built once, on first use.
 */
export function kbNames(): ReadonlyMap<string, Entity> {
  if (names) return names;
  const map = new Map<string, Entity>();
  const sorted = [...kb()].sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type]);
  for (const e of sorted) {
    for (const raw of [e.name, ...(e.synonyms ?? [])]) {
      // Most names are plain simplified Chinese: normalise only what could change.
      const n = isPlain(raw) ? raw : normalizeText(raw);
      if (n && !map.has(n)) map.set(n, e);
    }
  }
  names = map;
  return map;
}

const TRADITIONAL = new Set(T2S_TRADITIONAL);
/** Only CJK ideographs, none of them traditional: normalizeText would return it unchanged. */
function isPlain(s: string): boolean {
  if (!CJK_ONLY.test(s)) return false;
  for (const ch of s) if (TRADITIONAL.has(ch)) return false;
  return true;
}
const CJK_ONLY = /^[\u4e00-\u9fff]+$/u;
