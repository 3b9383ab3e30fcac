import type { Entity, EntityType } from '../kb/index.ts';
import { kbNames } from './names.ts';
import type { Token } from './segment.ts';

/** A stretch of the text linked to a knowledge-base entity. */
export interface Link {
  readonly entityId: string;
  readonly type: EntityType;
  /** The entity's standard name. */
  readonly name: string;
  /** The words as written (normalised). */
  readonly surface: string;
  readonly start: number;
  readonly end: number;
  /** How it matched: the name or a synonym exactly, or one character off (a typo). */
  readonly match: 'exact' | 'typo';
}

/** The most tokens one mention may span (冠状 动脉 粥样 硬化 性 心脏病 …). */
const MAX_TOKENS = 8;
const MAX_CHARS = 16;
/** Types whose one-character names (胃, 肝, 腰) are linked, and only when jieba made a token of them. */
const ONE_CHAR_TYPES: ReadonlySet<EntityType> = new Set(['body_part']);
/** Types whose names are tried with one character wrong (冬虫厦草, 布落芬): names of 3–8 characters. */
const TYPO_TYPES: ReadonlySet<EntityType> = new Set(['disease', 'drug', 'test']);
/** Words that are never part of a mistyped name (我担心 is not a typo of anything). */
const FUNCTION_CHARS = /[我你他她它的了是在有不没吗呢吧啊也都就还很太]/u;
/**
 * Frequent words that are also names or synonyms of some entity but in a question almost never mean
 * it: 心 (heart) in 担心, 病 alone, 检查 alone, 过敏 as an ICD category name is kept (it is meant).
 */
const STOP_NAMES: ReadonlySet<string> = new Set(['疾病', '病', '检查', '手术', '治疗', '药', '症状', '感染', '肿瘤', '休克', '死亡', '损伤', '中毒', '畸形', '综合征', '炎症', '结石', '出血', '溃疡', '囊肿', '异常', '增生', '肥大', '萎缩', '体检', '病理', '造影', '无创', '透视', '下面', '心']);

interface Index {
  /** Normalised name → the entity that owns it (first in KB_FILES order, so a symptom beats an ICD disease of the same name). */
  readonly names: Map<string, Entity>;
  /** For typo tolerance: a name with one character replaced by '*' → names, built on first need. */
  wild: Map<string, string[]> | null;
}

let index: Index | null = null;

function nameIndex(): Index {
  if (index) return index;
  const names = new Map<string, Entity>();
  for (const [n, e] of kbNames()) {
    if (STOP_NAMES.has(n)) continue;
    if ([...n].length === 1 && !ONE_CHAR_TYPES.has(e.type)) continue;
    names.set(n, e);
  }
  index = { names, wild: null };
  return index;
}

function wildIndex(ix: Index): Map<string, string[]> {
  if (ix.wild) return ix.wild;
  const wild = new Map<string, string[]>();
  for (const [n, e] of ix.names) {
    const chars = [...n];
    if (!TYPO_TYPES.has(e.type) || chars.length < 3 || chars.length > 8 || /[a-z0-9]/u.test(n)) continue;
    for (let i = 0; i < chars.length; i++) {
      const k = [...chars.slice(0, i), '*', ...chars.slice(i + 1)].join('');
      const list = wild.get(k);
      if (list) list.push(n);
      else wild.set(k, [n]);
    }
  }
  ix.wild = wild;
  return wild;
}

/** The one name that is this string with one character replaced, or null when none or several. */
function typoOf(s: string, ix: Index): string | null {
  const chars = [...s];
  if (chars.length < 3 || chars.length > 8 || /[a-z0-9]/u.test(s) || FUNCTION_CHARS.test(s)) return null;
  const found = new Set<string>();
  const wild = wildIndex(ix);
  for (let i = 0; i < chars.length; i++) {
    for (const n of wild.get([...chars.slice(0, i), '*', ...chars.slice(i + 1)].join('')) ?? []) found.add(n);
  }
  return found.size === 1 ? ([...found][0] ?? null) : null;
}

