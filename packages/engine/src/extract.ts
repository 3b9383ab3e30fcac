import { entriesOf, lookup } from './lexicon.ts';
import type { LexiconKind } from './lexicon-data.ts';
import { normalizeText } from './normalize.ts';
import { DIGIT1, NUM, parseNumber } from './numbers.ts';
import { SYMPTOMS, symptomById } from './symptoms.ts';

/** Who the message is about. */
export type Who = 'self' | 'child' | 'mother' | 'father' | 'spouse' | 'elder' | 'other';

/** A span of the normalised text: [start, end). */
export type Span = [number, number];

export interface SymptomMention {
  readonly id: string;
  readonly name: string;
  /** Denied in the text (不发烧, 没有咳嗽, 头不疼). */
  readonly negated: boolean;
  /** Said to be severe (剧烈, 疼得厉害, 受不了) or severe by its nature (喘得说不出话). */
  readonly severe: boolean;
  /** Said to be mild (轻微, 有点). */
  readonly mild: boolean;
  /** Not written as such but implied by another mention (剧烈头痛 → 头痛) or by a measured temperature. */
  readonly implied: boolean;
  readonly span: Span;
}

export interface LexiconMention {
  readonly id: string;
  readonly name: string;
  readonly kind: LexiconKind;
  readonly negated: boolean;
  readonly span: Span;
}

export interface Duration {
  readonly text: string;
  readonly days: number;
  readonly span: Span;
}

export interface Age {
  /** Age in years; fractional under one year (5个月 → 0.42). */
  readonly years: number;
  /** Age in whole months (3岁 → 36). */
  readonly months: number;
  readonly text: string;
}

export interface BloodPressure {
  readonly systolic: number | null;
  readonly diastolic: number | null;
}

/** Every measurement the text states, in order. */
export interface Vitals {
  /** °C (Fahrenheit converted). */
  readonly temperature: readonly number[];
  readonly systolic: readonly number[];
  readonly diastolic: readonly number[];
  /** mmol/L (mg/dL converted). */
  readonly glucose: readonly number[];
  /** Percent. */
  readonly spo2: readonly number[];
  /** Beats per minute. */
  readonly heartRate: readonly number[];
}

export interface Extraction {
  /** The text after {@link normalizeText}; every span indexes it. */
  readonly normalized: string;
  readonly symptoms: readonly SymptomMention[];
  /** The highest temperature stated, °C, or null. */
  readonly temperature: number | null;
  /** The reading with the highest systolic pressure, or null. */
  readonly bp: BloodPressure | null;
  readonly vitals: Vitals;
  readonly durations: readonly Duration[];
  /** The longest duration stated, in days, or null. */
  readonly durationDays: number | null;
  readonly age: Age | null;
  readonly sexHint: 'M' | 'F' | null;
  readonly pregnancy: { readonly pregnant: boolean; readonly week: number | null };
  /** Standard body-part names mentioned (头部, 胸部, 腹部 …), in order of first mention. */
  readonly bodyParts: readonly string[];
  readonly drugs: readonly LexiconMention[];
  readonly diseases: readonly LexiconMention[];
  readonly allergens: readonly LexiconMention[];
  readonly surgeries: readonly LexiconMention[];
  readonly who: Who | null;
}

// ---------------------------------------------------------------------------------------------
// Dictionary and forward maximum matching

type DictEntry =
  | { readonly kind: 'symptom'; readonly id: string; readonly negatedForm: boolean }
  | { readonly kind: 'lexicon'; readonly lexKind: LexiconKind }
  | { readonly kind: 'ignore' };

/** Figurative or unrelated words that contain a symptom word (让人头疼, 吐槽, 想死你了). */
const IGNORE = ['吐槽', '让人头疼', '令人头疼', '真让人头疼', '心疼', '想死你', '想死我', '笑死', '吓死', '热死', '累死', '烦死', '气死', '饿死', '困死', '头疼医头', '退烧药', '止吐药', '止咳药', '止泻药', '晕车药', '吐字'];

const LEX_KINDS: readonly LexiconKind[] = ['disease', 'drug', 'allergen', 'surgery'];

function addKey(dict: Map<string, DictEntry[]>, key: string, entry: DictEntry): void {
  const list = dict.get(key);
  if (list) list.push(entry);
  else dict.set(key, [entry]);
}

interface Dictionary {
  readonly dict: ReadonlyMap<string, readonly DictEntry[]>;
  readonly maxLen: number;
  /** Split symptom words (胸口有点疼). */
  readonly flex: Flex;
}

