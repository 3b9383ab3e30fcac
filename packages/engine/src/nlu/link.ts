import { entity, type Entity, type EntityType } from '../kb/index.ts';
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
  return composeSymptoms(text, links.sort((a, b) => a.start - b.start), ix);
}

/** What a complaint word after a site means, and how the KB's symptom names write it (牙 + 痛 → 牙痛). */
const CORES: ReadonlyArray<readonly [RegExp, string, readonly string[]]> = [
  [/^(?:肿痛|肿疼)/u, '肿痛', ['肿痛', '胀痛', '疼痛', '痛']],
  [/^(?:胀痛|胀疼)/u, '胀痛', ['胀痛', '痛', '疼痛', '胀']],
  [/^(?:疼痛|痛|疼)/u, '疼痛', ['痛', '疼痛', '疼']],
  [/^(?:瘙痒|痒|干痒|刺痒)/u, '瘙痒', ['瘙痒', '痒']],
  [/^(?:红肿)/u, '红肿', ['红肿', '肿胀', '肿']],
  [/^(?:肿胀|肿大|肿)/u, '肿胀', ['肿胀', '肿大', '肿', '红肿']],
  [/^(?:胀)/u, '胀', ['胀', '胀痛']],
  [/^(?:麻木|发麻|麻)/u, '麻木', ['麻木', '麻']],
  [/^(?:长了?|起了?|有)?(?:一个|个|一些|些)?(?:小)?(?:疙瘩|包块|肿块|硬块|肉团|肉疙瘩|包|硬结|结节)/u, '肿物', ['肿块', '肿物', '包块']],
];
/** Words allowed between a site and its complaint: 肚子有点疼, 嗓子特别痒, 腰部经常酸. */
const BETWEEN = /^(?:部|部位|里|上|处|这里|那里)?(?:总是|经常|老是|一直|有时|有时候|偶尔|突然|也)?(?:有点儿?|有些|很|特别|非常|好|挺|比较|一点|一阵|阵阵|隐隐)?(?:的)?/u;

/** A site followed by a complaint word that the KB has no symptom for: the site and the complaint, to name the story. */
export interface Complaint {
  readonly site: Link;
  readonly core: string;
  readonly end: number;
}

const composed = new WeakMap<readonly Link[], Complaint[]>();

/** The complaints at a site that {@link linkTokens} found but could not link to a KB symptom. */
export function complaintsOf(links: readonly Link[]): readonly Complaint[] {
  return composed.get(links) ?? [];
}

/**
 * Site + complaint composition: a body part followed (after a few degree words) by a complaint
 * word — 牙齿疼痛, 嗓子有点痒, 阴茎肿疼 — is linked to the KB symptom whose name is one of the
 * site's names plus the complaint (牙痛, 咽痒), replacing the body part (and the complaint word if it
 * was linked on its own, as ICD's catch-all 疼痛 is). Without such a symptom the pair is kept as a
 * {@link Complaint} and the complaint word's own link is dropped (阴茎肿疼 is no disease 疼痛).
 */
function composeSymptoms(text: string, links: Link[], ix: Index): Link[] {
  const out: Link[] = [];
  const complaints: Complaint[] = [];
  for (let k = 0; k < links.length; k++) {
    const l = links[k] as Link;
    if (l.type !== 'body_part') { out.push(l); continue; }
    const rest = text.slice(l.end, l.end + 12);
    const gap = BETWEEN.exec(rest)?.[0] ?? '';
    const after = rest.slice(gap.length);
    const core = CORES.find(([re]) => re.test(after));
    if (!core) { out.push(l); continue; }
    const coreLen = (core[0].exec(after)?.[0] ?? '').length;
    const end = l.end + gap.length + coreLen;
    const site = entity(l.entityId);
    const siteNames = [l.surface, l.name, ...(site?.synonyms ?? [])].map((n) => n.replace(/部$/u, '')).concat([l.surface, l.name]);
    let hit: Entity | undefined;
    for (const v of core[2]) {
      for (const b of siteNames) {
        const e = ix.names.get(b + v) ?? ix.names.get(`${b}部${v}`);
        if (e?.type === 'symptom') { hit = e; break; }
      }
      if (hit) break;
    }
    // The complaint word may have been linked by itself (瘙痒): it is part of this mention now.
    const next = links[k + 1];
    const swallow = next !== undefined && next.start < end;
    if (hit) {
      out.push({ entityId: hit.id, type: 'symptom', name: hit.name, surface: text.slice(l.start, Math.max(end, swallow ? next.end : end)), start: l.start, end: Math.max(end, swallow ? next.end : end), match: 'exact' });
      if (swallow) k++;
    } else {
      // The complaint word linked alone (ICD's catch-all R52.900 疼痛) is part of the complaint at the site.
      out.push(l);
      if (swallow) k++;
      complaints.push({ site: l, core: core[1], end });
    }
  }
  composed.set(out, complaints);
  return out;
}