/** Dosage forms written after a drug name (苯海索片, 奥美拉唑肠溶胶囊, 阿奇霉素干混悬剂). */
const FORM_SUFFIX = /(?:肠溶|缓释|控释|分散|咀嚼|泡腾|口崩|含)?(?:片|胶囊|软胶囊|颗粒|干混悬剂|混悬液|口服液|口服溶液|注射液|针|滴眼液|眼药水|乳膏|软膏|凝胶|栓|丸|冲剂|糖浆|喷雾剂)$/u;
const SALT_PREFIX = /^(?:盐酸|枸橼酸|甲磺酸|马来酸|硫酸|琥珀酸|酒石酸|富马酸|苯磺酸|醋酸|磷酸)/u;

/** A drug named with its dosage form or salt that the KB lists only bare (or the reverse). */
function drugByForm(surface: string, ix: Index): Entity | undefined {
  if (!FORM_SUFFIX.test(surface) && !SALT_PREFIX.test(surface)) return undefined;
  const stem = surface.replace(FORM_SUFFIX, '');
  for (const n of [stem, stem.replace(SALT_PREFIX, '')]) {
    if ([...n].length < 2) continue;
    const e = ix.names.get(n);
    if (e?.type === 'drug') return e;
  }
  return undefined;
}

const isWordToken = (t: Token): boolean => /[\p{Script=Han}a-z0-9]/u.test(t.text);

/**
 * Links mentions in the tokens of normalised text to KB entities: at each token, the longest run of
 * whole tokens whose characters are a name or synonym (so 肝 inside 肝功能 is not a separate
 * mention, and a name never starts or ends inside a word jieba made); where no run matches, a run of
 * 3–8 characters one character off one name (and only one) is linked as a typo. Mentions do not
 * overlap; they come in text order.
 */
export function linkTokens(text: string, tokens: readonly Token[]): Link[] {
  const ix = nameIndex();
  const links: Link[] = [];
  const used = new Array<boolean>(tokens.length).fill(false);
  const push = (i: number, j: number, e: Entity, match: 'exact' | 'typo'): void => {
    const first = tokens[i];
    const last = tokens[j];
    if (!first || !last) return;
    links.push({ entityId: e.id, type: e.type, name: e.name, surface: text.slice(first.start, last.end), start: first.start, end: last.end, match });
    for (let k = i; k <= j; k++) used[k] = true;
  };
  // Pass 1: exact names, longest first.
  for (let i = 0; i < tokens.length;) {
    const first = tokens[i];
    if (!first || !isWordToken(first)) { i++; continue; }
    let found = false;
    for (let j = Math.min(tokens.length - 1, i + MAX_TOKENS - 1); j >= i; j--) {
      const last = tokens[j];
      if (!last) continue;
      const surface = text.slice(first.start, last.end);
      if (surface.length > MAX_CHARS || /[\s，。,？?！!；;]/u.test(surface)) continue;
      const e = ix.names.get(surface) ?? drugByForm(surface, ix);
      if (e) { push(i, j, e, 'exact'); i = j + 1; found = true; break; }
    }
    if (!found) i++;
  }
  // Pass 2: in what is left, a run of up to three tokens one character off exactly one name.
  for (let i = 0; i < tokens.length;) {
    const first = tokens[i];
    if (!first || used[i] || !isWordToken(first)) { i++; continue; }
    let found = false;
    for (let j = Math.min(tokens.length - 1, i + 2); j >= i; j--) {
      const last = tokens[j];
      if (!last || used.slice(i, j + 1).some(Boolean)) continue;
      const surface = text.slice(first.start, last.end);
      if (/[\s，。,？?！!；;]/u.test(surface)) continue;
      const n = typoOf(surface, ix);
      const e = n ? ix.names.get(n) : undefined;
      if (e) { push(i, j, e, 'typo'); i = j + 1; found = true; break; }
    }
    if (!found) i++;
  }
  return links.sort((a, b) => a.start - b.start);
}