function buildDictionary(withLexicon: boolean): Dictionary {
  const dict = new Map<string, DictEntry[]>();
  const symptomKeys = new Set<string>();
  for (const s of SYMPTOMS) {
    for (const text of [s.name, ...s.synonyms]) {
      const key = normalizeText(text);
      if (!key || symptomKeys.has(key)) continue;
      symptomKeys.add(key);
      addKey(dict, key, { kind: 'symptom', id: s.id, negatedForm: false });
    }
  }
  // 头不疼, 肚子没痛, 嗓子不太疼: the negation sits inside the symptom word.
  for (const s of SYMPTOMS) {
    if (!s.negatable) continue;
    for (const text of [s.name, ...s.synonyms]) {
      const key = normalizeText(text);
      const last = key.slice(-1);
      const head = key.slice(0, -1);
      if (key.length < 2 || key.length > 4 || !'疼痛晕痒肿胀歪麻'.includes(last) || /[不没无]/u.test(head)) continue;
      for (const neg of ['不', '没', '没有', '不太', '不怎么', '也不', '都不', '一点也不', '一点都不', '已经不']) {
        const variant = head + neg + last;
        if (symptomKeys.has(variant)) continue;
        symptomKeys.add(variant);
        addKey(dict, variant, { kind: 'symptom', id: s.id, negatedForm: true });
      }
    }
  }
  // 没有意识丧失: a synonym that itself starts with a negation word (没有意识 → 意识丧失) would be
  // read by longest match inside 没有意识丧失 as a positive mention. Where such a collision
  // exists, the whole negated phrase becomes a negated form.
  const negStarts = [...symptomKeys].filter((k) => /^[不没无]/u.test(k));
  for (const s of SYMPTOMS) {
    if (!s.negatable) continue;
    for (const text of [s.name, ...s.synonyms]) {
      const key = normalizeText(text);
      if (key.length < 2 || /^[不没无未否]/u.test(key)) continue;
      for (const neg of ['没有', '没', '无']) {
        const variant = neg + key;
        if (symptomKeys.has(variant) || !negStarts.some((k) => k.length < variant.length && variant.startsWith(k))) continue;
        symptomKeys.add(variant);
        addKey(dict, variant, { kind: 'symptom', id: s.id, negatedForm: true });
      }
    }
  }
  if (withLexicon) {
    for (const lexKind of LEX_KINDS) {
      for (const e of entriesOf(lexKind)) {
        for (const text of [e.name, ...e.synonyms]) {
          const key = normalizeText(text);
          if ([...key].length < 2) continue;
          const list = dict.get(key);
          if (list?.some((d) => d.kind === 'lexicon' && d.lexKind === lexKind)) continue;
          addKey(dict, key, { kind: 'lexicon', lexKind });
        }
      }
    }
    for (const w of IGNORE) if (!dict.has(w)) addKey(dict, w, { kind: 'ignore' });
  }
  let maxLen = 1;
  for (const k of dict.keys()) maxLen = Math.max(maxLen, k.length);
  return { dict, maxLen, flex: buildFlex(dict) };
}


interface Token {
  readonly key: string;
  readonly start: number;
  readonly end: number;
  readonly entries: readonly DictEntry[];
  /** Adverbs matched between a symptom's body part and its complaint (胸口「有点」疼), else ''. */
  readonly adverbs: string;
}

// 胸口有点疼, 肚子一阵一阵地疼, 眼睛胀痛, 下面还有点出血: a symptom word split by adverbs or a pain
// quality. The head (胸口) and tail (疼) come from the symptom dictionary; the whole must name a
// dictionary symptom once the adverbs are taken out.
const PAIN_CORES = ['疼', '痛'];
const TAILS = ['不舒服', '难受', '出血', '流血', '发紧', '发黑', '发硬', '发胀', '发烫', '发紫', '发青', '发白', '发黄', '发麻', '流水', '肿', '痒', '晕', '麻', '胀', '闷', '堵', '歪', ...PAIN_CORES];
const PAIN_QUALITIES = ['胀', '刺', '隐', '绞', '酸', '闷', '抽', '钝', '剧'];
const ADVERBS = [
  '一阵一阵地', '一阵一阵的', '一阵一阵', '还有一点', '还有点', '有一点', '有点儿', '有时候', '时不时', '越来越', '隐隐约约', '一阵阵', '阵阵', '有点',
  '有些', '一点', '老是', '总是', '经常', '一直', '突然', '忽然', '开始', '隐隐', '超级', '剧烈', '持续', '偶尔', '稍微', '比较', '明显', '感觉', '觉得',
  '很', '好', '特别', '非常', '也', '还', '都', '又', '就', '挺', '蛮', '太', '真', '超', '巨', '老', '会', '更', '稍', '了', '的', '地', '得', '在', '着',
];
const SEVERE_ADVERB = /特别|非常|剧烈|超级|超|巨|太|剧/u;
const MILD_ADVERB = /有点|有一点|一点|有些|稍微|稍|隐隐|偶尔/u;

const escapeRe = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** Single characters that may head a split symptom word (头有点疼); longer heads come from the dictionary. */
const SINGLE_HEADS = '头胸腰背腿脚胃牙眼耳嘴脸手心腹';

function buildFlex(dict: ReadonlyMap<string, readonly DictEntry[]>): Flex {
  const heads = new Set<string>();
  for (const [key, entries] of dict) {
    if (!entries.some((e) => e.kind === 'symptom' && !e.negatedForm)) continue;
    const tail = TAILS.find((x) => key.endsWith(x) && key.length > x.length);
    if (!tail) continue;
    const head = key.slice(0, -tail.length);
    if (head.length >= 2 || SINGLE_HEADS.includes(head)) heads.add(head);
  }
  const alt = (ws: readonly string[]): string => [...ws].sort((a, b) => b.length - a.length).map(escapeRe).join('|');
  const byFirst = new Map<string, string[]>();
  for (const h of heads) {
    const list = byFirst.get(h[0] ?? '') ?? [];
    list.push(h);
    byFirst.set(h[0] ?? '', list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.length - a.length);
  return { byFirst, rest: new RegExp(`((?:${alt(ADVERBS)})*)(${alt(PAIN_QUALITIES)})?(${alt(TAILS)})`, 'uy') };
}

interface Flex {
  /** Heads by first character, longest first. */
  readonly byFirst: ReadonlyMap<string, readonly string[]>;
  /** Sticky: adverbs, pain quality, tail. */
  readonly rest: RegExp;
}

function flexAt(text: string, i: number, to: number, d: Dictionary): Token | null {
  for (const head of d.flex.byFirst.get(text[i] ?? '') ?? []) {
    if (!text.startsWith(head, i)) continue;
    d.flex.rest.lastIndex = i + head.length;
    const m = d.flex.rest.exec(text);
    if (!m || m.index + m[0].length > to) continue;
    const [rest, adverbs = '', quality = '', tail = ''] = m;
    if (!adverbs && !quality) continue;
    const cores = PAIN_CORES.includes(tail) ? [tail, ...PAIN_CORES.filter((c) => c !== tail)] : [tail];
    const keys = [...(quality ? cores.map((c) => head + quality + c) : []), ...cores.map((c) => head + c)];
    for (const key of keys) {
      const entries = d.dict.get(key)?.filter((e) => e.kind === 'symptom' && !e.negatedForm);
      if (entries?.length) return { key, start: i, end: i + head.length + rest.length, entries, adverbs };
    }
  }
  return null;
}

const FULL = buildDictionary(true);
const SYMPTOM_ONLY = buildDictionary(false);

/**
 * Forward maximum matching: at each position the longest dictionary word (or split symptom word)
 * wins; unknown characters are skipped.
 */
function segment(text: string, from: number, to: number, d: Dictionary): Token[] {
  const tokens: Token[] = [];
  let i = from;
  while (i < to) {
    let found: Token | null = null;
    for (let len = Math.min(d.maxLen, to - i); len >= 1; len--) {
      const key = text.slice(i, i + len);
      const entries = d.dict.get(key);
      if (entries) {
        found = { key, start: i, end: i + len, entries, adverbs: '' };
        break;
      }
    }
    const flex = flexAt(text, i, to, d);
    if (flex && (!found || flex.end > found.end)) found = flex;
    if (found) {
      tokens.push(found);
      i = found.end;
    } else {
      i++;
    }
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// Clauses, negation, severity

const CLAUSE_BREAK = /[,.;!?。！？；:\n ]/u;

function clauseBounds(text: string, start: number, end: number): [number, number] {
  let a = start;
  while (a > 0 && !CLAUSE_BREAK.test(text[a - 1] ?? '')) a--;
  let b = end;
  while (b < text.length && !CLAUSE_BREAK.test(text[b] ?? '')) b++;
  return [a, b];
}

/** Negation words, longest first. */
const NEG_CUES = ['从来没有', '并没有', '一直没有', '从来没', '没有', '从没', '从不', '并不', '不再', '否认', '不是', '没', '无', '未', '不'];
/** Words that may stand between a negation and its symptom (没有什么发烧, 无明显胸痛, 不太咳嗽). */
const NEG_FILLERS = ['什么', '怎么', '任何', '明显', '出现过', '出现', '感觉到', '感觉', '感到', '觉得', '发现', '再', '太', '有', '过', '啥', '特别', '那么', '一点', '很', '咋', '伴有', '伴随', '伴', '其他', '别的'];
/** Words that let one negation cover a list (没有发烧、咳嗽和头痛). */
const COORDINATORS = ['以及', '或者', '、', '和', '或', '及', '与', '跟'];

function startsWithAny(text: string, at: number, words: readonly string[]): string | null {
  for (const w of words) if (text.startsWith(w, at)) return w;
  return null;
}

interface Spanned {
  readonly start: number;
  readonly end: number;
}

/**
 * Whether the mention at [start, end) is negated: a negation word earlier in the same clause,
 * separated from it only by filler words or by other mentions joined with 、/和/或. A question
 * (是不是, 有没有, 疼不疼) is not a negation, nor is 不停/止不住/不知道 (the gap does not parse).
 */
function isNegated(text: string, start: number, others: readonly Spanned[]): boolean {
  const [clauseStart] = clauseBounds(text, start, start);
  const inOther = (i: number): boolean => others.some((o) => o.start <= i && i < o.end && o.start !== start);
  for (let e = start; e > clauseStart; e--) {
    let cue: string | null = null;
    for (const c of NEG_CUES) {
      const s = e - c.length;
      if (s >= clauseStart && text.slice(s, e) === c && !inOther(s) && !inOther(e - 1)) {
        cue = c;
        break;
      }
    }
    if (!cue) continue;
    const cueStart = e - cue.length;
    // A-不-A and 有没有 are questions, not denials.
    const first = cue[0];
    if ((first === '不' || first === '没') && text[cueStart - 1] !== undefined && text[cueStart - 1] === text[cueStart + 1]) continue;
    return gapParses(text, e, start, others);
  }
  return false;
}

function gapParses(text: string, from: number, to: number, others: readonly Spanned[]): boolean {
  let i = from;
  while (i < to) {
    const mention = others.find((o) => o.start === i && o.end <= to);
    if (mention) {
      i = mention.end;
      const co = startsWithAny(text, i, COORDINATORS);
      if (!co) return false;
      i += co.length;
      continue;
    }
    const filler = startsWithAny(text, i, NEG_FILLERS) ?? startsWithAny(text, i, COORDINATORS);
    if (!filler) return false;
    i += filler.length;
  }
  return true;
}

const SEVERE_BEFORE = /(剧烈|特别|非常|严重|大量|超级|极其|十分|异常|剧)$/u;
const SEVERE_AFTER = /^(得?(很|特别|非常|太)?(厉害|受不了|要命|不行|打滚|直不起腰|要死)|死了|得要死|很多|好多|特别多|非常多|不止|止不住|停不下来|剧烈|难以忍受|忍受不了)/u;
const MILD_BEFORE = /(轻微|有点|有一点|稍微|一点点|轻度|略微|略|微微|些许|偶尔)(的|地)?$/u;

// ---------------------------------------------------------------------------------------------
// Measurements

interface Found {
  readonly value: number;
  readonly span: Span;
}

const NOT_BODY_TEMP = /(气温|室温|水温|天气|外面|高温|洗澡水|空调|冰箱|烤箱)[^,.;!?。]{0,4}$/u;

function toCelsius(f: number): number {
  return Math.round(((f - 32) * 5) / 9 * 10) / 10;
}

function overlaps(a: Span, spans: readonly Span[]): boolean {
  return spans.some((b) => a[0] < b[1] && b[0] < a[1]);
}

function findTemperatures(t: string): Found[] {
  const found: Found[] = [];
  const spans: Span[] = [];
  const push = (value: number | null, span: Span): void => {
    if (value === null || overlaps(span, spans)) return;
    spans.push(span);
    found.push({ value: Math.round(value * 10) / 10, span });
  };
  // Fahrenheit first: 华氏102度, 102°f, 102华氏度.
  for (const m of t.matchAll(new RegExp(`(?:华氏|fahrenheit)\\s*(${NUM})\\s*度?|(${NUM})\\s*(?:°\\s*f(?![a-z])|华氏度|f(?![a-z]))`, 'gu'))) {
    const f = parseNumber(m[1] ?? m[2] ?? '');
    if (f !== null && f >= 90 && f <= 112) push(toCelsius(f), [m.index, m.index + m[0].length]);
  }
  // 38.5度, 38度5, 三十九度五, 39°c, 37.8摄氏度.
  const unit = new RegExp(`(${NUM})\\s*(?:摄氏度|度|°\\s*c?)(?:(${DIGIT1})(?![0-9天日周个小时次年月分号]))?`, 'gu');
  for (const m of t.matchAll(unit)) {
    const span: Span = [m.index, m.index + m[0].length];
    if (NOT_BODY_TEMP.test(t.slice(Math.max(0, m.index - 8), m.index))) continue;
    let v = parseNumber(m[1] ?? '');
    if (v === null) continue;
    if (m[2] !== undefined && Number.isInteger(v)) {
      const dec = parseNumber(m[2]);
      if (dec !== null) v += dec / 10;
    }
    if (v >= 34 && v <= 43.5) push(v, span);
    else if (v >= 93 && v <= 110) push(toCelsius(v), span);
  }
  // 体温39, 烧到三十九点五 (no unit, but a temperature word right before).
  const bare = new RegExp(`(?:体温|发烧|发热|烧到|烧了|高烧|低烧|量了一下|量了|腋温|肛温|耳温|口温|额温|烧)\\s*(?:有|是|到|在|达|达到|都|还)?\\s*(${NUM})`, 'gu');
  for (const m of t.matchAll(bare)) {
    const v = parseNumber(m[1] ?? '');
    if (v !== null && v >= 34 && v <= 43.5) push(v, [m.index, m.index + m[0].length]);
  }
  return found.sort((a, b) => a.span[0] - b.span[0]);
}

const GAP = '[^,.;!?。\\d零〇一二两三四五六七八九十百千]';

/** 量了一下 / 测一下: the 一 is not a reading. Same length, so spans stay valid. */
const withoutYixia = (t: string): string => t.replace(/一下/gu, '__');

/** A reading is written in digits or as a Chinese numeral of two or more characters (一百六, not the 一 of 一直). */
const isMeasuredNumber = (raw: string): boolean => /\d/u.test(raw) || [...raw].length >= 2;

function findBloodPressures(text: string): Array<BloodPressure & { span: Span }> {
  const t = withoutYixia(text);
  const out: Array<BloodPressure & { span: Span }> = [];
  const spans: Span[] = [];
  const plausible = (s: number | null, d: number | null): boolean =>
    (s === null || (s >= 50 && s <= 300)) && (d === null || (d >= 30 && d <= 200)) && (s === null || d === null || s > d);
  const num = (raw: string | undefined): number | null => (raw !== undefined && isMeasuredNumber(raw) ? parseNumber(raw) : null);
  const push = (s: number | null, d: number | null, span: Span): void => {
    if ((s === null && d === null) || !plausible(s, d) || overlaps(span, spans)) return;
    spans.push(span);
    out.push({ systolic: s, diastolic: d, span });
  };
  // 高压160低压100 / 收缩压180 舒张压110.
  for (const m of t.matchAll(new RegExp(`(?:高压|收缩压|上压)${GAP}{0,4}?(${NUM})(?:[^\\d]{0,6}?(?:低压|舒张压|下压)${GAP}{0,4}?(${NUM}))?`, 'gu'))) {
    push(num(m[1]), num(m[2]), [m.index, m.index + m[0].length]);
  }
  for (const m of t.matchAll(new RegExp(`(?:低压|舒张压|下压)${GAP}{0,4}?(${NUM})`, 'gu'))) {
    push(null, num(m[1]), [m.index, m.index + m[0].length]);
  }
  // 150/95, 血压160 100.
  for (const m of t.matchAll(new RegExp(`(${NUM})\\s*/\\s*(${NUM})(?:\\s*mmhg)?`, 'gu'))) {
    push(num(m[1]), num(m[2]), [m.index, m.index + m[0].length]);
  }
  for (const m of t.matchAll(new RegExp(`血压${GAP}{0,6}?(${NUM})(?:\\s+(${NUM}))?`, 'gu'))) {
    const s = num(m[1]);
    const d = num(m[2]);
    push(s, d !== null && s !== null && d < s ? d : null, [m.index, m.index + m[0].length]);
  }
  return out.sort((a, b) => a.span[0] - b.span[0]);
}

function findMeasure(t: string, words: string, min: number, max: number, convert?: (v: number, unit: string) => number): number[] {
  const out: number[] = [];
  const re = new RegExp(`(?:${words})${GAP}{0,6}?(?:每分钟|一分钟|1分钟)?(${NUM})\\s*(mmol/l|mmol|mg/dl|mg|%|次|下)?`, 'gu');
  for (const m of withoutYixia(t).matchAll(re)) {
    if (!isMeasuredNumber(m[1] ?? '')) continue;
    let v = parseNumber(m[1] ?? '');
    if (v === null) continue;
    if (convert) v = convert(v, m[2] ?? '');
    if (v >= min && v <= max) out.push(Math.round(v * 10) / 10);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Durations, age, pregnancy, who, sex, body parts

const UNIT_DAYS: Readonly<Record<string, number>> = { 小时: 1 / 24, 钟头: 1 / 24, 天: 1, 日: 1, 周: 7, 星期: 7, 礼拜: 7, 月: 30, 年: 365 };
const APPROX: Readonly<Record<string, number>> = { 几: 3, 好几: 3, 十几: 15, 几十: 30 };

function findAges(t: string): Array<Age & { span: Span }> {
  const out: Array<Age & { span: Span }> = [];
  const make = (months: number, text: string, span: Span): Age & { span: Span } => ({
    years: Math.round((months / 12) * 100) / 100,
    months: Math.floor(months),
    text,
    span,
  });
  const AGE_NUM = `(${NUM}|几|十几)`;
  for (const m of t.matchAll(new RegExp(`${AGE_NUM}(多)?(?:周)?岁(半)?`, 'gu'))) {
    const n = APPROX[m[1] ?? ''] ?? parseNumber(m[1] ?? '');
    if (n === null || n > 120) continue;
    out.push(make((n + (m[3] ? 0.5 : 0)) * 12, m[0], [m.index, m.index + m[0].length]));
  }
  const kid = '(?:宝宝|孩子|婴儿|小孩|娃|儿子|女儿|闺女|宝|新生儿)';
  const monthRe = new RegExp(`(?:${kid}(?:才|刚|刚满|满|已经|今年|出生)?)(${NUM})(?:个)?(多|半)?月|(${NUM})(?:个)?(多|半)?月(?:大|的${kid}|${kid})`, 'gu');
  for (const m of t.matchAll(monthRe)) {
    const n = parseNumber(m[1] ?? m[3] ?? '');
    if (n === null || n > 36) continue;
    const half = (m[2] ?? m[4]) === '半' ? 0.5 : 0;
    out.push(make(n + half, m[0], [m.index, m.index + m[0].length]));
  }
  const dayRe = new RegExp(`(?:出生|生下来|${kid}(?:才|刚|刚满|满|出生))(?:才|刚)?(${NUM})(天|周)|(${NUM})(天|周)(?:大|的${kid})`, 'gu');
  for (const m of t.matchAll(dayRe)) {
    const n = parseNumber(m[1] ?? m[3] ?? '');
    if (n === null) continue;
    const days = n * ((m[2] ?? m[4]) === '周' ? 7 : 1);
    if (days > 365) continue;
    out.push(make(days / 30.4, m[0], [m.index, m.index + m[0].length]));
  }
  for (const m of t.matchAll(/半岁/gu)) out.push(make(6, m[0], [m.index, m.index + m[0].length]));
  // 宝宝发烧38.5，7个月: a bare "N个月" standing as its own clause, when a baby is being described.
  if (out.length === 0 && /宝宝|孩子|婴儿|小孩|娃|儿子|女儿|闺女/u.test(t)) {
    for (const m of t.matchAll(new RegExp(`(?:^|[,.;!?\\s])(${NUM})个(多|半)?月(?=$|[,.;!?\\s])`, 'gu'))) {
      const n = parseNumber(m[1] ?? '');
      if (n === null || n > 36) continue;
      const start = m.index + (m[0].length - m[0].trimStart().replace(/^[,.;!?]/u, '').length);
      out.push(make(n + (m[2] === '半' ? 0.5 : 0), m[0].slice(start - m.index), [start, m.index + m[0].length]));
    }
  }
  for (const m of t.matchAll(/新生儿|刚满月|刚出生|满月/gu)) {
    out.push(make(m[0] === '满月' || m[0] === '刚满月' ? 1 : 0, m[0], [m.index, m.index + m[0].length]));
  }
  return out.sort((a, b) => a.span[0] - b.span[0]);
}

function findDurations(t: string, now: Date, exclude: readonly Span[]): Duration[] {
  const out: Duration[] = [];
  const push = (days: number, text: string, span: Span): void => {
    if (overlaps(span, exclude) || overlaps(span, out.map((d) => d.span))) return;
    out.push({ text, days: Math.round(days * 100) / 100, span });
  };
  const DNUM = `(${NUM}|好几|十几|几十|几)`;
  const re = new RegExp(`${DNUM}(多)?(个)?(多)?(半)?(小时|钟头|天|日|周|星期|礼拜|月|年)(多|半)?|半(个)?(小时|钟头|天|月|年)`, 'gu');
  for (const m of t.matchAll(re)) {
    const span: Span = [m.index, m.index + m[0].length];
    const before = t.slice(Math.max(0, m.index - 3), m.index);
    const after = t.slice(span[1], span[1] + 4);
    if (m[9] !== undefined) {
      if (m[9] === '月' && !m[0].includes('个') && !/^(了|多|以来|左右)/u.test(after)) continue;
      push(0.5 * (UNIT_DAYS[m[9]] ?? 0), m[0], span);
      continue;
    }
    const unit = m[6] ?? '';
    if (/每$/u.test(before) || /(孕|怀孕|妊娠|怀了|出生|生下来)$/u.test(before)) continue;
    if (/^(大|的(宝宝|孩子|婴儿|小孩|宝)|岁)/u.test(after)) continue;
    if (unit === '月' && m[3] === undefined && m[5] === undefined) continue; // 3月 is March
    if (unit === '日' && /月$/u.test(before)) continue; // a date
    if (/^[0-9一二两三四五六七八九十几]+次/u.test(after)) continue; // 一天三次: a frequency
    const n = APPROX[m[1] ?? ''] ?? parseNumber(m[1] ?? '');
    if (n === null) continue;
    const half = m[5] !== undefined || m[7] === '半' ? 0.5 : 0;
    push((n + half) * (UNIT_DAYS[unit] ?? 0), m[0], span);
  }
  for (const m of t.matchAll(/大前天|前天|昨天|昨晚|昨日|上个?(?:周|星期|礼拜)|上个月/gu)) {
    const w = m[0];
    const days = w === '大前天' ? 3 : w === '前天' ? 2 : w.startsWith('上个月') ? 30 : w.startsWith('上') ? 7 : 1;
    push(days, w, [m.index, m.index + w.length]);
  }
  for (const m of t.matchAll(/(?:(\d{1,2})月)?(\d{1,2})[日号](?:开始|起|以来|到现在|至今)/gu)) {
    const day = Number(m[2]);
    let month = m[1] !== undefined ? Number(m[1]) - 1 : now.getMonth();
    let year = now.getFullYear();
    let start = new Date(year, month, day);
    if (start.getTime() > now.getTime()) {
      if (m[1] !== undefined) year -= 1;
      else month -= 1;
      start = new Date(year, month, day);
    }
    const days = Math.floor((now.getTime() - start.getTime()) / 86_400_000);
    if (days >= 0 && days < 3650) push(days, m[0], [m.index, m.index + m[0].length]);
  }
  return out.sort((a, b) => a.span[0] - b.span[0]);
}

const PREG_BEFORE_EXCLUDE = /(备|避|验|想|准备|打算|计划|没有|没|未|不是|不|是不是|会不会|可能|担心|怕|宫外|防止|助|不能|不想|难)$/u;
const PREG_AFTER_EXCLUDE = /^(吗|没|前|之前|了吗|试纸|棒|酮|的可能)/u;

function findPregnancy(t: string): { pregnant: boolean; week: number | null } {
  let pregnant = false;
  let week: number | null = null;
  for (const m of t.matchAll(/怀孕|怀了|怀着|孕妇|孕期|孕早期|孕中期|孕晚期|孕吐|孕检|身孕|怀二胎|妊娠|孕(?=\d|[一二两三四五六七八九十])/gu)) {
    const before = t.slice(Math.max(0, m.index - 4), m.index);
    const after = t.slice(m.index + m[0].length, m.index + m[0].length + 4);
    if (PREG_BEFORE_EXCLUDE.test(before) || PREG_AFTER_EXCLUDE.test(after)) continue;
    pregnant = true;
  }
  if (pregnant) {
    const wk = new RegExp(`(?:怀孕|孕|妊娠|怀了)(?:了)?(?:已经|快|差不多)?(${NUM})(?:\\+\\d)?(多)?(周|个(?:多|半)?月)`, 'u').exec(t);
    if (wk) {
      const n = parseNumber(wk[1] ?? '');
      if (n !== null) {
        const w = (wk[3] ?? '').startsWith('个') ? Math.round(n * 4.3) : Math.floor(n);
        if (w > 0 && w <= 44) week = w;
      }
    }
  }
  return { pregnant, week };
}

interface WhoWord {
  readonly word: string;
  readonly who: Who | null;
  readonly sex: 'M' | 'F' | null;
}

/** Words naming who is ill, longest first at each position. `who: null` words are consumed and ignored. */
const WHO_WORDS: readonly WhoWord[] = [
  ...['宝宝妈妈', '孩子妈妈', '孩子他妈', '孩子他爸', '孩子爸爸', '宝妈', '宝爸', '肚子里的宝宝', '胎儿'].map((word) => ({ word, who: null, sex: null })),
  ...['儿子', '孙子', '外孙', '男孩', '小男孩'].map((word) => ({ word, who: 'child' as const, sex: 'M' as const })),
  ...['女儿', '闺女', '孙女', '外孙女', '女孩', '小女孩'].map((word) => ({ word, who: 'child' as const, sex: 'F' as const })),
  ...['孩子', '小孩', '宝宝', '婴儿', '新生儿', '小朋友', '娃', '幼儿', '小宝'].map((word) => ({ word, who: 'child' as const, sex: null })),
  ...['我妈', '老妈', '妈妈', '母亲', '我娘', '俺娘'].map((word) => ({ word, who: 'mother' as const, sex: 'F' as const })),
  ...['我爸', '老爸', '爸爸', '父亲', '我爹', '俺爹'].map((word) => ({ word, who: 'father' as const, sex: 'M' as const })),
  ...['老公', '丈夫', '先生'].map((word) => ({ word, who: 'spouse' as const, sex: 'M' as const })),
  ...['老婆', '妻子', '媳妇', '太太'].map((word) => ({ word, who: 'spouse' as const, sex: 'F' as const })),
  ...['爱人', '对象'].map((word) => ({ word, who: 'spouse' as const, sex: null })),
  ...['爷爷', '外公', '姥爷', '公公', '岳父', '老丈人'].map((word) => ({ word, who: 'elder' as const, sex: 'M' as const })),
  ...['奶奶', '外婆', '姥姥', '婆婆', '岳母', '丈母娘'].map((word) => ({ word, who: 'elder' as const, sex: 'F' as const })),
  ...['老人家', '老人', '长辈'].map((word) => ({ word, who: 'elder' as const, sex: null })),
  ...['朋友', '同事', '同学', '邻居', '亲戚', '室友'].map((word) => ({ word, who: 'other' as const, sex: null })),
  ...['哥哥', '弟弟', '舅舅', '叔叔', '伯伯'].map((word) => ({ word, who: 'other' as const, sex: 'M' as const })),
  ...['姐姐', '妹妹', '阿姨', '姑姑'].map((word) => ({ word, who: 'other' as const, sex: 'F' as const })),
].sort((a, b) => b.word.length - a.word.length);

function findWho(t: string, pregnant: boolean): { who: Who | null; sex: 'M' | 'F' | null } {
  for (let i = 0; i < t.length; i++) {
    const w = WHO_WORDS.find((x) => t.startsWith(x.word, i));
    if (!w) continue;
    if (w.who === null || (pregnant && (w.word === '宝宝' || w.word === '小宝'))) {
      i += w.word.length - 1;
      continue;
    }
    return { who: w.who, sex: w.sex };
  }
  if (/我|本人|自己/u.test(t)) return { who: 'self', sex: null };
  return { who: null, sex: null };
}

function findSex(t: string, whoSex: 'M' | 'F' | null, pregnant: boolean): 'M' | 'F' | null {
  if (whoSex) return whoSex;
  const m = /(?:^|[,.;:\s、]|我是|性别)(男|女)(?:性|的|生|士|孩)?(?=$|[,.;:\s、0-9一二三四五六七八九十])/u.exec(t);
  if (m) return m[1] === '男' ? 'M' : 'F';
  if (pregnant || /月经|例假|大姨妈|阴道|白带|乳房|子宫/u.test(t)) return 'F';
  if (/睾丸|阴囊|前列腺|阴茎|蛋疼/u.test(t)) return 'M';
  return null;
}

const BODY_PARTS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['头部', ['头部', '头', '脑袋', '脑壳', '后脑勺', '太阳穴', '额头']],
  ['眼', ['眼睛', '眼皮', '眼球', '眼']],
  ['耳', ['耳朵', '耳']],
  ['鼻', ['鼻子', '鼻']],
  ['口腔', ['嘴巴', '嘴唇', '口腔', '舌头', '牙齿', '牙龈', '嘴', '牙']],
  ['咽喉', ['嗓子', '喉咙', '咽喉']],
  ['颈部', ['脖子', '颈部', '颈椎']],
  ['胸部', ['胸口', '胸部', '心口', '前胸', '胸']],
  ['心脏', ['心脏']],
  ['腹部', ['肚子', '腹部', '小腹', '小肚子', '肚脐', '下腹', '上腹', '右下腹', '腹']],
  ['胃', ['胃']],
  ['背部', ['后背', '背部', '背']],
  ['腰部', ['腰部', '腰']],
  ['上肢', ['胳膊', '手臂', '上肢', '肩膀', '手指', '手腕', '手']],
  ['下肢', ['大腿', '小腿', '下肢', '脚踝', '膝盖', '脚趾', '腿', '脚']],
  ['皮肤', ['皮肤']],
  ['肛门', ['肛门', '屁股']],
  ['泌尿系统', ['尿道', '膀胱', '肾']],
  ['女性生殖器', ['阴道', '子宫', '外阴']],
  ['乳房', ['乳房', '乳头']],
  ['男性生殖器', ['睾丸', '阴囊']],
];
const BODY_WORDS: ReadonlyArray<readonly [string, string]> = BODY_PARTS.flatMap(([std, words]) => words.map((w) => [w, std] as const)).sort(
  (a, b) => b[0].length - a[0].length,
);
/** Words in which a body-part character means something else (恶心, 手术, 头孢). */
const NOT_BODY = ['恶心', '手术', '头孢', '手机', '开心', '担心', '心情', '耳机', '背着', '腰果', '脚步', '眼药', '牙膏'];

function findBodyParts(t: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < t.length; i++) {
    const skip = NOT_BODY.find((w) => t.startsWith(w, i));
    if (skip) {
      i += skip.length - 1;
      continue;
    }
    const hit = BODY_WORDS.find(([w]) => t.startsWith(w, i));
    if (!hit) continue;
    if (!out.includes(hit[1])) out.push(hit[1]);
    i += hit[0].length - 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

const HISTORY_CONTEXT = /(以前|之前|曾经|病史|有过|得过|年前|小时候|去年|前年)/u;

/**
 * Everything the engine reads from one message: symptoms (with negation and severity),
 * measurements, durations, age, sex, pregnancy, body parts, drugs and diseases, and who is meant.
 * Pure and synchronous; `now` only anchors dates such as 3月5日开始.
 */
const PAST = /上周|上个?星期|上个?月|上次|上回|以前|之前|曾经|去年|前年|几年前|多年前|小时候|那次|前段时间|前阵子|年前|个月前/u;
const PRESENT = /现在|目前|最近|这两天|这几天|今天|今早|今晚|昨天|刚才|刚刚|当前|此刻|还在|正在|又开始|又出现|又犯/u;
const ONGOING = /开始|以来|一直|至今|到现在|持续|反复|还没好|没好/u;
const RESOLVED = /好了|好多了|没事了|不痛了|不疼了|没问题|正常了|恢复了|消失了|缓解了|治好了|控制住|控制得|痊愈/u;
const HYPOTHETICAL = /电视上说|网上说|书上说|听说|据说|新闻说|别人说|如果|万一|假如|要是|预防|怎么预防|会不会得/u;

/**
 * Clauses that do not describe the person now: a resolved past episode (上周抽过一次，现在已经好了)
 * or a hypothetical (电视上说中风的人会嘴歪). Their symptoms count as absent for triage. A past
 * clause needs a resolution word somewhere in the message and no ongoing word in the clause, so
 * 上周开始头痛 stays current.
 */
export function notCurrentRanges(t: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const resolved = RESOLVED.test(t);
  let past = false;
  let i = 0;
  while (i < t.length) {
    let j = i;
    while (j < t.length && !CLAUSE_BREAK.test(t[j] ?? '')) j++;
    const clause = t.slice(i, j);
    if (PRESENT.test(clause)) past = false;
    else if (PAST.test(clause) && !ONGOING.test(clause)) past = resolved;
    if (past || HYPOTHETICAL.test(clause)) out.push([i, j]);
    i = j + 1;
  }
  return out;
}

export function extract(text: string, now: Date = new Date()): Extraction {
  const t = normalizeText(text);
  const tokens = segment(t, 0, t.length, FULL);

  interface RawSymptom extends Spanned {
    readonly id: string;
    readonly negatedForm: boolean;
    readonly adverbs: string;
  }
  interface RawLex extends Spanned {
    readonly kind: LexiconKind;
    readonly key: string;
  }
  const rawSymptoms: RawSymptom[] = [];
  const rawLex: RawLex[] = [];
  for (const tok of tokens) {
    const sym = tok.entries.find((e) => e.kind === 'symptom');
    if (sym?.kind === 'symptom') rawSymptoms.push({ id: sym.id, negatedForm: sym.negatedForm, start: tok.start, end: tok.end, adverbs: tok.adverbs });
    for (const e of tok.entries) if (e.kind === 'lexicon') rawLex.push({ kind: e.lexKind, key: tok.key, start: tok.start, end: tok.end });
  }
  // A disease named in the message (热性惊厥, 过敏性紫癜) still describes its symptoms, unless it is
  // chronic or mentioned as history.
  for (const lx of rawLex) {
    if (lx.kind !== 'disease') continue;
    const entry = lookup(lx.key, 'disease');
    if (!entry || entry.chronic) continue;
    const [cs, ce] = clauseBounds(t, lx.start, lx.end);
    if (HISTORY_CONTEXT.test(t.slice(cs, ce))) continue;
    for (const inner of segment(t, lx.start, lx.end, SYMPTOM_ONLY)) {
      const sym = inner.entries.find((e) => e.kind === 'symptom');
      if (sym?.kind === 'symptom' && !rawSymptoms.some((r) => r.id === sym.id && r.start === lx.start)) {
        rawSymptoms.push({ id: sym.id, negatedForm: false, start: lx.start, end: lx.end, adverbs: '' });
      }
    }
  }
  const allSpans: Spanned[] = [...rawSymptoms, ...rawLex];
  const notCurrent = notCurrentRanges(t);

  const symptoms: SymptomMention[] = [];
  for (const r of rawSymptoms) {
    const entry = symptomById(r.id);
    if (!entry) continue;
    const historical = notCurrent.some(([a, b]) => r.start >= a && r.end <= b);
    // A resolved past episode or a hypothetical is not a current complaint — even suicidal
    // thoughts that are explicitly past and treated (以前有过…，现在好多了).
    const negated = historical || (entry.negatable && (r.negatedForm || isNegated(t, r.start, allSpans)));
    const [cs, ce] = clauseBounds(t, r.start, r.end);
    const before = t.slice(cs, r.start);
    const after = t.slice(r.end, ce);
    const severe = entry.severe || SEVERE_BEFORE.test(before.slice(-4)) || SEVERE_AFTER.test(after) || SEVERE_ADVERB.test(r.adverbs) || /剧痛|剧烈/u.test(t.slice(r.start, r.end));
    const mild = !severe && (MILD_BEFORE.test(before.slice(-5)) || MILD_ADVERB.test(r.adverbs));
    const span: Span = [r.start, r.end];
    symptoms.push({ id: entry.id, name: entry.name, negated, severe, mild, implied: false, span });
    for (const impliedId of entry.implies) {
      const implied = symptomById(impliedId);
      if (implied) symptoms.push({ id: implied.id, name: implied.name, negated, severe, mild, implied: true, span });
    }
  }

  const lexMentions = (kind: LexiconKind): LexiconMention[] => {
    const out: LexiconMention[] = [];
    for (const r of rawLex) {
      if (r.kind !== kind) continue;
      const entry = lookup(r.key, kind);
      if (!entry) continue;
      out.push({ id: entry.id, name: entry.name, kind, negated: isNegated(t, r.start, allSpans), span: [r.start, r.end] });
    }
    return out;
  };

  const temps = findTemperatures(t);
  const bps = findBloodPressures(t);
  const glucose = findMeasure(t, '随机血糖|空腹血糖|餐后血糖|指尖血糖|血糖', 0.5, 60, (v, unit) => (unit.startsWith('mg') || v > 45 ? v / 18 : v));
  const spo2 = findMeasure(t, '血氧饱和度|氧饱和度|指脉氧|血氧|spo2|饱和度', 40, 100);
  const heartRate = findMeasure(t, '心率|心跳|脉搏|脉率', 20, 260);

  // A measured fever counts as the symptom (体温38.5 with no 发烧 written).
  const maxTemp = temps.length ? Math.max(...temps.map((x) => x.value)) : null;
  const feverTemp = temps.find((x) => x.value >= 37.3);
  if (feverTemp && !symptoms.some((s) => s.id === 'fever' && !s.negated)) {
    const fever = symptomById('fever');
    if (fever) symptoms.push({ id: fever.id, name: fever.name, negated: false, severe: feverTemp.value >= 40, mild: false, implied: true, span: feverTemp.span });
  }
  symptoms.sort((a, b) => a.span[0] - b.span[0]);

  const ages = findAges(t);
  const pregnancy = findPregnancy(t);
  const durations = findDurations(t, now, [...ages.map((a) => a.span), ...temps.map((x) => x.span)]);
  const { who, sex: whoSex } = findWho(t, pregnancy.pregnant);
  const firstAge = ages[0];
  const bpRank = (b: BloodPressure): number => (b.systolic ?? 0) * 1000 + (b.diastolic ?? 0);
  const topBp = bps.length ? bps.reduce((a, b) => (bpRank(b) > bpRank(a) ? b : a)) : null;

  return {
    normalized: t,
    symptoms,
    temperature: maxTemp,
    bp: topBp ? { systolic: topBp.systolic, diastolic: topBp.diastolic } : null,
    vitals: {
      temperature: temps.map((x) => x.value),
      systolic: bps.flatMap((b) => (b.systolic === null ? [] : [b.systolic])),
      diastolic: bps.flatMap((b) => (b.diastolic === null ? [] : [b.diastolic])),
      glucose,
      spo2,
      heartRate,
    },
    durations,
    durationDays: durations.length ? Math.max(...durations.map((d) => d.days)) : null,
    age: firstAge ? { years: firstAge.years, months: firstAge.months, text: firstAge.text } : null,
    sexHint: findSex(t, whoSex, pregnancy.pregnant),
    pregnancy,
    bodyParts: findBodyParts(t),
    drugs: lexMentions('drug'),
    diseases: lexMentions('disease'),
    allergens: lexMentions('allergen'),
    surgeries: lexMentions('surgery'),
    who,
  };
}
