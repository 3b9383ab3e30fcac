import type { Who } from '@chatdr/contract';
import { entriesOf, lookup } from './lexicon.ts';
import type { LexiconKind } from './lexicon-data.ts';
import { normalizeText } from './normalize.ts';
import { DIGIT1, NUM, parseNumber } from './numbers.ts';
import { SYMPTOMS, symptomById } from './symptoms.ts';

/** Who the message is about. */
export type { Who } from '@chatdr/contract';

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
const IGNORE = ['吐槽', '破伤风', '让人头疼', '令人头疼', '真让人头疼', '心疼', '想死你', '想死我', '笑死', '吓死', '热死', '累死', '烦死', '气死', '饿死', '困死', '头疼医头', '退烧药', '止吐药', '止咳药', '止泻药', '晕车药', '吐字',
  // A denial of the wish (我不想死) and hyperbole about games and exams (被虐吐血, 气吐血).
  '不想死', '没想过自杀', '没有想过自杀', '没想自杀', '不会自杀', '不想自杀', '没有自杀的想法', '没有轻生的念头', '没想过轻生', '虐吐血', '气吐血', '累吐血', '吐血推荐', '吐血整理', '想死你们'];

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
/** Per dictionary: the key lengths that start with each first code unit, longest first. */
const KEY_LENGTHS = new WeakMap<Dictionary, Map<string, number[]>>();
function keyLengths(d: Dictionary): Map<string, number[]> {
  let byFirst = KEY_LENGTHS.get(d);
  if (byFirst) return byFirst;
  byFirst = new Map();
  for (const key of d.dict.keys()) {
    const first = key[0] ?? '';
    const lens = byFirst.get(first);
    if (!lens) byFirst.set(first, [key.length]);
    else if (!lens.includes(key.length)) lens.push(key.length);
  }
  for (const lens of byFirst.values()) lens.sort((a, b) => b - a);
  KEY_LENGTHS.set(d, byFirst);
  return byFirst;
}
const NO_LENGTHS: readonly number[] = [];

function segment(text: string, from: number, to: number, d: Dictionary): Token[] {
  const tokens: Token[] = [];
  const byFirst = keyLengths(d);
  let i = from;
  while (i < to) {
    let found: Token | null = null;
    // Only the lengths some key starting with this character has (the others cannot match).
    for (const len of byFirst.get(text[i] ?? '') ?? NO_LENGTHS) {
      if (len > to - i) continue;
      const key = text.slice(i, i + len);
      const entries = d.dict.get(key);
      // A Latin abbreviation (RA, PE, TB, ALL) only as a whole word, never inside another.
      if (entries && /^[a-z0-9]+$/u.test(key) && (/[a-z]/u.test(text[i - 1] ?? '') || /[a-z]/u.test(text[i + len] ?? ''))) continue;
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
const NEG_FILLERS = ['什么', '怎么', '任何', '明显', '出现过', '出现', '感觉到', '感觉', '感到', '觉得', '发现', '再', '太', '有', '过', '啥', '特别', '那么', '那种', '那样的', '一点', '很', '咋', '伴有', '伴随', '伴', '其他', '别的', '起', '长'];
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
 * A potential complement: verb + 不 + result (听不清, 看不清, 站不稳, 喘不上, 说不出, 睡不着, 吃不下,
 * 止不住, 叫不醒, 抬不起, 尿不出). Such a 不 says what cannot be done, it does not deny a symptom.
 */
const VERB_NOT_COMPLEMENT = /^[听看站喘说睡吃喝止叫喊抬尿拉坐走动起咽吞憋透睁握拿忍受停记合闭张伸弯直蹲转翻呼吸挺使弄推摇拍醒咳吐]不[清稳上出着下住醒起动了来过开见到直拢好进去完懂]$/u;

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
    // 听不清, 站不稳, 喘不上气, 睡不着, 叫不醒: a 不 inside a verb-complement word is not a denial.
    if (cue === '不' && VERB_NOT_COMPLEMENT.test(text.slice(cueStart - 1, cueStart + 2))) continue;
    if ((first === '不' || first === '没') && text[cueStart - 1] !== undefined && text[cueStart - 1] === text[cueStart + 1]) continue;
    if (!gapParses(text, e, start, others)) return false;
    // 没发烧咳嗽得厉害: a complaint right after a denied one, said with its own degree, is affirmed.
    const adjacent = others.some((o) => o.end === start && o.start >= e);
    const self = others.find((o) => o.start === start);
    return !(adjacent && self && /^(得|的)?(很|特别|非常|厉害|好|太|越来越|一直|老是|总是)/u.test(text.slice(self.end, self.end + 4)));
  }
  return false;
}

const PAIRED_LIMB_HEAD = /^(手|胳膊|手臂|上肢)$/u;
const PAIRED_LIMB_TAIL = /^[脚腿足下]$/u;

function gapParses(text: string, from: number, to: number, others: readonly Spanned[]): boolean {
  let i = from;
  while (i < to) {
    const mention = others.find((o) => o.start === i && o.end <= to);
    if (mention) {
      i = mention.end;
      const co = startsWithAny(text, i, COORDINATORS);
      // 没有头晕心慌: two mentions written side by side share the denial, as with 、.
      if (!co) {
        if (i === to || others.some((o) => o.start === i && o.end <= to)) continue;
        return false;
      }
      i += co.length;
      continue;
    }
    const filler = startsWithAny(text, i, NEG_FILLERS) ?? startsWithAny(text, i, COORDINATORS);
    // 没有手脚麻, 也没有胳膊腿没劲: the first half of a paired-limb word before a mention of the second half.
    if (!filler) return PAIRED_LIMB_HEAD.test(text.slice(i, to)) && PAIRED_LIMB_TAIL.test(text[to] ?? '');
    i += filler.length;
  }
  return true;
}

const SEVERE_BEFORE = /(剧烈|特别|非常|严重|大量|超级|极其|十分|异常|剧)$/u;
/** 没剧痛, 不是特别疼, 并不严重: the intensity word itself is denied, so the mention is not severe. */
const DENIED_SEVERE_BEFORE = /(没有?|不是?|无|并不|不算|没那么)(很|太)?(剧烈|特别|非常|严重|十分|剧)$/u;
const SEVERE_AFTER = /^(得?(很|特别|非常|太)?(厉害|受不了|要命|不行|打滚|直不起腰|要死|蹲在地上|蹲地上|站不起来|起不来|蜷成一团|满头大汗|遭不住|受不住|扛不住|吃不消|忍不了)|死了|得要死|很多|好多|特别多|非常多|不止|止不住|停不下来|剧烈|难以忍受|忍受不了|得[^,.;!?。！？；]{0,4}(弯腰|直不起腰|打滚|直叫|叫出声|嗷嗷叫|走不了路|走不动路|动不了)|(好|很|太)(疼|痛))/u;
/** A simile of extreme pain anywhere in the clause (像刀割一样, 撕心裂肺, 炸裂一样). */
/** A clause that is only a degree of pain (疼得嗷嗷叫, 痛得直打滚, 疼得受不了): no site of its own. */
const BARE_SEVERE_PAIN = /(?<=^|[,.;!?。！？；\s])(又|还|更|都|也)?(疼|痛)(得|的)(人|他|她|我)?(直|都|满地|在床上|在地上)?(嗷嗷叫|嗷嗷的|直叫唤|叫唤|哇哇叫|直哼哼|打滚|受不了|要命|要死|不行了|满头大汗|冒冷汗|直冒汗|说不出话|直不起腰)/gu;
/** Pain symptoms a bare degree clause can intensify. */
const PAIN_ID = /pain|ache|colic/u;
const SEVERE_CLAUSE = /刀割|刀绞|刀扎|刀砍|刀剜|撕心裂肺|炸裂|裂开一样|疼疯了|痛疯了/u;
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
  // 37.9到38.2之间, 38-39度: a range of readings — the highest counts.
  for (const m of t.matchAll(/((?:3[4-9]|4[0-3])(?:\.\d)?)\s*(?:度|℃|°c?)?\s*(?:到|至|~|～|-|—)\s*((?:3[4-9]|4[0-3])(?:\.\d)?)(?![\d.])\s*(?:度|℃|°c?|之间|左右)?/gu)) {
    if (NOT_BODY_TEMP.test(t.slice(Math.max(0, m.index - 8), m.index))) continue;
    if (!/度|℃|°|体温|烧|热|量|测|腋|肛|额温|耳温/u.test(t.slice(Math.max(0, m.index - 8), m.index + m[0].length))) continue;
    const hi = Math.max(parseNumber(m[1] ?? '') ?? 0, parseNumber(m[2] ?? '') ?? 0);
    if (hi >= 34 && hi <= 43.5) push(hi, [m.index, m.index + m[0].length]);
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
  // After a body-temperature word a low reading is taken down to 28 ℃ (体温只有33度: hypothermia).
  const bare = new RegExp(`(体温|发烧|发热|烧到|烧了|高烧|低烧|量了一下|量了|腋温|肛温|耳温|口温|额温|烧)\\s*(?:量出来|测出来|量了|测了)?(?:一直|总是|老是|持续)?(?:只有|只|才|仅|有|是|到|在|达|达到|都|还)?\\s*(${NUM})`, 'gu');
  for (const m of t.matchAll(bare)) {
    const v = parseNumber(m[2] ?? '');
    const low = /^(体温|腋温|肛温|耳温|口温|额温)$/u.test(m[1] ?? '') ? 28 : 34;
    if (v !== null && v >= low && v <= 43.5) push(v, [m.index, m.index + m[0].length]);
  }
  // 量了腋下38.3, 一量38.9, 额温枪测了37.9, 体温表夹了一会38.6: a one-decimal reading in the body-temperature
  // range after a measuring word, with no unit — unless the measure named is another one (血压, 血糖, 体重).
  for (const m of t.matchAll(/(量|测|腋下|腋窝|夹|体温表|体温计|温度计|温枪|额头|脑门|肛门|耳朵)[^,.;!?。！？；\d]{0,5}?((?:3[4-9]|4[0-3])\.\d)(?![\d.])/gu)) {
    if (/血压|血糖|血氧|心率|脉搏|体重|bmi|身高|腰围|尿酸|血脂|肌酐/u.test(t.slice(Math.max(0, m.index - 6), m.index + m[0].length))) continue;
    const v = parseNumber(m[2] ?? '');
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
  out.sort((a, b) => a.span[0] - b.span[0]);
  // A systolic-only reading right before a diastolic-only one (血压175-低压125, 高压170，低压也有110)
  // is one reading.
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i];
    const b = out[i + 1];
    if (a && b && a.diastolic === null && a.systolic !== null && b.systolic === null && b.diastolic !== null && b.span[0] - a.span[1] <= 8 && plausible(a.systolic, b.diastolic)) {
      out.splice(i, 2, { systolic: a.systolic, diastolic: b.diastolic, span: [a.span[0], b.span[1]] });
    }
  }
  return out;
}

function findMeasure(t: string, words: string, min: number, max: number, convert?: (v: number, unit: string) => number): number[] {
  const out: number[] = [];
  const re = new RegExp(`(?:${words})${GAP}{0,6}?(?:(?:每分钟|一分钟|1分钟)${GAP}{0,3}?)?(${NUM})\\s*(mmol/l|mmol|mg/dl|mg|%|次|下)?`, 'gu');
  for (const m of withoutYixia(t).matchAll(re)) {
    if (!isMeasuredNumber(m[1] ?? '')) continue;
    let v = parseNumber(m[1] ?? '');
    if (v === null) continue;
    if (convert) v = convert(v, m[2] ?? '');
    if (v >= min && v <= max) out.push(Math.round(v * 10) / 10);
  }
  return out;
}

const CN_DIGIT: Readonly<Record<string, number>> = { 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/**
 * A pulse counted by hand (摸他脉一分钟才三十几下, 脉搏一分钟就四十下, 心跳三十多下): the beats, with a
 * loose tens (三十几, 30多) read as the tens plus five. Needs a per-minute word or 下/次 after the number,
 * and not 静脉/动脉 (a vessel, not the pulse).
 */
function countedPulse(t: string): number[] {
  const out: number[] = [];
  const re = /(?<![静动经山血])(?:脉搏|脉|心跳|心率)(?!管|络|冲)[^,.;!?。！？；\d零〇一二两三四五六七八九十百]{0,6}?(每分钟|一分钟|1分钟)?[^,.;!?。！？；\d零〇一二两三四五六七八九十百]{0,3}?([二两三四五六七八九]十[一二三四五六七八九几]?|\d{2,3})(多|来|几)?(下|次)?/gu;
  for (const m of t.matchAll(re)) {
    if (!m[1] && !m[4]) continue;
    const raw = m[2] ?? '';
    let v: number;
    if (/^\d+$/u.test(raw)) v = Number(raw);
    else {
      const tens = CN_DIGIT[raw[0] ?? ''] ?? 0;
      const unit = raw[2];
      v = tens * 10 + (unit === undefined ? 0 : unit === '几' ? 5 : (CN_DIGIT[unit] ?? (unit === '一' ? 1 : 0)));
    }
    if ((m[3] === '多' || m[3] === '几') && v % 10 === 0) v += 5;
    if (v >= 20 && v <= 260) out.push(v);
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
  // 我爸今年六十五, 今年62了 (no 岁 written).
  for (const m of t.matchAll(new RegExp(`今年(${NUM})(多)?(?![0-9.点年月日号天周次岁个斤公块元度分米%])`, 'gu'))) {
    const n = parseNumber(m[1] ?? '');
    if (n === null || n < 1 || n > 110 || !Number.isInteger(n)) continue;
    out.push(make(n * 12, m[0], [m.index, m.index + m[0].length]));
  }
  const kid = '(?:宝宝|孩子|婴儿|小孩|娃|儿子|女儿|闺女|宝|新生儿)';
  // 生完孩子一个月, 生了宝宝十天: the time since the birth, the mother's story — not the child's age.
  const notBirth = '(?<!生完?宝?|生了宝?|生下宝?|产下宝?|生完了宝?)';
  const monthRe = new RegExp(`${notBirth}(?:${kid}(?:才|刚|刚满|满|已经|今年|出生)?)(${NUM})(?:个)?(多|半)?月|(?<![这那前后头近第])(${NUM})(?:个)?(多|半)?月(?:大(?![便腿概家量口姨小汗部多约半块片声点些])|的${kid}|${kid})`, 'gu');
  for (const m of t.matchAll(monthRe)) {
    const n = parseNumber(m[1] ?? m[3] ?? '');
    if (n === null || n > 36) continue;
    const half = (m[2] ?? m[4]) === '半' ? 0.5 : 0;
    out.push(make(n + half, m[0], [m.index, m.index + m[0].length]));
  }
  const dayRe = new RegExp(`(?:出生|生下来|${notBirth}${kid}(?:才|刚|刚满|满|出生)?)(?:才|刚)?(${NUM})(天|周|个?礼拜|个?星期)(?=$|[,.;!?\\s]|大)|(?:出生|生下来|${notBirth}${kid}(?:才|刚|刚满|满|出生))(?:才|刚)?(${NUM})(天|周|个?礼拜|个?星期)|(?<![比第这那前后头近])(${NUM})(天|周)(?:大(?![便腿概家量口姨小汗部多约半块片声点些])|的${kid})`, 'gu');
  for (const m of t.matchAll(dayRe)) {
    const n = parseNumber(m[1] ?? m[3] ?? m[5] ?? '');
    if (n === null) continue;
    const days = n * (/周|礼拜|星期/u.test(m[2] ?? m[4] ?? m[6] ?? '') ? 7 : 1);
    if (days > 365) continue;
    out.push(make(days / 30.4, m[0], [m.index, m.index + m[0].length]));
  }
  // 我奶奶89了, 我爸72 有动脉瘤: an adult relative's age written straight after the kinship word.
  for (const m of t.matchAll(new RegExp(`(?:爷爷|奶奶|外公|外婆|姥姥|姥爷|爸|妈|爹|娘|父亲|母亲|老公|老婆|老伴|老伴儿|老人|老头|老头子|老爷子|老太太|公公|婆婆)(?:今年|都|已经|快)?(${NUM})(?!多?[0-9.点年月日号天周次岁个斤公块元度分米%/／小钟])`, 'gu'))) {
    const n = parseNumber(m[1] ?? '');
    if (n === null || n < 20 || n > 110 || !Number.isInteger(n)) continue;
    out.push(make(n * 12, m[0], [m.index, m.index + m[0].length]));
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

const SINCE_TREATMENT = /((化疗|放疗|手术|治疗|移植|透析|支架|搭桥|流产|引产|人流)(结束|做完|完|后|完了)|术后|出院|停药|做完[^,.;!?。！？；]{1,6}?)(了)?(才|刚|刚刚|已经|有|快)?$/u;

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
    // 化疗结束半年, 做完手术三个月, 术后两年, 出院一周: the time since a treatment, not how long the complaint has lasted.
    if (SINCE_TREATMENT.test(t.slice(Math.max(0, m.index - 10), m.index))) continue;
    if (m[9] !== undefined) {
      if (m[9] === '月' && !m[0].includes('个') && !/^(了|多|以来|左右)/u.test(after)) continue;
      push(0.5 * (UNIT_DAYS[m[9]] ?? 0), m[0], span);
      continue;
    }
    const unit = m[6] ?? '';
    if (/每$/u.test(before) || /(孕|怀孕|妊娠|怀了|出生|生下来)$/u.test(before)) continue;
    // 生完孩子一个月, 产后十天: the time since the birth, not how long the complaint has lasted.
    if (/(生完|生了|生下|产下|产后|分娩后?|剖宫产|剖腹产|顺产)(完|了)?(孩子|宝宝|小孩|娃|二胎|老二)?(才|刚|已经)?$/u.test(t.slice(Math.max(0, m.index - 8), m.index))) continue;
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
  for (const m of t.matchAll(/怀孕|怀了|怀着|孕妇|孕期|孕早期|孕中期|孕晚期|孕吐|孕检|身孕|怀二胎|怀(?:了)?(?:双胞胎|双胎|龙凤胎|三胞胎|三胎)|妊娠|大肚婆|(?:娃|宝宝|孩子|胎儿|小家伙)在肚子里(?!的时候|时|那会|那时)|孕(?=\d|[一二两三四五六七八九十])/gu)) {
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
    // 怀孕40天, 孕70天: a pregnancy counted in days is in its week ⌊days/7⌋ (a 40-day pregnancy is early).
    if (week === null) {
      const dy = new RegExp(`(?:怀孕|孕|妊娠|怀了)(?:了)?(?:已经|快|差不多|才)?(${NUM})(多)?天`, 'u').exec(t);
      const n = dy ? parseNumber(dy[1] ?? '') : null;
      if (n !== null && n > 0 && n <= 300) week = Math.floor(n / 7);
    }
    // 39周了, 高龄二胎，34周 — a bare week count of a pregnancy already named (not 术后两周, 吃药三周).
    if (week === null) {
      const bare = /(?<![0-9一二两三四五六七八九十个术后药天])([2-4][0-9]|[二三四]十[一二三四五六七八九]?)(?:\+\d)?周(?!岁|年)/u.exec(t);
      const n = bare ? parseNumber(bare[1] ?? '') : null;
      if (n !== null && n >= 20 && n <= 42) week = n;
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
  ...['宝宝妈妈', '孩子妈妈', '孩子他妈', '孩子他爸', '孩子爸爸', '宝妈', '宝爸', '肚子里的宝宝', '胎儿', '生完孩子', '生孩子', '生了孩子', '生完宝宝', '怀孩子', '怀了孩子', '要孩子', '带孩子', '怀宝宝'].map((word) => ({ word, who: null, sex: null })),
  ...['儿子', '孙子', '外孙', '男孩', '小男孩'].map((word) => ({ word, who: 'child' as const, sex: 'M' as const })),
  ...['女儿', '闺女', '孙女', '外孙女', '女孩', '小女孩'].map((word) => ({ word, who: 'child' as const, sex: 'F' as const })),
  // 两岁仔, 仔仔, 细路 (Cantonese), 崽崽: a child (not 仔细).
  ...['孩子', '小孩', '宝宝', '婴儿', '新生儿', '小朋友', '娃', '幼儿', '小宝', '岁仔', '仔仔', '宝仔', '细路仔', '细路', '崽崽'].map((word) => ({ word, who: 'child' as const, sex: null })),
  ...['我妈', '老妈', '妈妈', '母亲', '我娘', '俺娘'].map((word) => ({ word, who: 'mother' as const, sex: 'F' as const })),
  // 老汉儿, 我老汉 (Sichuanese: father).
  ...['我爸', '老爸', '爸爸', '父亲', '我爹', '俺爹', '老汉儿', '我老汉', '老豆', '阿爸'].map((word) => ({ word, who: 'father' as const, sex: 'M' as const })),
  ...['老公', '丈夫', '先生'].map((word) => ({ word, who: 'spouse' as const, sex: 'M' as const })),
  ...['老婆', '妻子', '媳妇', '太太'].map((word) => ({ word, who: 'spouse' as const, sex: 'F' as const })),
  ...['爱人', '对象'].map((word) => ({ word, who: 'spouse' as const, sex: null })),
  ...['爷爷', '外公', '姥爷', '公公', '岳父', '老丈人'].map((word) => ({ word, who: 'elder' as const, sex: 'M' as const })),
  ...['奶奶', '外婆', '姥姥', '婆婆', '岳母', '丈母娘'].map((word) => ({ word, who: 'elder' as const, sex: 'F' as const })),
  ...['老人家', '老人', '长辈'].map((word) => ({ word, who: 'elder' as const, sex: null })),
  // An old man or woman named by age (我家老头子, 老爷子, 阿爷, 阿婆): the elder's age bounds apply.
  ...['老头子', '老头儿', '老爷子', '老大爷', '阿爷', '阿公'].map((word) => ({ word, who: 'elder' as const, sex: 'M' as const })),
  ...['老太太', '老太婆', '老奶奶', '老大娘', '阿嫲', '阿婆'].map((word) => ({ word, who: 'elder' as const, sex: 'F' as const })),
  ...['朋友', '同事', '同学', '邻居', '亲戚', '室友'].map((word) => ({ word, who: 'other' as const, sex: null })),
  ...['哥哥', '弟弟', '舅舅', '叔叔', '伯伯'].map((word) => ({ word, who: 'other' as const, sex: 'M' as const })),
  ...['我哥', '我弟', '俺哥', '俺弟'].map((word) => ({ word, who: 'other' as const, sex: 'M' as const })),
  ...['我姐', '我妹', '俺姐', '俺妹'].map((word) => ({ word, who: 'other' as const, sex: 'F' as const })),
  ...['姐姐', '妹妹', '阿姨', '姑姑'].map((word) => ({ word, who: 'other' as const, sex: 'F' as const })),
].sort((a, b) => b.word.length - a.word.length);

/** 和老婆那个的时候, 跟老公同房, 老跟老公吵: the spouse is the partner in the act; the asker is the person. */
const PARTNER_ACT = /^[^,.;!?。！？；\s]{0,3}(那个|同房|性生活|房事|过夫妻生活|亲热|做爱|在一起的时候|行房|吵|闹|拌嘴|发脾气|生气|置气)/u;

/** The spouse was examined and found normal (老婆检查都正常): the question is about the asker. */
const SPOUSE_CHECKED = /^[^,.;!?。！？；]{0,4}(检查|查了|查过|都查了)[^,.;!?。！？；]{0,4}(都)?(正常|没问题|没事|没毛病)[^。！？]*(我|自己)/u;

/** The first characters of a word list: a position starting with none of them cannot match (skipped without a scan of the list). */
const firstChars = (words: readonly string[]): ReadonlySet<string> => new Set(words.map((w) => w[0] ?? ''));
const WHO_FIRST = firstChars(WHO_WORDS.map((x) => x.word));

function findWho(t: string, pregnant: boolean): { who: Who | null; sex: 'M' | 'F' | null } {
  let partnerOf: 'M' | 'F' | null = null;
  for (let i = 0; i < t.length; i++) {
    if (!WHO_FIRST.has(t[i] ?? '')) continue;
    const w = WHO_WORDS.find((x) => t.startsWith(x.word, i));
    if (!w) continue;
    // In a pregnancy 宝宝 is the fetus, and so is 孩子 that moves or kicks (孩子没怎么动).
    const fetus = pregnant && (w.word === '宝宝' || w.word === '小宝' || ((w.word === '孩子' || w.word === '娃') && /^[^,.;!?。！？；]{0,6}(动|踢)/u.test(t.slice(i + w.word.length))));
    if (w.who === null || fetus) {
      i += w.word.length - 1;
      continue;
    }
    // 和老婆那个的时候 (the partner in an act), 老婆检查都正常，我… (the partner already checked): the asker is the other one.
    if (w.who === 'spouse' && ((/[和跟同与]$/u.test(t.slice(Math.max(0, i - 1), i)) && PARTNER_ACT.test(t.slice(i + w.word.length))) || SPOUSE_CHECKED.test(t.slice(i + w.word.length)))) {
      partnerOf = w.sex === 'F' ? 'M' : w.sex === 'M' ? 'F' : null;
      i += w.word.length - 1;
      continue;
    }
    return { who: w.who, sex: w.sex };
  }
  if (partnerOf !== null || /我|本人|自己/u.test(t)) return { who: 'self', sex: partnerOf };
  return { who: null, sex: null };
}

function findSex(t: string, whoSex: 'M' | 'F' | null, pregnant: boolean): 'M' | 'F' | null {
  if (whoSex) return whoSex;
  const m = /(?:^|[,.;:\s、]|我是|性别)(男|女)(?:性|的|生|士|孩)?(?=$|[,.;:\s、0-9一二三四五六七八九十])/u.exec(t);
  if (m) return m[1] === '男' ? 'M' : 'F';
  if (pregnant || /月经|例假|大姨妈|阴道|白带|乳房|子宫/u.test(t)) return 'F';
  // Having given birth oneself (生了俩孩子, 生完二胎, 顺产过两次), said without another person as the subject.
  if (/^(?:[^,.;:\s，。]{0,2})?(?:我)?(?:生了|生过|生完|顺产过|剖过)(?:俩|两个|一个|三个|几个|二胎|两胎|孩子|老二|二宝|[一二两三]次)/u.test(t.split(/[,.;:\s，。]/u).find((c) => /生了|生过|生完|顺产过|剖过/u.test(c)) ?? '') && !/(老婆|媳妇|妻子|爱人|女儿|闺女|儿媳|妈|姐|妹)[^,.;:\s，。]{0,3}(生了|生过|生完|顺产过|剖过)/u.test(t)) return 'F';
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

const BODY_FIRST = firstChars([...NOT_BODY, ...BODY_WORDS.map(([w]) => w)]);

function findBodyParts(t: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < t.length; i++) {
    if (!BODY_FIRST.has(t[i] ?? '')) continue;
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
// Second pass: what the dictionary missed. (1) A body site and a sensation in the same clause
// (后背突然像被撕开一样疼, 脑袋里面像炸开一样, 小肚子右边突然一阵剧痛), or a sensation in a clause
// that names no body part, carried over from the site of the clause before (心口发紧…，今天也开始
// 发紧). (2) Everyday phrasings with a variable middle (筷子老往下掉, 吐了好几口暗红色的东西).

/** A raw mention found by the second pass. */
export interface Composed {
  readonly id: string;
  readonly start: number;
  readonly end: number;
  /** Denied between the site and the sensation (胸口不闷, 后背一点也不酸). */
  readonly negated: boolean;
  /** Said to be severe (剧痛, 疼得不行, 这辈子没这么疼过) or severe by its quality (撕开, 炸开). */
  readonly severe: boolean;
}

interface Sense {
  readonly re: RegExp;
  readonly id: string;
  /** Severe by its quality (tearing, exploding, crushing). */
  readonly severe: boolean;
  /** Words that make this sensation severe besides the general ones (出血: 哗哗, 止不住). */
  readonly intense?: RegExp;
}

const TEAR = /撕|劈开|劈成|裂开/u;
const EXPLODE = /炸|裂开|劈开/u;
const KNIFE = /刀割|刀砍|刀劈|刀扎|刀绞|刀剜/u;
const CRUSH = /压榨|石头压|大石头|压着(一)?块/u;
const PAIN = /疼|痛/u;
const SQUEEZE = /攥|揪|勒|箍|捏住|抓住/u;
const PRESS = /发紧|紧绷|(?<!紧)紧(?!张)|(?<!沉)闷(?!热|气)|憋|(?<![血按])压(?!力|低|高|到|着(?:疼|痛))|堵|发沉|顶着|顶得/u;
const ACHE = /酸|胀|疼|痛/u;
/** One side's arm and leg (左边胳膊腿, 右侧手脚, 一边胳膊和腿). */
const ONE_SIDE_LIMBS = /(左|右|一)(边|侧)(的)?(胳膊腿|手脚|胳膊和腿|手和脚|手臂和腿|上下肢)/u;
/** Numb (麻, 木木的, 没知觉): not 麻烦, 麻药 or 芝麻. */
const NUMB = /(?<!芝)麻(?!烦|药|醉|将|辣|油|疹|子)|木木|发木|木了|(有点|有些|都|也)木(?!头|板|耳)|没(有)?知觉|没(有)?感觉(?!到)/u;
const DISCOMFORT = /不得劲|不舒服|难受/u;
const BLEED = /(流|出|淌)[了着]?[^,.;!?。！？；]{0,5}血|见红/u;
const HEAVY_BLEED = /哗哗|止不住|好多|很多|不少|一大摊|一大滩|大量|湿透|一大片|成块|大块/u;
/** Pressure in the pit of the stomach (胃口那堵得慌, 上腹像压了块东西): an atypical cardiac pain as much as a gastric one. */
const EPIGASTRIC_PRESS = /堵得慌|压着|压了|(?<![血按])压得|憋得慌|发紧|(?<!沉)闷得|顶着|顶得/u;
/** Breasts, not the heart: 胸 said with the menstrual cycle, feeding or a lump felt (经前两边胸胀痛, 喂奶胸疼). */
const BREAST_CONTEXT = /月经|经前|例假|大姨妈|来事|喂奶|哺乳|奶水|乳房|乳头|乳腺|摸着[^,.;!?。！？；]{0,4}(粒|块|疙瘩|结节|硬)/u;
/** A point that hurts when pressed is the chest wall, not the heart. */
const TENDER = /(按|压|碰|摸)(着|一下|上去|到)?(就|才|会|有|有一个点|一个点)?.{0,4}(疼|痛)/u;

const sense = (re: RegExp, id: string, severe = false, intense?: RegExp): Sense => ({ re, id, severe, ...(intense ? { intense } : {}) });

/** Body sites, most specific first; a site's senses are tried in order (qualities before plain pain). */
const SITES: ReadonlyArray<{ readonly words: readonly string[]; readonly senses: readonly Sense[] }> = [
  { words: ['胸口', '心口', '胸前', '前胸', '胸部', '胸膛', '心前区', '兄口', '匈口', '胸'], senses: [sense(TEAR, 'tearing-pain', true), sense(CRUSH, 'crushing-chest-pain', true), sense(PAIN, 'chest-pain'), sense(PRESS, 'chest-tightness'), sense(SQUEEZE, 'chest-tightness'), sense(DISCOMFORT, 'chest-tightness')] },
  // 背后像刀割一样痛: a knife-like pain in the back is a dissection's quality too (not in the chest, where it is often pleuritic).
  { words: ['后背', '背部', '背后', '后心', '肩胛骨', '肩胛', '脊背'], senses: [sense(TEAR, 'tearing-pain', true), sense(KNIFE, 'tearing-pain', true), sense(ACHE, 'back-pain'), sense(PRESS, 'back-pain')] },
  { words: ['胃那里', '胃那块', '胃那儿', '胃口那', '胃里', '胃部', '上腹部', '上腹', '心窝子', '心窝', '胃'], senses: [sense(PAIN, 'epigastric-pain'), sense(DISCOMFORT, 'epigastric-pain'), sense(EPIGASTRIC_PRESS, 'epigastric-pain')] },
  { words: ['小肚子', '下腹部', '下腹', '小腹'], senses: [sense(PAIN, 'lower-abdominal-pain')] },
  { words: ['肚子', '腹部', '肚脐', '肚皮'], senses: [sense(PAIN, 'abdominal-pain')] },
  { words: ['脑袋', '脑壳', '脑子', '后脑勺', '头部', '头顶', '头'], senses: [sense(EXPLODE, 'thunderclap-headache', true), sense(PAIN, 'headache')] },
  { words: ['下面', '下身', '阴道', '私处'], senses: [sense(BLEED, 'vaginal-bleeding', false, HEAVY_BLEED)] },
  // 右腿后面有点麻, 两条腿都麻, 胳膊有点木: numbness of a limb said with the limb first (a limb's pain is left to the dictionary: 腿疼).
  { words: ['大腿', '小腿', '腿肚子', '腿后面', '腿外侧', '腿', '脚趾头', '脚趾', '脚底板', '脚底', '脚背', '脚掌'], senses: [sense(NUMB, 'numbness')] },
  { words: ['胳膊', '手臂', '上臂', '前臂', '手指头', '手指'], senses: [sense(NUMB, 'arm-numbness')] },
];
const SITE_WORDS: ReadonlyArray<readonly [string, number]> = SITES.flatMap((s, k) => s.words.map((w) => [w, k] as const)).sort((a, b) => b[0].length - a[0].length);
/** 头 and 心 also start words that are not the body site (头一天, 头发, 里头, 恶心). */
const NOT_SITE = /^(头(一|几|两|三|回|次|发|晕|昏|皮|孢|天|胎|号)|脑子(里想|不好使|转不过来)|胸(怀|襟|有成竹)|下面(的话|一块|有一块|是|说))/u;
const NOT_SITE_BEFORE = /(里|外|上|个|开|码|一|枕|石|老|前|后|对|带|领|罐|额|梳|洗|剃|低|抬|点|摇|回|扭|转|埋|蒙|光|剪|烫|染|盖|罩|拍|砍|磕|撞|碰|骨|舌|指|拳|眉|喉|念|苗|木|馒|砖|蒜|镜|插|尽|床|桥|山|奶|乳|斧|锄|丫|芋|街|源|肩|膝|鼻)$/u;
/** Single-character sites (头, 胸, 胃) take a sensation only this close (头有点疼, not 头…隔了半句才疼). */
const SHORT_WINDOW = 6;
/** A clause that names a place of its own (肋骨那块, 这个地方) does not take the site of the clause before. */
const OWN_PLACE = /那块|这块|那里|这里|那儿|这儿|地方|位置|一个点|肋|肩|关节|骨|筋|肉|皮/u;
/** Something on the site between it and the sensation owns the sensation (胸前起了片疹子，有点疼; 后背长了个疙瘩按着疼). */
const GAP_OWNER = /疹|痘|包|疙瘩|泡|疱|伤|皮|疮|痂|斑|结节|肿物|痣|毛|指甲|虫|蚊|刺青|纹身|针眼|刀口/u;
/** A site clause that denies (胸口不疼也不闷) is not carried on. */
const DENIES = /[不没无]/u;

/** Intensity anywhere in the clause. */
/** 没剧痛, 不剧烈, 没那么厉害: a denied intensity word does not make the clause severe. */
const DENIED_INTENSE = /(没有?|不是?|无|并不|不算|没那么)(很|太|那么)?(剧烈?|厉害|要命)/gu;
const INTENSE = /剧|厉害|受不了|要命|不行|要死|打滚|嗷嗷叫|直叫唤|哇哇叫|直不起腰|钻心|撕心裂肺|难以忍受|忍不了|这辈子|从来没|从没|长这么大|有生以来|最疼|最痛|起不来|站不起来|蹲在地上|蜷成一团|满头大汗/u;
/** A negation right before the sensation (胸口不闷, 后背一点也不酸, 肚子没那么疼了). */
const INNER_NEG = /(不|没|没有|并不|从不|也不|都不|一点也不|一点都不|不太|不怎么|没那么|没怎么|不再)(太|怎么|那么|这么|很)?$/u;
/** …except a superlative (这辈子没这么疼过, 从来没有这么痛). */
const SUPERLATIVE = /(这辈子|从来|从没|长这么大|有生以来|活这么大).{0,6}(没|没有)(这么|那么)/u;
/** A clause that only carries a sensation on (疼得不行, 也开始发紧, 到现在还憋着). */
const CARRY_ALL = /疼|痛|发紧|(?<!紧)紧(?!张)|(?<!沉)闷(?!热|气)|憋/gu;

const SITE_FIRST = firstChars(SITE_WORDS.map(([w]) => w));

function siteAt(t: string, i: number): { word: string; site: number } | null {
  // No site word starts here: null, whatever NOT_SITE says.
  if (!SITE_FIRST.has(t[i] ?? '')) return null;
  if (NOT_SITE.test(t.slice(i, i + 6))) return null;
  for (const [w, k] of SITE_WORDS) {
    if (!t.startsWith(w, i)) continue;
    // 梳头, 个头, 里头: a single character is a site only when nothing before makes it another word.
    if (w.length === 1 && NOT_SITE_BEFORE.test(t.slice(Math.max(0, i - 1), i))) return null;
    // 心口下面, 肚脐下面: 下面 is a direction from the site before, not the genitals.
    if (w === '下面' && /(心口|胸口|肚脐|胃|肋骨|肋|腰|肚子|眼睛|鼻子|耳朵|嘴)$/u.test(t.slice(Math.max(0, i - 2), i))) return null;
    return { word: w, site: k };
  }
  return null;
}

/** Whether [a, b) lies inside a dictionary word that is not this one (心疼, 退烧药, 头疼医头). */
function insideOther(tokens: readonly Spanned[], a: number, b: number): boolean {
  return tokens.some((o) => o.start <= a && b <= o.end && !(o.start === a && o.end === b));
}

/**
 * The second pass over body site + sensation. `known` are the dictionary's mentions: a site whose
 * clause already has a mention at that place is left alone unless this pass finds a quality the
 * dictionary missed (撕开, 炸开).
 */
export function composeSiteSensations(t: string, known: ReadonlyArray<Spanned & { readonly id: string }>, words: readonly Spanned[]): Composed[] {
  const out: Composed[] = [];
  let lastSite: { site: number; sentence: number; clause: number } | null = null;
  let sentence = 0;
  let clauseNo = 0;
  for (let cs = 0; cs < t.length; ) {
    let ce = cs;
    while (ce < t.length && !CLAUSE_BREAK.test(t[ce] ?? '')) ce++;
    const clause = t.slice(cs, ce);
    const severeClause = INTENSE.test(clause.replace(DENIED_INTENSE, ''));
    const superlative = SUPERLATIVE.test(clause);
    const sites: Array<{ start: number; end: number; site: number }> = [];
    for (let i = cs; i < ce; i++) {
      const hit = siteAt(t, i);
      if (!hit) continue;
      sites.push({ start: i, end: i + hit.word.length, site: hit.site });
      i += hit.word.length - 1;
    }
    const push = (id: string, start: number, end: number, senseStart: number, gap: string, qualitySevere: boolean, intense?: RegExp): void => {
      // A dictionary word at this place wins, unless it is only the bare sensation after the site
      // (下面一直哗哗「流血」: bleeding → vaginal bleeding) or this pass found a quality it missed.
      const overlapping = known.filter((k) => k.start < end && start < k.end && !(k.start > start && k.end <= end && k.start >= senseStart - 2));
      if (known.some((k) => k.id === id && k.start < end && start < k.end) || (overlapping.length > 0 && !qualitySevere)) return;
      if (out.some((o) => o.id === id && o.start < end && start < o.end)) return;
      if (insideOther(words, senseStart, senseStart + 1)) return;
      const negated = INNER_NEG.test(gap) && !superlative;
      out.push({ id, start, end, negated, severe: qualitySevere || severeClause || superlative || (intense?.test(clause) ?? false) });
    };
    sites.forEach((s, n) => {
      const next = sites[n + 1];
      const windowEnd = Math.min(ce, next ? next.start : ce, s.end + (s.end - s.start === 1 ? SHORT_WINDOW : 14));
      const window = t.slice(s.end, windowEnd);
      for (const sn of SITES[s.site]?.senses ?? []) {
        const m = sn.re.exec(window);
        if (!m) continue;
        if (GAP_OWNER.test(window.slice(0, m.index))) break;
        const senseStart = s.end + m.index;
        let id = sn.id;
        if (id === 'chest-pain' && TENDER.test(window)) id = 'chest-wall-tenderness';
        // 左边胳膊腿一下子麻了: the arm and the leg of one side are numb — one-sided numbness.
        if ((id === 'numbness' || id === 'arm-numbness') && ONE_SIDE_LIMBS.test(clause)) id = 'hemi-numbness';
        if (id === 'chest-pain' && t.slice(s.start, s.end) === '胸' && BREAST_CONTEXT.test(sentenceAt(t, s.start))) id = 'breast-pain';
        push(id, s.start, senseStart + m[0].length, senseStart, window.slice(0, m.index), sn.severe, sn.intense);
        break;
      }
    });
    if (sites.length > 0) {
      const last = sites[sites.length - 1];
      const rest = t.slice(last?.start ?? cs, ce);
      lastSite = last && !DENIES.test(rest) && !GAP_OWNER.test(rest) ? { site: last.site, sentence, clause: clauseNo } : null;
    } else if (findBodyParts(clause).length > 0 || OWN_PLACE.test(clause)) {
      lastSite = null;
    } else if (lastSite && lastSite.sentence === sentence && clauseNo - lastSite.clause <= 3 && clause.length <= 24 && !TENDER.test(clause)) {
      // No body part named: the sensation is the one of the site before (…心口发紧，今天也开始发紧).
      // The first carried word this site can feel (闷闷地疼 after the head: 疼, not 闷).
      const senses = SITES[lastSite.site]?.senses ?? [];
      for (const m of clause.matchAll(CARRY_ALL)) {
        const sn = senses.find((x) => x.re.test(m[0]));
        if (!sn) continue;
        // 也不是那种要命的疼: the carried sensation is denied in its own clause.
        if (/不是|并不|并没|没有|不算/u.test(clause.slice(0, m.index))) break;
        const a = cs + m.index;
        push(sn.id, a, a + m[0].length, a, clause.slice(0, m.index), false);
        break;
      }
    }
    if (/[.!?。！？\n]/u.test(t[ce] ?? '')) sentence++;
    clauseNo++;
    cs = ce + 1;
  }
  return out;
}

/**
 * Drug words for an overdose said as a whole supply or container taken: the generic words, the
 * sedative-hypnotics by name and by stem (…西泮, …唑仑: the benzodiazepines; 唑吡坦, 佐匹克隆 the
 * Z-drugs), and other drugs commonly taken in overdose (《急诊与灾难医学》第3版, 2018, 镇静催眠药中毒).
 */
const OVERDOSE_DRUG = [
  '药', '药片', '药丸', '胶囊', '安眠药', '安定', '降压药', '降糖药', '止痛药', '退烧药', '感冒药', '抗抑郁药', '镇静药', '精神药',
  '地西泮', '艾司唑仑', '阿普唑仑', '氯硝西泮', '劳拉西泮', '奥沙西泮', '硝西泮', '三唑仑', '咪达唑仑', '唑吡坦', '佐匹克隆', '右佐匹克隆',
  '[\u4e00-\u9fa5]{1,3}西泮', '[\u4e00-\u9fa5]{1,3}唑仑', '苯巴比妥', '鲁米那', '氯丙嗪', '奥氮平', '喹硫平', '阿米替林', '舍曲林',
  '对乙酰氨基酚', '扑热息痛', '布洛芬', '阿司匹林', '二甲双胍', '格列本脲', '胰岛素', '地高辛', '美托洛尔', '氨氯地平', '曲马多', '碳酸锂',
].join('|');

interface PhrasePattern {
  readonly id: string;
  readonly re: RegExp;
  /** The phrase means something else in a clause that matches this. */
  readonly unless?: RegExp;
  /** …or in a sentence that matches this (地里要打药，农药已经买好了). */
  readonly sentenceUnless?: RegExp;
  /** Only when the person is known to be male (下面疼 of a boy is the scrotum). */
  readonly maleOnly?: boolean;
  /** Only in a pregnancy (宝宝动得少了 is the fetus only then). */
  readonly pregnantOnly?: boolean;
  /** Only when the sentence also says this (打算全吃了 is an overdose plan only about medicines). */
  readonly sentenceNeeds?: RegExp;
}

/**
 * Everyday phrasings with a variable middle, which a fixed synonym cannot list. Each names the
 * standard symptom it describes; negation and past/hypothetical handling apply as for dictionary
 * words.
 */
const PHRASE_PATTERNS: readonly PhrasePattern[] = [
  // 吐了好几口暗红色的东西, 吐出来的都是咖啡色 (not sputum or toothbrushing).
  { id: 'hematemesis', re: /(吐|呕)(了|出|出来)?[^,.;!?。！？；]{0,8}(暗红|咖啡色|咖啡渣|血块|鲜血|血水|黑红|酱色)/gu, unless: /痰|刷牙|漱口|口水|唾沫|鼻涕/u },
  // 吐了三回血, 呕了两次鲜血, 吐过好几次血: vomited blood counted in times.
  { id: 'hematemesis', re: /(吐|呕)(了|过|咗)?(一|两|二|三|四|五|六|七|八|九|十|几|好几|十几|[0-9]+)(次|回|遍|阵|趟)(的)?(鲜|红)?血(?!压|糖|管|脂|型|常规|丝)/gu, unless: /痰|刷牙|牙龈|口水|鼻涕|咳/u },
  // 耳朵里流出清水一样的东西, 耳朵眼往外渗血水 (after a head injury, a basal skull fracture sign).
  { id: 'ear-discharge', re: /(耳朵|耳孔|耳道|耳朵眼)(里|里面|眼里)?[^,.;!?。！？；]{0,3}(流|淌|渗|冒)(出|出来)?(了)?[^,.;!?。！？；]{0,8}(水|液体|血|脓)/gu, unless: /进水|游泳|洗澡|洗头|滴耳/u },
  // 筷子老往下掉, 勺子都拿不住 (a tremor is not weakness).
  { id: 'limb-weakness', re: /(筷子|勺子|饭碗|碗|杯子|笔)(老是?|总是?|一直|经常|频繁|又|都|老往下|总往下|往下|从手里|突然|一下子|忽然)(从手里)?掉|(拿|握|端|抓|夹)不(住|稳|起)(筷子|勺子|碗|杯子|笔|东西|菜)|(筷子|勺子|碗|杯子|笔)[^,.;!?。！？；]{0,3}(都|也)?(拿|握|端|抓|夹)不(住|稳|起)/gu, unless: /抖|哆嗦|颤/u },
  // 右手也没劲了, 左边胳膊使不上劲: weakness of one side, not tiredness.
  { id: 'limb-weakness', re: /(左|右|一只|一边|半边|单侧|左边|右边|左半边|右半边)(的)?(手|胳膊|手臂|腿|脚|身子|边身子)[^,.;!?。！？；]{0,3}(没劲|没力气|无力|抬不起来|不听使唤|使不上劲|发软|软了|软塌塌|软绵绵|(?<=身子)软|不能动|动不了)/gu },
  // 走路往左边偏, 老往一边倒.
  { id: 'ataxia', re: /(走路|走道|走起路来?|走着|站着|站起来)[^,.;!?。！？；]{0,4}往(左|右|一)边?(偏|倒|歪|斜)|(扶着墙|扶墙)(都)?(站不稳|走不了)/gu },
  // 说话含含糊糊, 回得含糊不清, 舌头打结.
  { id: 'speech-difficulty', re: /(说话|说|回|答|讲)(话)?[^,.;!?。！？；]{0,4}(含含糊糊|含糊|不清不楚|呜里呜噜|不利索|大舌头)|舌头(打结|发僵|不灵)/gu },
  // 问她今天星期几都答不上来, 连家里人都认不出了.
  { id: 'confusion', re: /(问|说)[^,.;!?。！？；]{0,10}(几号|星期几|礼拜几|在哪|住哪|是谁|哪年|几点|叫什么|几岁|多大了|这是哪)[^,.;!?。！？；]{0,4}(答不上|说不上|说不出|答不出|搞不清|不知道)|(连)?(家里人|自己家|老伴|儿女|孩子)(都)?(不认识|认不出|认不得)/gu },
  // 一边脸木了, 半边脸发麻.
  { id: 'hemi-numbness', re: /(一边|半边|左边|右边|左半边|右半边)(的)?(脸|嘴唇|身子|胳膊|腿)[^,.;!?。！？；]{0,2}(发木|木了|木木的|发麻|麻了|没知觉)/gu },
  // 看东西一闪一闪的, 眼前老冒金星.
  { id: 'photopsia', re: /(看东西|眼前|眼睛)[^,.;!?。！？；]{0,3}(一闪一闪|闪光|冒金星|亮光一闪)/gu },
  // 脸煞白, 脸色白得吓人.
  { id: 'pallor', re: /(脸|脸色|面色|嘴唇)[^,.;!?。！？；]{0,4}(煞白|刷白|惨白|蜡黄|白得吓人|白得(跟|像|和|如)(一张)?(白)?(纸|墙)|没有?血色|发白)/gu },
  // 眼窝都陷进去了, 哭了半天也没有眼泪.
  { id: 'dehydration', re: /(眼窝|眼眶|囟门)[^,.;!?。！？；]{0,3}(陷|凹)|哭[^,.;!?。！？；]{0,5}(没有?|不见|掉不下)眼泪/gu },
  // 尿不湿一上午都是干的, 一晚上都没尿.
  { id: 'oliguria', re: /(尿不湿|纸尿裤|尿布|尿片)[^,.;!?。！？；]{0,6}干|(半天|一上午|一下午|一晚上|一整天|大半天|好几个小时|一夜)(都|也)?没(有)?(尿|撒尿|小便)/gu },
  // 叫了半天都不醒, 怎么拍也不太醒, 叫他也不怎么理人.
  { id: 'lethargy', re: /(叫|喊|弄|摇|拍|推)[^,.;!?。！？；]{0,4}(都|也)(不太?|不怎么|没)醒|(叫|喊)(他|她|孩子|宝宝|老人)?[^,.;!?。！？；]{0,2}(也|都)?(不怎么|不太|没什么|没有?|不)(理人|搭理|答应|反应|回应|应声)/gu, unless: /名字|小名|大名/u },
  // 哭声越来越小, 哭都没力气 (a young infant's danger sign).
  // …but 哭声有点小, 哭声小一点 (hedged) in a baby the message says feeds well (吃奶正常) is a stuffy nose, not a
  // danger sign — unless the sentence also intensifies the cry or gives another danger sign.
  { id: 'listlessness', re: /哭声[^,.;!?。！？；]{0,4}(小|弱|微弱|没力气|低|细)|哭(都|也)没(力气|劲)|哭不出(声|来)/gu, sentenceUnless: /^(?![^。！？]*(哭声[^,.;!?。！？；\s]{0,2}(很|特别|非常|越来越|好|太)|微弱|没力气|哭不出|没精神|精神(差|不好)|软|拒奶|发凉|叫不醒|发青|发紫))(?=[^。！？]*(吃奶|喝奶|奶吃得|奶喝得|吃奶吃得|奶量|吃得)(也|都|还|倒|倒是)?(正常|挺好|很好|还好|好|不错|还行|可以|跟平时一样|和平时一样))[^。！？]*哭声(也|都)?((有点|有些|稍微|稍|略)(小|弱|低|轻)|(小|弱|低|轻)(一点|一些|点|些))/u },
  // 发烧三十九度多…发抖, 烧得直打哆嗦: shaking with a fever is a rigor (not 吓得/气得发抖, not a hand tremor).
  { id: 'chills', re: /(浑身|全身|身上|冷得|直|一直|不停地?)?(发抖|打哆嗦|哆嗦|打摆子)/gu, unless: /吓|气得|紧张|害怕|激动|手|腿|嘴唇|声音/u, sentenceNeeds: /发烧|发热|高烧|高热|低烧|烧到|烧了|体温|\d{2}(\.\d)?度|三十[七八九]度|四十度/u },
  // 例假两个月没来了, 大姨妈这个月推迟了十天.
  { id: 'missed-period', re: /(例假|月经|大姨妈|姨妈)[^,.;!?。！？；]{0,6}(没来|没有来|推迟|迟了|晚了|不来|没动静)/gu, unless: /(例假|月经|大姨妈|姨妈)(期间|的时候|来了|刚走|刚完)/u },
  // 奶也不吃了, 喂奶都不肯吃.
  { id: 'unable-to-feed', re: /奶[^,.;!?。！？；]{0,2}(也|都)(不|不肯|不愿意)(吃|喝|吸)/gu },
  // 还没醒过来就又抽上了, 抽了快六七分钟, 一直抽个不停 (not 抽烟/抽血/抽空).
  { id: 'convulsion', re: /又(抽|抽搐)(上|起来|了)(?!烟|血|筋|根|空|出)|抽(了|得|有)?(快|都|已经|足足|差不多)?([一二两三四五六七八九十几]+|\d+)(多)?分钟|(一直|不停地?)抽(?!烟|血|空|出|查|屉|奖|签|水|象)|抽(个)?不停|抽[^,.;!?。！？；]{0,6}(还没停|停不下来)/gu, unless: /抽烟|抽血|抽水|抽奖|抽签|抽屉|抽查|抽空/u },
  // 胳膊上还有新划的口子.
  { id: 'self-harm', re: /(新|自己|偷偷)(划|割)(的|了|出)[^,.;!?。！？；]{0,3}(口子|伤口|道子|血道)|(胳膊|手腕|手臂|大腿|腿上|身上)[^,.;!?。！？；]{0,6}(?<![被让给叫])(划|割)(的|了|出)(好多|几)?(道)?(口子|伤口|道子|血道)/gu, unless: /被(?!自己)|让(猫|狗)|猫|狗|树枝|铁丝|钉子|玻璃|荆棘|不小心/u },
  // 看东西有点花, 看牌都模模糊糊.
  { id: 'blurred-vision', re: /看(东西|字|人|牌|手机|电视|路)[^,.;!?。！？；]{0,3}(花|模糊|不清)/gu, unless: /眼花缭乱|花花绿绿/u },
  // 看牌是重影的.
  { id: 'double-vision', re: /看[^,.;!?。！？；]{0,4}(是)?重影|(一个|一样)[^,.;!?。！？；]{0,3}看成(两|俩)个/gu },
  // 屁股那儿老往下坠.
  { id: 'rectal-heaviness', re: /(屁股|肛门|肛门口)[^,.;!?。！？；]{0,5}(往下坠|下坠|坠着|坠胀|发坠)/gu },
  // 头像被人用锤子猛砸了一下, 脑袋跟炸开一样 (a simile, not an injury).
  { id: 'thunderclap-headache', re: /(头|脑袋|脑壳|后脑勺|脑子|脑仁)[^,.;!?。！？；]{0,6}(像|跟|好像|仿佛|如同)[^,.;!?。！？；]{0,10}(炸|砸|劈|爆|锤|棍子?打)/gu },
  // 胸口跟被大象踩着似的, 心口像有人攥着.
  { id: 'crushing-chest-pain', re: /(胸口|心口|胸前|胸|心窝)[^,.;!?。！？；]{0,4}(像|跟|好像|仿佛|如同)[^,.;!?。！？；]{0,8}(压|踩|坐|挤|攥|捏|勒|箍|绑|夹)(着|住|了|在)?/gu },
  // 喘得说不了整句话, 一口气说不完一句话, 一躺下就憋, 喘得肋骨那里都凹进去了.
  { id: 'severe-dyspnea', re: /(说不了|说不出|讲不了|讲不出|说不成|说不全)[^,.;!?。！？；]{0,2}(完整|整)[^,.;!?。！？；]{0,2}句|一口气(都)?说不(完|出|了)[^,.;!?。！？；]{0,4}(话|句)|(一|平)躺(下)?(就|更)(憋|喘)|(喘|憋)[^,.;!?。！？；]{0,4}(躺不下|不能躺|没法躺)|(肋骨|肋间|锁骨|胸骨|脖子下面)[^,.;!?。！？；]{0,6}(凹|陷)(进去|下去|下|陷)|(肋骨|肋间|锁骨|胸骨|脖子下面|心窝)[^,.;!?。！？；]{0,8}(往里|向里|往下|向内|一下一下)(凹|陷|瘪|吸)/gu },
  // 吸气的时候喉咙里有响声, 一吸气嗓子就像拉锯/鸡叫: a noise on breathing in at the throat — stridor (phlegm rattling is not).
  { id: 'stridor', re: /(吸气|吸的时候|往里吸)[^,.;!?。！？；]{0,6}(喉咙|嗓子|喉头|脖子)[^,.;!?。！？；]{0,4}(有)?(响|声音|声|叫|哨|嘶|咝|拉锯|鸡叫)|(喉咙|嗓子|喉头)[^,.;!?。！？；]{0,4}(一)?(吸气|吸)[^,.;!?。！？；]{0,4}(就)?(响|叫|有声|像拉锯|像鸡叫|像吹哨)/gu, unless: /痰|呼噜|打鼾|打呼/u },
  // 一只眼睛看不见了, 左眼一下子黑了, 眼前像拉了一块黑帘子.
  { id: 'sudden-vision-loss', re: /(一只|一个|一边|单侧|左|右|两只|双)(边)?眼(睛)?[^,.;!?。！？；]{0,6}(看不见|看不到|瞎了|失明|黑了|啥都看不|什么都看不|一片黑|一片漆黑)|眼前[^,.;!?。！？；]{0,6}(拉|挂|遮|挡|落)(了|上|下)?[^,.;!?。！？；]{0,4}(帘子|幕布|黑布|窗帘|黑幕)/gu },
  // 叫了也不太醒, 拍都不怎么醒.
  { id: 'lethargy', re: /(叫|喊|拍|摇|推)(了)?(都|也)?不(太|怎么)醒/gu },
  // 怎么叫都不醒, 喊都喊不醒 (unresponsive; not a teenager who will not get up).
  { id: 'unconscious', re: /(怎么|咋)(叫|喊|拍|摇|弄|推)(都|也)(叫|喊|拍|摇|弄)?不醒|(叫|喊|拍|摇)(都|也)(叫|喊|拍|摇)不醒/gu, unless: /赖床|懒觉|起床|上学|上班|闹钟|睡得(很|真|太)?香|睡得(很|太)?沉/u },
  // 抽了一下，眼睛直直的 / 两眼上翻又抽 (a seizure in an infant, not a leg cramp).
  { id: 'convulsion', re: /抽[^。！？!?]{0,10}(眼睛|两眼|双眼)[^,.;!?。！？；]{0,3}(上翻|往上翻|直直|发直|直勾勾|翻白眼|定住)|(眼睛|两眼|双眼)[^,.;!?。！？；]{0,3}(上翻|往上翻|直直|发直|翻白眼)[^。！？!?]{0,10}抽/gu, unless: /抽筋|抽烟|抽血/u },
  // 安眠药攒够了, 绳子我都准备好了 (the means prepared).
  { id: 'suicidal-ideation', re: /(安眠药|药片|绳子|刀片|木炭|农药|老鼠药|敌敌畏)[^,.;!?。！？；]{0,4}(都)?(攒够|攒齐|攒好|攒了|准备好|买好|备好)|(攒|准备|买|备)(够|好|齐)(了)?[^,.;!?。！？；]{0,4}(安眠药|绳子|刀片|木炭|老鼠药)/gu, sentenceUnless: /打药|喷药|庄稼|地里|果树|菜地|杀虫|种地|烧烤|火锅|烤肉|露营|搬家|捆|绑东西|晾|跳绳/u },
  // 把自己手腕割了, 割破了手腕 (not an accident in the kitchen).
  { id: 'self-harm', re: /把(自己)?(的)?(手腕|腕子|胳膊|手臂|大腿|手)[^,.;!?。！？；]{0,2}(割|划|烫|砍)(了|破|伤|开)|(割|划)(了|破|开)(自己)?(的)?(手腕|腕子|动脉)/gu, unless: /切菜|不小心|玻璃|削|机器|干活|做饭|摔|碎片/u },
  // 吐了半盆血, 呕了一大口血.
  { id: 'hematemesis', re: /(吐|呕)(了|出|出来)?(一|半|好几|几|两|大|满)?(大)?(口|盆|碗|滩|摊|杯|地)[^,.;!?。！？；]{0,4}血(?!压|糖|管|脂|型|常规)/gu, unless: /痰|刷牙|牙龈|口水|鼻涕/u },
  // 拉出来的屎是黑的, 像沥青一样 (not after iron, animal blood or bismuth).
  { id: 'melena', re: /(大便|屎|粑粑|便便|拉的|拉出来的|解的|解出来的)[^,.;!?。！？；]{0,4}(是)?(黑|乌黑|漆黑)(的|色|乎乎|水|汤|过墨|得像墨|如墨)|(像|跟)(沥青|柏油)/gu, unless: /铁|猪血|鸭血|血豆腐|黑芝麻|铋|蓝莓|桑葚|墨鱼|马路|路面/u },
  // 今天一天都没感觉到胎动, 宝宝在肚子里不动了.
  // (absent: emergency; reduced: urgent, RCOG 2011)
  { id: 'absent-fetal-movement', re: /(没|没有|感觉不到|摸不到)(感觉到|感到|摸到|觉得)?(有)?胎动(?!减少|少|变少|异常|不好|正常|挺好|很好|频繁|多|很多)|胎动[^,.;!?。！？；]{0,4}(没了|没有了|消失|停了|感觉不到|几乎没有)|(宝宝|孩子|胎儿)(在)?肚子里[^,.;!?。！？；]{0,4}(不动了|没动静)/gu, sentenceUnless: /还(没|没有|不)|从来没|什么时候|第一次|多少周|几周(能|会|开始)/u },
  { id: 'decreased-fetal-movement', re: /胎动[^,.;!?。！？；]{0,4}不明显了|(宝宝|孩子|胎儿)(在)?肚子里[^,.;!?。！？；]{0,4}(不怎么动|不太动)/gu, sentenceUnless: /还(没|没有|不)|从来没|什么时候|第一次|多少周|几周(能|会|开始)/u },
  // Inspiratory noise named by its sound: 吸气有呼呼的响声, 吸气时嘶嘶响, 嗓子眼呼呼地响 (stridor; not snoring, and not
  // the plain 吸气的时候有点响 of a croupy child, which stays urgent).
  { id: 'stridor', re: /吸气[^,.;!?。！？；]{0,6}(呼呼|嘶嘶|咝咝|吱吱|嗬嗬|丝丝|呼哧|咕咕)|(喉咙|嗓子眼?|喉头)[^,.;!?。！？；]{0,4}(呼呼|嘶嘶|咝咝)(地|的)?(响|作响)/gu, sentenceUnless: /打呼|打鼾|呼噜|鼾声/u },
  // 说话像嘴里含着个鸡蛋, 声音像含了口热粥 (the muffled voice of a supraglottic swelling).
  { id: 'muffled-voice', re: /(说话|声音|讲话|嗓音|讲嘢|说起话来)[^,.;!?。！？；]{0,4}(像|好像|跟|似|好似|仿佛)[^,.;!?。！？；]{0,6}含(着|了|住)?[^,.;!?。！？；]{0,5}(东西|鸡蛋|蛋|土豆|枣|糖|热|个|口|嘢|什么|块)/gu },
  // 一脑门子冷汗, 额头上全是汗珠子, 后背都是虚汗 (not after exercise or in the heat).
  { id: 'cold-sweat', re: /(一|满|整)?(脑门子?|额头|头上|脑袋上|后背|脸上|身上)[^,.;!?。！？；]{0,3}(冷汗|虚汗|汗珠子?)|(一|满)(脑门子?|头)(的)?(冷|虚)汗/gu, unless: /运动|跑步|健身|太热|天热|桑拿|洗澡|蒸|干活/u },
  // 心口窝烧得慌, 心窝子火烧火燎 (epigastric burning).
  { id: 'heartburn', re: /(心口窝|心窝子?|心口)[^,.;!?。！？；]{0,5}(烧得慌|烧得难受|烧得疼|火烧火燎|火辣辣|烧灼|灼热|灼烧|烧心)/gu },
  // dan dan 疼, 蛋蛋突然疼醒, gao wan 痛 (pinyin and everyday words for the testis).
  { id: 'scrotal-pain', re: /(dan ?dan|gao ?wan|蛋蛋|睾丸|卵蛋|阴囊|蛋子)[^,.;!?。！？；\s不没无]{0,8}(疼|痛|胀痛)/gu },
  // 孩子把刚烧开的水壶拽翻了, 暖瓶被碰倒 (a scald by an overturned kettle or pot).
  { id: 'burn', re: /(开水|热水|沸水|滚水|热汤|热油|热粥|烧开的水|(?:烧开|烧滚|煮开|滚开|刚开)的(?:一)?(?:壶|锅|碗|杯|盆)?(?:水|汤|粥|油)|水壶|暖壶|暖瓶|热水壶|热水瓶|汤锅|油锅)[^,.;!?。！？；]{0,6}(拽翻|弄翻|碰翻|踢翻|打翻|扯翻|撞翻|掀翻|拉翻|扒翻|拽倒|碰倒|弄倒|撞倒)/gu, unless: /烧烤|没烫|没伤|没事/u },
  // 叫唤不醒似的, 喊了半天才醒 (hard to rouse).
  { id: 'lethargy', re: /(叫|喊)唤[^,.;!?。！？；]{0,2}不(太|怎么)?醒|(叫|喊)不醒似的/gu, unless: /赖床|懒觉|起床|上学|上班|闹钟|睡得(很|真|太)?香|睡得(很|太)?沉/u },
  // 一滴尿没尿出来, 一滴尿都撒不出来, 从昨晚到现在没尿出来 (retention; not a nappy that is dry, which is oliguria).
  { id: 'urinary-retention', re: /一滴(尿)?(都|也)?(没|尿不|撒不|排不)(尿|撒|排)?出来|(从|打)(昨晚|昨天|早上|上午|下午|半夜)[^,.;!?。！？；]{0,4}(到现在|到今天)[^,.;!?。！？；]{0,4}(都|也)?没(有)?(尿|撒尿|小便)(出来)?/gu, unless: /尿不湿|纸尿裤|尿布|尿片/u },
  // 班里个子最矮, 一年才长三四厘米 (a child's growth, not a wound's length).
  { id: 'short-stature', re: /(班里|班上|同龄|同学里|全班)[^,.;!?。！？；]{0,4}(个子)?(最矮|最小|排第一个|站第一排)|一年(才|只|就)?(长|高)(了)?[^,.;!?。！？；]{0,2}([一二两三四]|[1-4])[^,.;!?。！？；]{0,2}(厘米|公分|cm)/gu },
  // 回去看三四遍, 洗手一次要洗二十分钟 (compulsive checking and washing).
  { id: 'compulsions', re: /(回去|反复|来回|一遍遍|一遍一遍)[^,.;!?。！？；]{0,2}(看|检查|确认|查看)[^,.;!?。！？；]{0,2}([三四五六七八九十好几]+|\d+)(遍|次|回)|洗手[^,.;!?。！？；]{0,4}(一次)?(要)?洗[^,.;!?。！？；]{0,2}([二三四五六七八九十半几]+|\d+)(多)?(分钟|个小时|小时)|手都洗(破|烂|掉皮)/gu },
  // 右边蛋蛋慢慢变大了, 阴囊一边大一边小 (a scrotal swelling; a painful one is scrotal pain as well).
  { id: 'scrotal-mass', re: /(dan ?dan|蛋蛋|睾丸|阴囊|蛋子)[^,.;!?。！？；]{0,6}(变大|肿大|大了|鼓起|鼓出|一大一小|一边大一边小|有个包|有个疙瘩|摸到)/gu },
  // 大便两三天一次, 三四天才拉一回 (infrequent stools).
  { id: 'constipation', re: /(大便|拉屎|解大便|排便|拉粑粑)[^,.;!?。！？；]{0,3}([两三四五六七八九]|几|好几|[2-9])[^,.;!?。！？；]{0,2}(天|日)[^,.;!?。！？；]{0,2}(才)?(一次|一回|一趟)|([两三四五六七]|几|好几|[2-9])[^,.;!?。！？；]{0,2}天(才)?(拉|解|大便)(一次|一回)/gu },
  // 乳房摸到一个花生米大的疙瘩, 左边胸上长了个硬块 (a breast lump, not a food).
  { id: 'breast-lump', re: /(乳房|乳腺|咪咪|奶子)[^,.;!?。！？；]{0,6}(摸到|长了?|有|发现)[^,.;!?。！？；]{0,10}(疙瘩|硬块|肿块|包块|包|结节|硬结|肉球)/gu },
  // 开水烫到孩子, 打翻热汤, 被火烧到.
  { id: 'burn', re: /(开水|热水|沸水|滚水|热汤|热油|滚油|油锅|热粥|蒸汽|火)[^,.;!?。！？；]{0,8}(烫|烧|泼|浇|洒|溅|喷|淋)(到|伤|了|着)|(打翻|泼|洒|碰倒|拽翻|弄翻|碰翻|踢翻|扯翻|撞翻|掀翻|拉翻|扒翻)(了)?[^,.;!?。！？；]{0,4}(开水|热水|热汤|热油|热粥|暖壶|暖瓶|热水壶|热水瓶|汤锅|油锅|粥锅|水壶)/gu, unless: /烧烤|烧菜|烧饭|烧水(?!烫)|火锅店/u },
  // 皮都烧焦了, 烫得焦黑 (a full-thickness burn; not burnt food).
  { id: 'severe-burn', re: /(烫|烧|炸|火)[^,.;!?。！？；]{0,8}(焦黑|焦了|烧焦|炭化|碳化)|(皮|肉|皮肤)[^,.;!?。！？；]{0,3}(都)?(焦黑|烧焦|焦了)/gu, unless: /饭|菜|锅底|面包|肉串|烧烤|烤|糊|蛋糕|披萨|头发/u },
  // 两条腿发麻没劲, 双腿使不上劲.
  { id: 'bilateral-leg-weakness', re: /(两条?腿|双腿|双下肢|两只脚|两脚|两条腿)[^,.;!?。！？；]{0,6}(没劲|无力|发软|软了|使不上劲|抬不起来|没力气)/gu },
  // 一小时湿透一片卫生巾.
  { id: 'heavy-menses', re: /卫生巾[^,.;!?。！？；]{0,8}(湿透|浸透)|(一|每|半)个?(小时|钟头)[^,.;!?。！？；]{0,4}(湿透|浸透|换一)/gu },
  // 内裤上有点淡红色的血, 内裤上沾了点褐色血迹 (spotting).
  { id: 'vaginal-bleeding', re: /(内裤|护垫|卫生纸)上[^,.;!?。！？；]{0,10}(血|血迹|血丝)/gu },
  // 身上出现按了不褪色的小红点.
  { id: 'purpura', re: /(按|压)(了|着|下去)?(也|都)?不(褪|退|消|掉)(色)?/gu },
  // 血一直往外喷, 血流个不停, 血把裤子都浸透了 (a wound; nosebleeds and periods have rules of their own).
  { id: 'severe-bleeding', re: /血[^,.;!?。！？；]{0,4}(一直|不停地?)?(往外)?(喷|涌|冒)|血[^,.;!?。！？；]{0,4}(流个不停|不停地流|止不住|按不住)|血[^,.;!?。！？；]{0,2}把[^,.;!?。！？；]{0,6}(浸透|湿透)/gu, unless: /鼻|月经|例假|姨妈|痰|牙|大便|便血|尿|阴道|下面|卫生巾|咳/u },
  // 尿憋得肚子疼, 十几个小时没尿出来.
  { id: 'urinary-retention', re: /尿[^,.;!?。！？；]{0,2}憋得[^,.;!?。！？；]{0,4}(疼|痛|胀|难受)|(小时|钟头|一天|一整天|一晚上|一夜|半天)[^,.;!?。！？；]{0,3}(都|也)?没(有)?尿出来/gu },
  // 说墙上爬满了虫子, 非说床上有蛇 (someone reported to see what is not there; one's own 看到墙上有蚂蚁 may be real).
  { id: 'hallucination', re: /(说|非说|总说|老说|一直说|嚷嚷|喊着?)[^,.;!?。！？；]{0,3}(墙上|地上|床上|天花板上?|屋里|房间里|身上|被子上|窗户上|窗外)[^,.;!?。！？；]{0,2}(有|爬满?了?|全是|都是|好多|一堆)[^,.;!?。！？；]{0,3}(虫子|虫|蚂蚁|蛇|老鼠|蜘蛛|小人|人影|鬼)/gu, unless: /杀虫|灭虫|除虫|驱虫|蟑螂药|打死|真的有/u },
  // 头一下子炸开一样疼, 后脑勺像裂开了.
  { id: 'thunderclap-headache', re: /((?<![乳奶指趾骨舌拳额码锄镜枕馒石肩膝])头|脑袋|脑壳|后脑勺|脑子)[^,.;!?。！？；]{0,6}(炸开|炸裂|裂开|爆开|炸了?)(了|一样|似的|一般)/gu, unless: /炸鸡|炸串|油炸|炸酱|爆炸案/u },
  // 喘得一句话要分好几次说.
  { id: 'severe-dyspnea', re: /(喘|憋)[^,.;!?。！？；]{0,6}(一句话|说话|讲话)[^,.;!?。！？；]{0,6}(分好几次|分几次|分两次|断断续续|说不完|讲不完)/gu },
  // 脖子梗着, 头一低就疼 (neck stiffness).
  { id: 'neck-stiffness', re: /脖子[^,.;!?。！？；]{0,2}(梗着|发梗|梗住|梗得)|头一低(就|都)(疼|痛)|低头[^,.;!?。！？；]{0,4}(低不下|碰不到胸)/gu },
  // 抽起来就没停过, 一直抽不停.
  { id: 'convulsion', re: /抽(起来|上)?(就|都|还|一直)?(没停|没停过|不停|停不下来|没完)/gu, unless: /抽烟|抽血|抽水|抽奖|抽签|抽屉|抽查|抽空|抽筋/u },
  // 偷偷攒了一瓶安眠药, 囤了好多药.
  { id: 'suicidal-ideation', re: /(攒|囤)(了|够|齐|好)[^,.;!?。！？；]{0,4}(安眠药|药|药片|绳子|刀片|木炭|农药|老鼠药)|偷偷(买|攒|藏|囤)(了)?[^,.;!?。！？；]{0,4}(安眠药|药片|绳子|刀片|木炭|农药|老鼠药)/gu },
  // 肚皮硬得跟石头一样.
  { id: 'rigid-abdomen', re: /(肚子|肚皮|腹部|小腹|肚儿)[^,.;!?。！？；]{0,3}硬(得)?(跟|像|和|如)?[^,.;!?。！？；]{0,3}(石头|木板|板子|铁板|一块板)/gu },
  // 胎动特别少, 几乎感觉不到.
  { id: 'decreased-fetal-movement', re: /胎动[^,.;!?。！？；]{0,6}(特别|很|非常|明显|好|越来越)?(?<![不多])(少|弱)(了)?(?!见)/gu, sentenceUnless: /还(没|没有|不)|从来没|什么时候|第一次|多少周|几周(能|会|开始)/u },
  // 胎动特别少，几乎感觉不到 (the second clause says the movements are all but gone).
  { id: 'absent-fetal-movement', re: /几乎(感觉不到|摸不到|没有|不动|没动)|(完全|一点都|一点也|根本)(感觉不到|不动|没动)/gu, sentenceNeeds: /胎动/u, pregnantOnly: true, sentenceUnless: /还(没|没有|不)|从来没|什么时候|第一次|多少周|几周(能|会|开始)/u },
  // 嘴角往一边流口水, 喝水从嘴角漏出来 (one corner of the mouth droops).
  { id: 'facial-droop', re: /嘴角[^,.;!?。！？；]{0,4}(流口水|漏水|漏饭|往下耷拉|耷拉|往下掉|下垂|往一边(歪|斜|流))|(喝水|喝汤|吃饭|漱口)[^,.;!?。！？；]{0,4}(从)?(一边)?嘴角(漏|流)/gu },
  // 说话都不清楚了.
  // 别人说话听不清 is the listener's hearing, not the speaker's speech.
  { id: 'speech-difficulty', re: /(说话|讲话|说的话)(都|也)?(说|讲)?(不清楚|不清|听不清)/gu, unless: /(别人|人家|对方|大家|旁人|家里人|老师|同事|电视|电话里|广播)[^,.;!?。！？；]{0,2}(说话|讲话|说的话)/u },
  // 心里头像有东西堵着, 胸口好像有块石头压着 (a simile of pressure, not a mood).
  { id: 'chest-tightness', re: /(心里头|心里|心口|胸口|胸)[^。！？!?\n]{0,8}(像|好像|跟)(是)?(有)?[^,.;!?。！？；]{0,4}(堵|压|塞|憋)着/gu },
  // 出了好多汗，衣服都湿透了; 大汗淋漓.
  { id: 'cold-sweat', re: /汗[^,.;!?。！？；]{0,8}(湿透|浸透|湿了一身)|(衣服|被子|枕头)[^,.;!?。！？；]{0,3}(都)?(被汗)?(湿透|浸透)|大汗淋漓/gu, unless: /运动|跑步|健身|锻炼|打球|桑拿|汗蒸|天热|干活/u },
  // 嘴唇有点紫, 指甲发乌.
  { id: 'cyanosis', re: /(嘴唇|嘴巴|口唇|指甲|指尖|脸)[^,.;!?。！？；不没无]{0,4}(发)?(青紫|紫了|紫|发乌|乌青|发绀)(?!药|菜|薯|色的衣|外线)/gu, unless: /吃了?[^,.;!?。！？；]{0,4}(桑葚|蓝莓|紫薯|葡萄|火龙果)|涂|口红|冻/u },
  // 从桥上跳下去, 往楼下跳 (not diving or bungee).
  { id: 'suicidal-ideation', re: /(从|往)[^,.;!?。！？；]{0,6}(楼上|楼顶|楼下|桥上|天台|窗户|阳台|高处|江边|河边|楼|桥)[^,.;!?。！？；]{0,2}跳(下去|下来|了|楼)?/gu, unless: /游泳|跳水|蹦极|跳远|跳绳|跳舞|跳伞|蹦床/u },
  // 大便全是暗红色的血, 拉的都是血.
  { id: 'hematochezia', re: /(大便|屎|粑粑|拉的|拉出来的|便便|解的)[^,.;!?。！？；]{0,6}(全是|都是|一大片|好多|很多)[^,.;!?。！？；]{0,4}(血|鲜红|暗红)(?!常规|检查|化验|潜血)/gu, unless: /潜血|隐血|化验|检查单|报告/u },
  // 整个肚子都疼，硬邦邦的 (the belly named once, its hardness in the next clause).
  { id: 'rigid-abdomen', re: /(肚子|肚皮|腹部)[^。！？!?\n]{0,12}(硬邦邦|硬得像|硬得跟|像木板|板一样硬)/gu },
  // 抽了一下, 抽了几下 (a seizure; not a cramp, a sob or a blood test).
  { id: 'convulsion', re: /抽(了)?(一下|几下|两下|好几下)|抽(了)?(一次|一回|两次|两回|几次|好几次)(?![血烟奖签水空])/gu, unless: /抽筋|抽烟|抽血|抽泣|抽噎|哭|鼻子|腿|脚|肚子|胃|眼皮|嘴角|抽奖|抽签|抽水|抽空|抽屉|抽查/u },
  // 整个人都烧伤了, 全身都烫伤了.
  { id: 'severe-burn', re: /(整个人|全身|浑身|大面积|半个身子|上半身|下半身)[^,.;!?。！？；]{0,4}(烧伤|烫伤|烧着|烧到|烫到)/gu },
  // 儿子说下面一侧疼得厉害 (of a boy or man, 下面 is the scrotum).
  { id: 'scrotal-pain', re: /下面[^,.;!?。！？；]{0,3}(一侧|一边|左边|右边|单侧)?[^,.;!?。！？；]{0,3}(疼|痛)/gu, maleOnly: true },
  // 拉了一马桶的血.
  { id: 'massive-hematochezia', re: /拉(了|出)?(一|半|好多|很多|满)?(马桶|盆|大滩|滩|裤子)[^,.;!?。！？；]{0,2}(的)?血/gu },
  // 满身是汗, 一身的汗 (in pain or illness, not after exercise).
  { id: 'cold-sweat', re: /(满身|浑身|一身|满头|全身)(都)?是汗|一身的汗/gu, unless: /运动|跑步|健身|锻炼|打球|桑拿|汗蒸|天热|干活|爬山|洗澡/u },
  // 家里老人的药被孩子当糖豆吃了; 吞了纽扣电池或磁珠.
  { id: 'poisoning', re: /当(成)?(糖豆|糖果|糖丸|糖|零食|饮料)(给)?(吃|喝)|(奶奶|爷爷|外婆|外公|姥姥|姥爷|大人|老人|妈妈|爸爸|家里人|别人)的[^,.;!?。！？；]{0,6}(药|药片|降压药|降糖药|安眠药)[^,.;!?。！？；]{0,8}(吃|吞|喝)(了|下|掉)|误(喝|吞|吃)|吞(了|下|下去|进)?[^,.;!?。！？；]{0,6}(纽扣电池|电池|磁铁|磁珠|磁力珠)|(纽扣电池|磁铁|磁珠|磁力珠)[^,.;!?。！？；]{0,6}(吞|咽)(了|下|下去|进)/gu },
  // 一口气吃了二十片安眠药, 把一整板降压药都吃了, 把洗衣凝珠咬破吃了.
  { id: 'poisoning', re: /(吃|吞|喝|服)(了|下)?[^,.;!?。！？；]{0,4}(二十|三十|四十|五十|几十|十几|好几十|一百|[2-9]\d|\d{3})(多)?(片|粒|颗)|(一整|整|一|半)(瓶|板|盒|把)[^,.;!?。！？；]{0,6}(药|片|安眠药)[^,.;!?。！？；]{0,3}(都|全)?(吃|吞|喝)(了|下|掉|光)|(洗衣凝珠|洗衣珠|洗衣液|洗洁精|洁厕灵|消毒液|漂白水|杀虫剂|驱蚊液|老鼠药|敌敌畏|百草枯|汽油|煤油|指甲油|卸甲水)[^,.;!?。！？；]{0,4}(吃|喝|吞|咬破|舔)(了|下|进|掉)?|(吃|喝|吞|咬破|舔)(了|下|进)?[^,.;!?。！？；]{0,4}(洗衣凝珠|洗衣珠|洗衣液|洗洁精|洁厕灵|漂白水|杀虫剂|驱蚊液|老鼠药|敌敌畏|百草枯|汽油|煤油|卸甲水)/gu, unless: /维生素|钙片|益生菌|糖果|药店|说明书|一盒有|一板有|一瓶有/u, sentenceUnless: /每天|每日|每次|一日[一二两三]次|疗程/u },
  // 活着真没意思, 活着还有什么意思 (the words split by an adverb).
  { id: 'suicidal-ideation', re: /活着[^,.;!?。！？；]{0,3}(没意思|没有意思|没劲|没意义|没有意义|没盼头|没什么意思|有什么意思|有啥意思|没啥意思)/gu },
  // 药我都攒好了, 药已经囤够了 (the means stockpiled).
  { id: 'suicidal-ideation', re: /药[^,.;!?。！？；]{0,4}(都|已经)?(攒|囤)(够|齐|好|了|下)/gu },
  // 今晚就打算全吃了 (a plan to take them all, said of medicines).
  { id: 'suicidal-ideation', re: /(打算|准备|想|要|就)[^,.;!?。！？；]{0,3}(一次性|一口气|一下子|全部|全|都|一起|一块儿?|统统)(给)?(吃|吞|喝)(了|掉|下去|光)/gu, sentenceNeeds: /药|安眠|农药|老鼠药|敌敌畏|片/u, unless: /(可以|能|行)(吗|不)|能不能|可不可以|行不行|会不会/u },
  // 手腕上划了好几刀, 拿刀片割了自己的胳膊 (not an accident).
  { id: 'self-harm', re: /(手腕|腕子|胳膊|手臂|大腿|腿|身上|自己)(上)?[^,.;!?。！？；]{0,4}(?<![被让给叫])(划|割|砍|剌)(了|出)(好|好几|几|一|两|三|很多|许多|十几)?(刀|道|下|口子|个口子)|(拿|用)(刀|刀片|小刀|美工刀|剪刀|玻璃片?)[^,.;!?。！？；]{0,4}(划|割)(了|伤|破)?(自己|手腕|胳膊|手臂|大腿)|(拿|用)(刀|刀片|小刀|美工刀|剪刀|玻璃片?|圆规)(在|往)(自己)?(的)?(手腕|腕子|胳膊|手臂|大腿|腿|身上)(上)?[^,.;!?。！？；]{0,2}(划|割|砍|扎)/gu, unless: /不小心|切菜|做饭|削|机器|干活|摔|碎片|手术|刀口|理发|刮胡子|被(?!自己)|让(猫|狗)|猫|狗|树枝|铁丝|钉子|玻璃|荆棘/u },
  // 感觉宝宝动得少了, 胎儿不怎么动 (the fetus, in a pregnancy).
  { id: 'decreased-fetal-movement', re: /(宝宝|孩子|胎儿|娃)[^,.;!?。！？；]{0,3}(动得|动的)[^,.;!?。！？；]{0,3}(少|不多|不太多|不如平时)|(宝宝|胎儿|娃)[^,.;!?。！？；]{0,2}(不怎么|不太|很少|没怎么)动/gu, pregnantOnly: true },
  { id: 'absent-fetal-movement', re: /(宝宝|胎儿)[^,.;!?。！？；]{0,3}(不动了|一直不动|没动静了|一点都不动|一下都没动)/gu, pregnantOnly: true },
  // 肚子发硬一直疼、不放松 (a uterus that does not relax in pregnancy: abruption, not a contraction).
  { id: 'rigid-abdomen', re: /(肚子|肚皮|子宫)[^,.;!?。！？；]{0,4}(发硬|变硬|硬)[^,.;!?。！？；]{0,3}(一直|持续|不停)[^,.;!?。！？；]{0,2}(疼|痛)|(肚子|肚皮|子宫)[^。！？!?\n]{0,14}(不放松|放松不下来|松不下来|不松开|一直硬着|一直是硬的|硬着不软|不变软)/gu, pregnantOnly: true },
  // 流了点暗红的血, 出了好多血 (a bleed, its site left to the context).
  { id: 'bleeding', re: /(流|出|淌|见)(了)?(点|一点|一些|些|好多|很多|不少|一摊|一大摊)?[^,.;!?。！？；]{0,4}的?血(?![压糖脂管型清丝])|(内裤|裤子|卫生纸|护垫|卫生巾)上?(有|沾|见|沾了|有了)(点|一点|一点点|些|一些)?(褐色|咖啡色|红色|暗红|鲜红|粉色)?的?血(?![压糖脂管型清丝])/gu, unless: /鼻|痰|牙|刷牙|大便|便|尿|咳|伤口|手指|划|割|磕|蹭|擦|抽血|献血|验血|化验|痔|肛门|屁股|嘴|口腔|耳|眼/u, sentenceUnless: /咬|抓伤|抓破|挠|摔|刀|扎|刺|碰破|磕破|蹭破|伤口|破皮/u },
  // 下巴连着胳膊一起酸, 左胳膊发沉 (an ache spreading to the jaw or left arm).
  { id: 'radiating-pain', re: /(下巴|下颌|下颚|牙床)[^,.;!?。！？；]{0,4}(连着|带着|和|跟|到|还有)[^,.;!?。！？；]{0,3}(胳膊|手臂|左臂|肩膀|左肩|后背)|左(边)?(胳膊|臂|手臂|肩膀|肩)[^,.;!?。！？；]{0,3}(也|一起|都)?(酸|麻|沉|发酸|发麻|发沉|酸痛)|(下巴|下颌|牙床)[^,.;!?。！？；]{0,3}(也|一起)?(酸|发酸|发紧|发沉)/gu },
  // 一直出汗, 手心全是汗 (sweating in an acute illness, not after exercise or in the heat).
  { id: 'cold-sweat', re: /冷汗(直流|直淌|直冒|不停|哗哗|一直流|往下淌|往下流)|(一直|不停地?|直|哗哗地?|呼呼地?|一阵阵地?)(在)?(出|冒|淌|流)(冷|虚)?汗|(手心|手掌|额头|脑门|头上|身上|后背|衣服|背上)(上)?[^,.;!?。！？；]{0,2}(全是|都是|全都是)(冷|虚)?汗/gu, unless: /运动|跑步|跑完|跑了|健身|锻炼|打球|桑拿|汗蒸|天热|干活|爬山|洗澡|紧张|考试|吃辣|热得|夏天|盗汗|吃饭|喝热/u },
  // 从三楼脚手架摔下来, 从房顶上掉下来 (a fall from height: major trauma).
  { id: 'major-trauma', re: /(从|在)[^,.;!?。！？；]{0,3}([二两三四五六七八九十]|[2-9]|\d{2,})(层|楼)(?![^,.;!?。！？；]{0,3}(梯|台阶|台|床|沙发|椅|凳))[^,.;!?。！？；]{0,6}(摔|掉|跌|坠|跳)(下来|下去|了下来|了下去|落)|(脚手架|房顶|屋顶|楼顶|天台|塔吊|高架|阳台|房梁|高墙)(上)?[^,.;!?。！？；]{0,4}(摔|掉|跌|坠)(了)?(下来|下去)/gu, unless: /差点|险些|幸好没|防止|怕|担心/u },
  // 两条腿没知觉了, 下半身动不了 (paralysis, not legs gone to sleep).
  { id: 'bilateral-leg-weakness', re: /(两条?腿|双腿|双下肢|两只脚|两脚|下半身|腰以下|腰下面)[^,.;!?。！？；]{0,6}(没知觉|没有知觉|没感觉|没有感觉|动不了|不能动|瘫了|不会动|失去知觉)/gu, unless: /坐久|蹲久|盘腿|压麻|跪久|睡麻|坐麻|蹲麻/u },
  // 胸口肚子都烫了, 胳膊被烫伤 (a scald named by the body part).
  { id: 'burn', re: /(胸口|胸|肚子|腹部|后背|背|胳膊|手臂|手|腿|脚|脸|脖子|屁股|身上|头)[^,.;!?。！？；\s]{0,6}(都|也)?(被)?(烫(了|伤|到|着|坏|起泡|红|破)|烧(伤|到(?![0-9三四]|了?[0-9三四])|着|坏))/gu, unless: /烧烤|烧菜|烧饭|烧水|发烧|烧心|烧得|烧灼|火辣辣|心里|胃|摸|发烫|滚烫|烫手|额头/u },
  // 两条腿越来越软, 双腿没劲: weakness of both legs in any words.
  { id: 'bilateral-leg-weakness', re: /(两条腿|两腿|双腿|俩腿|两只脚|双脚)[^,.;!?。！？；\s]{0,4}(软|没劲|没力|无力|不听使唤|抬不起来|使不上劲)/gu, unless: /酸软|累|爬山|跑步|运动|健身|蹲|坐久/u },
  // 咳出来小半碗鲜红的血, 咯了一口血块: blood coughed up, however the middle is worded.
  { id: 'hemoptysis', re: /(咳|咯)(了|出|出来|起来)?[^,.;!?。！？；\s]{0,10}?(鲜红的|鲜红色的|鲜|暗红的|红)?(血块|血)(?!压|糖|管|常规|脂|小板)/gu, unless: /鼻血|牙龈|刷牙|吐血|呕血|没血|无血|不带血|没有血/u },
  // 煤气罐着火了 胳膊前胸后背都烧了: a body part 烧了/烧焦/燎了 in a message about a fire, gas or an explosion.
  { id: 'burn', re: /(胸口|前胸|胸|肚子|腹部|后背|背|胳膊|手臂|手|腿|脚|脸|脖子|屁股|身上|全身|浑身|头发|头|皮)[^,.;!?。！？；\s]{0,8}(都|也|全)?(被)?(烧(了|焦|糊|烂|黑|伤|起泡)|燎(了|着|伤|起泡)|火燎)/gu, sentenceNeeds: /火|煤气|燃气|液化气|天然气|爆炸|爆燃|汽油|酒精|鞭炮|烟花|电弧/u, unless: /发烧|烧心|烧得慌|烧灼|火辣辣|胃|烧烤|上火|火气|火锅|发炎/u },
  // 肚脐周围疼，后来跑到右下边了 (pain moving to the right lower quadrant).
  { id: 'rlq-pain', re: /(转移|跑|移|挪|窜|转)(到)?了?(右下腹|右下边|右下面|右下方|右下部|右边下面|右边小肚子|右小肚子)/gu },
  // 心脏乱跳, 心跳一会快一会慢 (an irregular rhythm, the words split by an adverb).
  { id: 'irregular-heartbeat', re: /心(脏|跳|口)?[^,.;!?。！？；]{0,3}乱跳|心(脏|跳)?[^,.;!?。！？；]{0,2}(一会儿?|时|忽)快[^,.;!?。！？；]{0,2}(一会儿?|时|忽)慢/gu },
  // 肚子连着腰疼, 肚子和后背一起疼 (the belly named with the back in one pain).
  { id: 'abdominal-pain', re: /(肚子|腹部|上腹|小腹)[^,.;!?。！？；]{0,2}(连着|带着|和|跟|还有|到)(后)?(腰|背|后背|腰背)[^,.;!?。！？；]{0,3}(一起|都|也)?(疼|痛)/gu },
  // 肚子越来越胀越来越疼 (a belly swelling and hurting more and more).
  { id: 'abdominal-pain', re: /(肚子|腹部|肚皮)[^,.;!?。！？；]{0,2}越来越(胀|鼓|大)[^,.;!?。！？；]{0,2}越来越(疼|痛)/gu },
  { id: 'bloating', re: /(肚子|腹部|肚皮)[^,.;!?。！？；]{0,6}越来越(胀|鼓)/gu },
  // 指甲边上红肿, 倒刺撕了以后红肿 (the nail fold inflamed).
  { id: 'paronychia-sign', re: /(指甲|趾甲)(边|旁|周围|沟|缝)[^,.;!?。！？；]{0,6}(红肿|肿了|发红)|倒刺[^。！？!?\n]{0,10}(红肿|肿了|发红)/gu },
  // 心跳突然快得不行, 心脏跳得快要蹦出来 (palpitations with an adverb or a simile in between).
  { id: 'palpitations', re: /心(跳|脏)[^,.;!?。！？；]{0,4}(快|乱|猛|咚咚)(得|的)[^,.;!?。！？；]{0,2}(不行|厉害|要命|受不了|吓人|要蹦出来|蹦出来|跳出来)|心(脏)?(都)?(快)?(要)?(蹦|跳)出(来|嗓子眼)/gu },
  // 口水都咽不下去 (cannot swallow saliva).
  { id: 'drooling', re: /(口水|唾沫|唾液)[^,.;!?。！？；]{0,3}(都|也)?(咽不下|咽不下去|吞不下|吞不下去|咽不了|吞不了|不敢咽)/gu },
  // 被野狗咬了手, 被流浪猫抓破 (rabies exposure).
  { id: 'animal-bite', re: /被[^,.;!?。！？；]{0,5}(狗|猫|猴子|猴|老鼠|蝙蝠|狐狸|狼|貂|仓鼠|松鼠|兔子)[^,.;!?。！？；]{0,2}(咬|抓|挠)(了|伤|破|到|出血|一口)?|(狗|猫|猴子|老鼠|蝙蝠)(给我|把我|把他|把她|把孩子)?[^,.;!?。！？；]{0,2}(咬|抓|挠)(了|伤|破)(一下|一口|手|腿|脸|胳膊)?/gu, unless: /蛇|怎么办才能不|训练|玩具/u },
  // 这边眼睛也开始红了 (not after crying or a late night).
  { id: 'red-eye', re: /(眼睛|左眼|右眼|眼球|眼白|这边眼|那边眼)[^,.;!?。！？；]{0,4}(开始|也|都|有点|有些)?(发)?红(了|起来)/gu, unless: /哭|熬夜|揉/u },
  // 眼睛有点红 at the end of a clause (眼睛有点红，早上有分泌物).
  { id: 'red-eye', re: /(眼睛|左眼|右眼|眼球|眼白|这边眼|那边眼)[^,.;!?。！？；]{0,4}(有点|有些|一直|老是|总是|发)红(?=[,.;!?。！？；\s]|$)/gu, unless: /哭|熬夜|揉|不红|没红/u },
  // 早上有点分泌物, 眼角分泌物多 — in a sentence about the eyes (not 白带, 鼻涕, 耳朵流水).
  { id: 'eye-discharge', re: /(眼角|眼睛)?[^,.;!?。！？；]{0,4}分泌物/gu, sentenceNeeds: /眼/u, sentenceUnless: /白带|阴道|下面|私处|外阴|鼻|耳|伤口|乳头/u, unless: /没有?[^,.;!?。！？；]{0,3}分泌物|无分泌物/u },
  // 大便的时候出血, 拉屎时滴血, 便后有鲜血 (bleeding at defecation is rectal bleeding).
  { id: 'hematochezia', re: /(大便|拉屎|拉粑粑|解大便|排便|便后|上大号|蹲厕所)(的)?(时候|时|后|完|之后|完了)?[^,.;!?。！？；]{0,4}(出血|流血|滴血|见血|鲜血|冒血|喷血)/gu, unless: /潜血|隐血|化验|检查单|报告|鼻|牙/u },
  // 擦屁股纸上有血, 手纸上有点鲜血 — in a sentence about the bowels.
  { id: 'hematochezia', re: /(手纸|卫生纸|厕纸|纸上|纸巾上)[^,.;!?。！？；]{0,4}(有|带|沾|见)?(点|些|一点)?(鲜)?血/gu, sentenceNeeds: /大便|拉屎|屎|肛|屁股|厕所|排便|便后|擦/u, sentenceUnless: /鼻|牙|嘴|咳|吐/u },
  // 来月经肚子有点坠痛, 经期小腹疼, 来例假那几天腰酸肚子痛 (period pain).
  { id: 'dysmenorrhea', re: /(来月经|月经来|月经期|经期|来例假|例假来|来大姨妈|大姨妈来|来事|行经)(的)?(时候|时|期间|那几天|头两天|第一天|前两天)?[^,.;!?。！？；]{0,6}(疼|痛|坠|绞)/gu, unless: /不(疼|痛)|没(有)?(疼|痛)|不怎么(疼|痛)/u },
  // 脸上长了很多红疙瘩，有白头; 额头上好多小疙瘩 (acne: bumps on the face, whiteheads or blackheads).
  { id: 'acne-lesions', re: /(白头|黑头|脓头)(?!发|翁|偕|鹰|到老)|(脸上|脸颊|额头|下巴|脑门|鼻子上|后背上)[^,.;!?。！？；]{0,6}(红疙瘩|小疙瘩|小红疙瘩|红包包|小痘|粉刺)/gu, sentenceNeeds: /脸|额头|下巴|脑门|鼻|背|胸前|痘|疙瘩/u, unless: /蚊|虫|咬|叮|痒得|过敏|风团/u },
  // 吃鱼好像有根小刺, 吃了鸡肉感觉有根骨头 (a swallowed bone; 卡 not needed).
  { id: 'fishbone', re: /(吃|喝)(了)?(鱼|鸡|鸭|鹅|排骨|鱼汤|鸡汤)(肉)?[^,.;!?。！？；]{0,8}(刺|骨头|鱼骨)/gu, unless: /仙人掌|木刺|扎手|扎脚|手指/u },
  // 磕到额头起了个包, 撞了后脑勺 (a knock on the head, said any way).
  { id: 'head-injury', re: /(磕|撞|碰|摔|砸|跌)(了|到|着|在|伤|破)(了)?[^,.;!?。！？；]{0,4}(脑袋|脑壳|后脑勺|后脑|脑门|额头|前额|头顶|太阳穴|头)(?!发|晕|昏|疼|痛|皮屑)|(磕|撞|碰|砸)(破)?(了)?(后脑勺|后脑|脑袋|脑壳|额头|脑门|头顶|太阳穴)/gu, unless: /开玩笑|心里/u },
  // 手上一个水泡, 起了几个小水泡 (a blister, not 热水泡脚 or 水泡饭).
  { id: 'blisters', re: /(个|一个|几个|好几个|一串|一片|一小片|小|大)水泡(?![脚澡茶面饭])/gu, sentenceUnless: /嘴|唇/u },
  // 眼睛里进了沙子, 洗发水进眼睛了 (something got into the eye).
  { id: 'eye-foreign-body-sensation', re: /眼(睛)?(里)?[^,.;!?。！？；]{0,2}(进|溅|掉|飞)(了|进|到)?[^,.;!?。！？；]{0,4}(沙子|沙|东西|异物|虫子|小虫|洗发水|沐浴露|肥皂|洗面奶|灰|睫毛|渣)|(沙子|沙|虫子|小虫|洗发水|沐浴露|肥皂水?|洗面奶|灰|睫毛|渣子?)[^,.;!?。！？；]{0,3}(进|溅|掉|飞)(到|进)?(了)?[^,.;!?。！？；]{0,2}眼/gu },
  // 现在有点红 in a sentence about the eyes (…进眼睛了，现在有点红).
  { id: 'red-eye', re: /(有点|有些|一点|发)红(?![薯枣糖肿疹点包印斑块])/gu, sentenceNeeds: /眼/u, sentenceUnless: /脸|皮肤|嗓子|喉咙|屁股|鼻|嘴|手|脚|腿|背|胸|乳|伤口|疹/u },
  // 白眼珠上一大片血红 (a subconjunctival haemorrhage).
  { id: 'subconjunctival-bleed', re: /(白眼珠|白眼珠子|眼白|白眼仁|白眼球)[^,.;!?。！？；]{0,6}(血红|红了一片|一片红|一大片红|出血|血丝一片|一块红|一片血)/gu },
  // 脚踝下午会肿, 小腿有点浮肿 (swollen ankles or legs, not after a sprain).
  { id: 'leg-swelling', re: /(脚踝|脚脖子|脚腕|脚背|脚|小腿|腿)[^,.;!?。！？；]{0,4}(会|有点|有些|都|老是|总是|一到下午就)?(肿|浮肿|水肿)(?!瘤|块|物|包)/gu, unless: /扭|崴|摔|撞|踢|磕|伤|砸|骨折|蚊|虫|趾|拇指|指头|红肿|热痛|痛风|冻/u },
  // 刷牙的时候吐出来的沫子带点血丝 (gum bleeding said around the toothbrush).
  { id: 'gum-bleeding', re: /(刷牙|牙龈|牙缝|漱口)[^。！？]{0,12}(血丝|带血|出血|有血|见血)/gu },
  // 装修的时候电打了一下, 插座电了一下手, 让电线给打了 (electric shock without 被).
  { id: 'electric-shock', re: /(?<!来)(电|电线|电门|插座|电闸|开关|高压线)(给|把人|把手)?(打|击|电)(了|到|中|伤)(一下|手|人|胳膊)?/gu, unless: /静电|电疗|电击治疗|电脑|电话|电视|电影|电动|电梯|怎么预防|过电|像/u },
  // 孩子烧了六七天, 烧到39度多, 一直烧不退 (fever said with 烧 alone; not a fire, cooking or a burn).
  { id: 'fever', re: /(?<![发火着燃])烧(了|着|到|得)?(都|已经|有|快|足足)?([一二两三四五六七八九十几好]+|\d+)(个)?(多)?(天|日)|(?<![发火着燃])烧到(3[7-9]|4[0-2]|三十[七八九]|四十)|(?<![发火着燃])烧(一直|老是|总是|还是)?(不退|退不下去|退不下来)/gu, unless: /火|着火|汽油|煤气|液化气|柴|秸秆|炭|炉|烧伤|烧烫|纸|香|饭|菜|水|烤|炕|窑|砖|垃圾|心|胃|燎|焦/u },
  // 嘴里全是溃疡, 满嘴溃疡, 嘴里烂了好几块 (mouth ulcers described by how many).
  { id: 'mouth-ulcer', re: /(嘴里|口腔|嘴巴|嘴|舌头)[^,.;!?。！？；]{0,3}(全是|都是|好多|很多|长满|满是|一片|到处)[^,.;!?。！？；]{0,2}(溃疡|泡|烂)|满嘴(都是)?(溃疡|泡|烂)|(嘴里|口腔)[^,.;!?。！？；]{0,2}烂(了|得)/gu },
  // 吃了一把扑热息痛, 吞了一大把安定 (a handful of a named medicine).
  { id: 'poisoning', re: new RegExp(`(吃|吞|服|咽)(了|下|掉)?(一把|一大把|一堆|一大堆)(的)?(${OVERDOSE_DRUG})`, 'gu'), sentenceUnless: /疗程|没好|不见好|不管用|按时|按医嘱|按说明|维生素|钙片|益生菌|糖果|鱼油|叶酸/u },
  // 扑热息痛吃了二十多片, 一下子吞了三十粒安眠药 (a tablet count of ten or more at once).
  { id: 'poisoning', re: new RegExp(`(${OVERDOSE_DRUG})[^,.;!?。！？；]{0,8}?(?<![0-9.点一两三四五六七八九])(十几|十来|二十|三十|四十|五十|几十|[1-9][0-9])(多|来|几)?(片|粒|颗)|(一下子?|一次|一口气|一共|大概|差不多|足足)?(吃|吞|服)(了|下|掉)?(?<![0-9.点])(十几|十来|二十|三十|四十|五十|几十|[1-9][0-9])(多|来|几)?(片|粒|颗)(的)?(${OVERDOSE_DRUG})?`, 'gu'), sentenceUnless: /一天|每天|每日|每次|一次[一两1-2]|一盒|每盒|一板|每板|装|规格|说明书|个月|一周|每周|礼拜|疗程|总共|一共吃|维生素|钙片|益生菌|糖果|鱼油|叶酸|健胃消食/u, sentenceNeeds: /吃|吞|服|咽/u },
  // 被高压电打了一下, 被雷劈了, 电线漏电电到了 (electric shock and lightning).
  { id: 'electric-shock', re: /被[^,.;!?。！？；]{0,4}(电|高压电|高压线|电线|电门|雷)(给)?(打|击|电|劈|烧|打中|击中)(了|到|中|伤|一下)?|雷(劈|击|打)(了|中|到)|触(了)?电|漏电[^,.;!?。！？；]{0,4}(电|打)(了|到)/gu, unless: /静电|电疗|电击治疗|电脑|电话|电视|电影|电动|电梯|怎么预防/u },
  // 喊他都不咋个理人, 叫他也不理 (a child or adult who no longer responds normally).
  { id: 'lethargy', re: /(喊|叫)[^,.;!?。！？；]{0,3}(都|也)?不(咋|怎么|太)?(个)?(理|应|答应)(人)?|不(咋|怎么|太)?(个)?理人/gu, unless: /生气|赌气|闹脾气|吵架|冷战|不想理|懒得理|名字|转圈|眼神|对视|不会说话|说话晚|自闭|孤独|玩手机|打游戏|看电视/u },
  // 宝宝基本不怎么动了, 都没什么胎动, 两个小时才动了一下, 拍了拍也不动 (in a pregnancy; 都不怎么动 is fewer, not none).
  { id: 'absent-fetal-movement', re: /(宝宝|胎儿|孩子|娃|肚子里)[^,.;!?。！？；]{0,4}((基本|几乎|完全)(不|没)(怎么|什么|咋)?|(都|一直|今天)(不|没)(什么)?)(动|胎动)(了)?|(都|基本|几乎)?没(什么|啥|有什么)胎动|(两|三|四|几|[2-9])个?(多)?(小时|钟头)[^,.;!?。！？；]{0,4}(才|只)动了?(一下|一次|一回)|(拍|推|摸|晃)(了)?(拍|推|摸|晃)?[^,.;!?。！？；]{0,3}(也|都)(不|没)(怎么|太|什么)?动/gu, sentenceNeeds: /胎|孕|怀孕|[0-9]+w|[0-9一二三四五六七八九十]+周/u, unless: /以前|之前|平时就/u },
  // 眼珠子往外突, 眼睛鼓出来了 (proptosis).
  { id: 'exophthalmos', re: /眼(珠|球|睛)(子)?[^,.;!?。！？；]{0,3}(往外|向外|外)(突|凸|鼓)(?!然)|眼(珠|球|睛)(子)?[^,.;!?。！？；]{0,3}(突|凸|鼓)(出|起)/gu },
  // 说看见墙上有人, 老说听见有人骂他 (seeing or hearing what is not there).
  { id: 'hallucination', re: /(说|总说|老说|非说)(能)?(看见|看到|听见|听到)[^,.;!?。！？；]{0,6}(有人|有虫|虫子|有鬼|鬼|人影|小人|蛇|老鼠)/gu, unless: /电视|电影|视频|梦|照片|监控|窗外|楼下/u },
  // 说墙上有虫子在爬 (a hallucination told as a fact about the room).
  { id: 'hallucination', re: /(说|总说|老说|非说)[^,.;!?。！？；]{0,4}(墙上|地上|床上|屋里|房间里|身上|天花板上?|窗户上|被子里)[^,.;!?。！？；]{0,3}有(虫子|虫|人|蛇|老鼠|鬼|蚂蚁)[^,.;!?。！？；]{0,2}(在)?(爬|走|动|跑|看|钻)/gu, unless: /电视|电影|视频|梦|照片|真的有|确实有|打死/u },
  // 认不出我了, 连老婆都认不出来 (not recognising family).
  { id: 'confusion', re: /认不出(来)?(我|人|家人|他|她|老婆|老公|孩子|儿子|女儿|爸|妈)|(我|家人|老婆|老公|孩子|儿子|女儿)[^,.;!?。！？；]{0,3}都认不出(来)?/gu },
  // 皮肤很黄, 全身特别黄 (jaundice said with an intensity word).
  { id: 'jaundice', re: /(皮肤|脸|眼白|眼睛|身上|全身|浑身|小脸)(很|特别|非常|好|挺|越来越|都)黄/gu, sentenceUnless: /橘子|桔子|胡萝卜|南瓜|芒果|柑|橙子/u },
  // 新生儿第二天就黄了, 一周前开始发黄, 黄到肚子下面 (jaundice said of the person, not of urine or phlegm).
  { id: 'jaundice', re: /(皮肤|脸|脸上|眼白|眼睛|身上|全身|浑身|人|孩子|宝宝|新生儿)?[^,.;!?。！？；]{0,3}(开始|就|越来越|有点)(发|变)?黄(了|起来)?(?![瓜油豆色河金])|(发黄|变黄|黄了|黄得|黄到)(?![瓜油豆])/gu, unless: /尿|痰|涕|便|屎|白带|头发|牙|指甲|舌苔|苔|脓|汗|叶|菜|衣服|照片|灯|秋|香蕉|皮鞋|黄金|面黄肌瘦|脸色发黄|脸色蜡黄|脸色黄/u, sentenceUnless: /橘子|桔子|胡萝卜|南瓜|芒果|柑|橙子/u },
  // 嘴都张不开了 (trismus).
  { id: 'trismus', re: /(嘴|嘴巴)[^,.;!?。！？；]{0,2}(都|也)?(张不开|张不大|张不太开|张不怎么开|打不开)/gu },
  // 大便带鲜血, 大便上沾着点血 (blood with the stool).
  { id: 'hematochezia', re: /(大便|便便|粑粑|拉屎|解大便)[^,.;!?。！？；]{0,3}(带|有|沾|带着|沾着|混着)(点|些|一点)?(鲜|暗红色?的?)?血(?!压|糖|常规|检查|化验)/gu, unless: /潜血|隐血|化验|检查单|报告/u },
  // 晒了一天，背上红红的 (sunburn redness).
  { id: 'skin-erythema', re: /(背上|后背|肩膀|脸|胳膊|腿|身上|皮肤|脖子)[^,.;!?。！？；]{0,2}(红红的|通红|发红|红了一片|晒红|红了)/gu, sentenceNeeds: /晒|太阳|海边/u },
  // 蚊子咬了个大包 (an insect bite, itchy).
  { id: 'itching', re: /(蚊子|虫子|小虫|跳蚤|臭虫|蠓虫|小黑虫)[^,.;!?。！？；]{0,3}(咬|叮)/gu, unless: /蜂|蝎|蛇|蜘蛛|蜱/u },
  // 嘴里长了个小溃疡, 舌头边上起了两个口疮 (not a stomach ulcer).
  { id: 'mouth-ulcer', re: /(嘴|口腔|舌|唇|牙龈|腮)[^,.;!?。！？；]{0,6}(长|起|有|烂)(了)?(个|一个|几个|两个|好几个)?(小)?(溃疡|口疮)/gu },
  // 伤口一个多月都没好 (a wound that does not heal).
  { id: 'skin-ulcer', re: /伤口[^,.;!?。！？；]{0,8}(没好|不好|不愈合|长不好|不长|好不了|没长好|不收口|溃烂)/gu },
  // 咳得像小狗叫 (a barking cough).
  { id: 'barking-cough', re: /咳[^,.;!?。！？；]{0,4}(像|跟)[^,.;!?。！？；]{0,2}(小)?狗(叫|在叫)|犬吠/gu },
  // 尿是淡红色的, 尿有点粉红 (blood in the urine, not dark tea-coloured urine).
  { id: 'hematuria', re: /(尿|小便)(液)?[^,.;!?。！？；]{0,3}(是|有点|发|带|呈)?(淡红|粉红|鲜红|红色|洗肉水)/gu, unless: /浓茶|酱油|茶色|吃了?(火龙果|甜菜|红心)/u },
  // 嘴角起了一小簇水疱 (a cold sore).
  { id: 'lip-blisters', re: /(嘴角|嘴唇|唇边|嘴边|嘴巴边)[^,.;!?。！？；]{0,8}(水泡|水疱|小泡|疱疹)/gu },
  // 褐色分泌物, 粉色的白带 (old blood: spotting).
  { id: 'bleeding', re: /(褐色|咖啡色|粉色|粉红色|暗红色|带血丝?)(的)?(分泌物|白带)/gu },
  // 右腿比左腿粗了一圈, 一条小腿肿了 (a swollen leg).
  { id: 'leg-swelling', re: /(腿|小腿|大腿|脚踝|脚脖子)[^,.;!?。！？；]{0,6}比[^,.;!?。！？；]{0,6}(粗|肿)|(一条|一边|一侧|单侧|左|右|左边|右边)(小|大)?腿[^,.;!?。！？；]{0,4}(肿|粗了|发胀变粗)/gu },
  // 起了一片水泡, 长了一串小水疱.
  { id: 'blisters', re: /(起|长|冒)(了)?(一片|一串|一簇|一堆|好多|几个|一些|很多)?(小)?(水泡|水疱)/gu, unless: /嘴唇|嘴角|唇边|嘴边|烫|烧/u },
  // 乳房又红又痛, 乳房发红.
  { id: 'breast-redness', re: /乳房[^,.;!?。！？；]{0,4}(又红|发红|红肿|红了)/gu },
  // 大脚趾突然红肿, 膝盖肿起来了.
  { id: 'joint-swelling', re: /(大脚趾|脚趾|膝盖|膝关节|脚踝|踝关节|手指关节|关节|手腕|肘关节)[^,.;!?。！？；]{0,4}(红肿|肿了|肿起来|肿得|又红又肿)/gu, sentenceUnless: /摔|撞|扭|崴|砸|磕|打球|跌|碰到|碰伤|被[^,.;!?。！？；]{0,3}碰/u },
  // 脸和身上越来越黄, 眼白黄得厉害 (not carotene after oranges or pumpkin).
  { id: 'jaundice', re: /(脸|身上|皮肤|眼白|眼睛|全身|浑身|手心|脚心|巩膜)[^,.;!?。！？；]{0,4}(越来越|特别|很|有点|都)?(发)?黄(了|得|起来)|黄得(厉害|发亮)|越来越黄/gu, unless: /牙|痰|鼻涕|尿|大便|指甲|头发|橘子|桔子|胡萝卜|南瓜|芒果|蜡黄|黄瓜/u },
  // 眼白上有一块红 (a subconjunctival haemorrhage).
  { id: 'subconjunctival-bleed', re: /(眼白|白眼球|眼球)[^,.;!?。！？；]{0,6}(一块|一片|一点|一团)[^,.;!?。！？；]{0,2}(红|血)/gu },
  // 个心好似俾嘢压住 (Cantonese: the heart as if pressed by something).
  { id: 'crushing-chest-pain', re: /(个心|心口)[^,.;!?。！？；]{0,4}(好似|好像|似|像)[^,.;!?。！？；]{0,6}(压|揸|夹|箍|攥)(住|着|紧)/gu },
  // 出晒冷汗, 出咗一身汗 (Cantonese: sweating all over).
  { id: 'cold-sweat', re: /出(晒|咗|了)(一身)?(冷|虚)?汗/gu },
  // 腰一阵一阵绞着疼 (renal colic).
  { id: 'flank-colic', re: /腰[^,.;!?。！？；]{0,6}(绞着疼|绞着痛|绞痛|拧着疼|拧着痛|一阵一阵地?绞)/gu },
  // 尿里好像有血.
  { id: 'hematuria', re: /(尿|小便)(里|中)[^,.;!?。！？；]{0,3}(有|带|见)(点|些)?血(?!压|糖)/gu, unless: /潜血|隐血|化验|检查|报告/u },
  // 喉咙里卡了个鱼刺.
  // …in the throat: a fish bone that pricked a hand or a leg (腿上被鱼刺扎了个口子) is a puncture wound.
  { id: 'fishbone', re: /(卡|扎)(了|着|住|进)?(个|一根|根|一个)?(鱼刺|鱼骨|鸡骨头|骨头渣|小骨头)|(鱼刺|鱼骨)[^,.;!?。！？；]{0,4}(卡|扎)(住|着|了|在)/gu, unless: /腿|脚|手|胳膊|指头|皮肤|伤口|口子|身上/u },
  // 起了一片红肿, 红肿越来越大 (spreading redness: cellulitis).
  { id: 'skin-swelling', re: /(起|长)(了)?(一片|一大片|一块|一大块)红肿|红肿[^,.;!?。！？；]{0,6}(越来越大|扩大|往外扩|一天比一天大|在长)/gu },
  // 鼻翼一扇一扇的 (nasal flaring).
  { id: 'severe-dyspnea', re: /鼻翼[^,.;!?。！？；]{0,3}(一扇一扇|扇动|一张一张|一煽一煽|煽动|一扇一扇地)/gu },
  // 咳了一大口鲜血, 咳出好几口血 (massive haemoptysis).
  { id: 'massive-hemoptysis', re: /咳(了|出|出来)?(一大|好几|几|半|满|一)(大)?(口|盆|碗|杯|滩)[^,.;!?。！？；]{0,3}血|咳[^,.;!?。！？；]{0,3}一口一口[^,.;!?。！？；]{0,3}血/gu, unless: /血丝|痰中带|痰里/u },
  // 拉了好多鲜血 (massive rectal bleeding).
  { id: 'massive-hematochezia', re: /拉(了|出)?(好多|很多|大量|一大堆|一滩|一大滩)(的)?(鲜|暗红色?的?)?血/gu },
  // 喝了半瓶农药, 吃了一整板安眠药 (poisoning and overdose).
  { id: 'poisoning', re: /(喝|吃|吞|服)(了|下)?[^,.;!?。！？；]{0,4}(农药|除草剂|杀虫药|毒鼠强|甲胺磷|乐果|草甘膦)|(吃|吞|喝|服)(了|下)?(一整|整|一|半|好几)(瓶|板|盒|把)[^,.;!?。！？；]{0,4}(安眠药|药片|降压药|降糖药|止痛药|退烧药|感冒药|药)/gu, unless: /打药|喷药|庄稼|地里|果树|菜地|种地|维生素|钙片|益生菌/u },
  // 尿也屙不出来, 小便解不下来 (urinary retention said with a regional verb for passing water).
  { id: 'urinary-retention', re: /(尿|小便)[^,.;!?。！？；]{0,2}(屙|拉|撒|解|排|屙得)不(出|下)(来)?/gu, unless: /尿不湿|纸尿裤|尿布|尿片/u },
  // 屙咗啲果酱咁嘅便便, 大便好似果酱 (currant-jelly stool in Cantonese or plain words).
  { id: 'currant-jelly-stool', re: /果酱(咁样|咁|似的|一样|样|色)?(的)?(便便|大便|屎|粑粑|便)|(便便|大便|屎|粑粑)[^,.;!?。！？；]{0,4}(像|似|好似|好像|同)果酱/gu },
  // 肌肉一跳一跳的, 腿一抽一抽 (myoclonus: jerks of the muscles, not a cramp).
  { id: 'tremor', re: /肌肉[^,.;!?。！？；]{0,2}(一跳一跳|一抽一抽|跳个不停|乱跳|不停地?(跳|抽)|不自主地?(跳|抽))|(手|脚|腿|胳膊|身上)[^,.;!?。！？；]{0,2}(一跳一跳|一抽一抽)的?(?!疼|痛)/gu },
  // Cantonese and Sichuanese everyday forms: 成身冷汗, 讲嘢讲唔清, 右手拎唔起嘢, 颈子硬邦邦, 唔想生存, 吐咗好多血.
  { id: 'cold-sweat', re: /成身(冷|虚)?汗/gu },
  { id: 'speech-difficulty', re: /讲(嘢|话)?[^,.;!?。！？；]{0,2}(讲唔清|唔清楚|讲唔出)/gu },
  { id: 'limb-weakness', re: /(左|右)(手|脚|边)[^,.;!?。！？；]{0,3}(拎唔起|揸唔住|冇力|没力|郁唔到|郁唔郁到)/gu },
  { id: 'neck-stiffness', re: /(颈子|颈|脖颈)[^,.;!?。！？；]{0,2}(硬邦邦|发硬|硬了|僵硬)|低不了头|低不下头/gu },
  { id: 'suicidal-ideation', re: /唔想(活|生存|再活|做人)|跳落去/gu },
  // 讲埋晒啲乱嘢, 乱噏嘢 (Cantonese: talking nonsense); not 食咗啲乱嘢 (ate something bad).
  { id: 'confusion', re: /(讲|说|噏)[^,.;!?。！？；]{0,4}乱嘢|乱(讲|噏|说)嘢/gu },
  // 成身好热好烫, 身上好烫 (Cantonese 好 = 很; the whole body burning hot).
  { id: 'fever', re: /(成身|全身|浑身|身上|个身)[^,.;!?。！？；]{0,2}(好|很|特别|非常)?(热)?(好|很|特别|非常)烫/gu },
  // 摸着有点烫, 摸起来热乎乎的, 额头脑门发烫, 小身子烫手: warm to the touch — an unmeasured fever (not a scald: 烫伤, 被开水烫).
  { id: 'fever', re: /(摸着|摸起来|摸上去|一摸|额头|脑门|脑袋|头上|后背|身子|手心)[^,.;!?。！？；]{0,3}(有点|有些|挺|很|好|特别|老|怪)?(烫|发烫|烫手|热乎乎|滚烫)(?![伤着到了一起泡红水])/gu, sentenceUnless: /晒|红肿|肿了|肿得|伤口|关节|疙瘩|鼓包|开水|热水|汤|油|火|烫伤|烫了一下|熨斗|暖宝|热水袋|电热/u },
  { id: 'hematemesis', re: /(吐|呕)(了|咗|出)?(好多|很多|大量|一大口|好几口|一啖)(的|嘅)?(鲜)?血/gu, unless: /痰|刷牙|牙龈|鼻/u },
  // 细路食咗一堆药丸, 吃了一大把药片 (an overdose; not many medicines tried over days).
  { id: 'poisoning', re: /(食|吃|吞)(咗|了|下)?(一堆|一把|一大把|好多|很多)[^,.;!?。！？；]{0,2}(药丸|药片|药粒|安眠药)/gu, sentenceUnless: /没好|不见好|不管用|还是|都试过/u },
  // 被电倒了, 漏电电到人 (electric shock).
  { id: 'electric-shock', re: /被电(倒|晕|伤|击|打)|漏电[^,.;!?。！？；]{0,6}(电到|电倒|触电|电了)/gu },
  // 烫了一下手指 (the body part after the verb).
  { id: 'burn', re: /烫(了|到|伤)(一下)?(手|手指|手背|手心|脚|脚背|胳膊|腿|脸)/gu, unless: /摸着|额头|发烫/u },
  // 指甲边上有点红肿疼 (paronychia).
  { id: 'paronychia-sign', re: /(指甲|趾甲)(边|旁边|周围|缝)(上)?[^,.;!?。！？；]{0,3}(红肿|肿|化脓|发红)/gu },
  // 看东西有一边像拉了块帘子挡着 (a curtain over part of the field).
  { id: 'visual-field-defect', re: /(有一边|一边|一半|半边|一角|上面|下面|一块)[^,.;!?。！？；]{0,4}(拉|挂|遮|挡)(了|着|上)?[^,.;!?。！？；]{0,4}(帘子|幕布|窗帘|黑影)|(有一边|一边|一半|半边|一角|上面|下面|一块)[^,.;!?。！？；]{0,3}(像)?[^,.;!?。！？；]{0,3}(帘子|幕布|窗帘|黑影)[^,.;!?。！？；]{0,2}(挡|遮)(着|住)/gu },
  // 把家里的安眠药全吃了, 把他的降压药都吞了, 把一瓶艾司唑仑全吃了 (a whole supply taken at once: an overdose, not a course finished).
  { id: 'poisoning', re: new RegExp(`(把|将)[^,.;!?。！？；]{0,10}(${OVERDOSE_DRUG})[^,.;!?。！？；]{0,2}(都|全|全部|统统|一股脑|一口气)(儿)?(给)?(吃|吞|喝|服)(了|下|掉|光)`, 'gu'), sentenceUnless: /疗程|没好|不见好|不管用|按时|按医嘱|按说明|剩/u },
  // 一瓶阿普唑仑全吃了, 吞了一整盒地西泮 (a whole container of a named drug, with or without 把).
  { id: 'poisoning', re: new RegExp(`(一整|整|一|半|大半|好几)(瓶|板|盒|袋|包)(的)?(${OVERDOSE_DRUG})[^,.;!?。！？；]{0,2}(都|全|全部|一口气|一下子)?(给)?(吃|吞|喝|服)(了|下|掉|光)|(吃|吞|喝|服)(了|下|掉|光)(一整|整|一|半|大半|好几)(瓶|板|盒|袋|包)(的)?(${OVERDOSE_DRUG})`, 'gu'), sentenceUnless: /疗程|没好|不见好|不管用|按时|按医嘱|按说明|剩|维生素|钙片|益生菌|糖果|鱼油|叶酸/u },
  // 现在喊他哼哼两声, 拍他也没反应, 叫了半天只会哼 (responds to voice only with a groan, or not at all: reduced consciousness).
  { id: 'unconscious', re: /(喊|叫|拍|推|摇|掐)(他|她|了|了他|了她|半天|了半天)?(也|都|就|只|只会|只是|才)?(哼哼|哼了?(一|两|几)声|哼哼唧唧|嗯一声|没(有)?(反应|动静|回应)|不(应|答应|吭声|睁眼)|醒不过来)/gu, sentenceUnless: /起床|吃饭|写作业|上学|上班|懒觉|赖床|玩手机|打游戏|生气|闹脾气|装睡/u },
  // 眼神发直, 两眼发直, 叫他回答不上来 (a blank stare and not answering when spoken to: altered consciousness).
  { id: 'confusion', re: /(眼神|两眼|眼睛|双眼)(发直|直勾勾|呆滞|发呆)|(叫|喊|问)(他|她)[^,.;!?。！？；]{0,4}(回答不上来|答不上来|答不上话|说不出话来|不会回答|没法回答|回不了话)/gu, unless: /题|考试|老师|作业|问题/u },
  // 耳朵里老听见声音, 耳边总有人说话 (voices heard: an auditory hallucination, not an ear problem).
  { id: 'hallucination', re: /(耳朵里|耳边|脑子里|脑袋里)[^,.;!?。！？；]{0,3}(听见|听到|有)[^,.;!?。！？；]{0,3}(声音|人说话|有人说话|有人骂|有人叫|人在说|人骂他|人骂她)/gu, unless: /嗡|蝉|鸣|嗞|吱|沙沙|轰|呼呼|咚|心跳|脉搏|流水|水声/u },
  // 被电了一下, 让电打了一下 (an electric shock said plainly).
  { id: 'electric-shock', re: /(被|让|给)电(了|到|着)(一下)?|(让|给)电(打|击)(了|到)?/gu, unless: /静电|门把手|毛衣|电疗|电击治疗|电动牙刷|按摩/u },
  // 腿分开的时候咔哒响, 大腿一掰开就有响声 (a click of the hip when the legs are spread: an infant's hip check).
  { id: 'joint-clicking', re: /(腿|大腿|髋|胯)[^,.;!?。！？；]{0,6}(分开|张开|掰开|外展|打开)[^,.;!?。！？；]{0,6}(响|咔|咯噔|弹响|有声音)/gu },
  // 疼到屁股和左腿后面, 腰疼窜到小腿 (pain running from the back or buttock down the leg: radicular pain).
  { id: 'radicular-leg-pain', re: /(腰|屁股|臀部|臀)[^,.;!?。！？；]{0,4}(疼|痛|酸|麻)[^,.;!?。！？；]{0,2}(到|窜到|放射到|串到|连到|扯到|牵到)[^,.;!?。！？；]{0,6}(腿|大腿|小腿|腿后面|腿肚子|脚后跟|脚)|(疼|痛)(到|窜到|放射到|串到)(屁股|臀部)[^,.;!?。！？；]{0,3}(和|跟|还有|连着)?[^,.;!?。！？；]{0,3}(腿|大腿|小腿)/gu },
  // 吃了，大概三十来片; 吞了差不多十几粒 (the count after the verb, with an estimate word).
  { id: 'poisoning', re: /(吃|吞|服|喝)(了|下|掉|光)[,，]?(大概|大约|差不多|估计|有|约|一共|总共|起码|至少|好像)?(有)?(十几|十来|十多|二十|三十|四十|五十|几十|好几十|一百|[1-9]\d|\d{3})(多|来|几)?(片|粒|颗|丸)/gu, unless: /维生素|钙片|益生菌|糖果|鱼油|叶酸/u, sentenceUnless: /每天|每日|每次|一次吃|疗程|一个月|这个月|一周/u },
  // 被烧开的油泼了半边身子, 滚烫的汤洒在腿上 (a hot liquid named by its heat, then splashed or poured).
  { id: 'burn', re: /被[^,.;!?。！？；]{0,2}(烧开的|滚烫的|滚开的|烧热的|煮开的|沸腾的|刚烧开的|刚开的|滚|热|开)(的)?(油|水|汤|粥|茶|奶|汤水|油锅)[^,.;!?。！？；]{0,2}(泼|浇|洒|溅|淋|扣|烫)|(烧开的|滚烫的|滚开的|烧热的|煮开的|沸腾的|刚烧开的|刚开的|(?:刚)?(?:煲|煮|熬|炖|烧|做|盛)好的|刚出锅的|热腾腾的|滚|热|开)(的)?(?:一)?(?:壶|锅|碗|杯|盆)?(油|水|汤|粥|茶|奶|汤水|油锅)[^,.;!?。！？；]{0,4}(泼|浇|洒|溅|淋|扣|倒)(了|到|在|着|上)?[^,.;!?。！？；]{0,6}(身|手|脚|腿|胳膊|脸|胸|背|肚|头|脖|我|他|她|孩子|宝宝|娃)/gu, unless: /洗澡|泡脚|热水袋|擦/u },
  // 被一条花蛇在脚脖子上咬了一口, 让蛇给咬了 (the snake and the bite apart in one clause).
  { id: 'snake-bite', re: /蛇[^,.;!?。！？；]{0,12}(咬|叮)(了|伤|到|中|咗)|(被|让|给|俾)[^,.;!?。！？；]{0,4}蛇[^,.;!?。！？；]{0,10}(咬|叮)/gu, sentenceUnless: /梦|做梦|电视|视频|小说|怕蛇|蛇皮|蛇果/u },
  // 左眼突然像拉了块黑帘子一样看不见了, 一下子什么都看不到了 (sudden loss of sight, words between).
  { id: 'sudden-vision-loss', re: /(突然|忽然|一下子|猛地|猛然)[^,.;!?。！？；]{0,12}(看不见|看不到|啥也看不见|啥都看不见|什么都看不见|失明|瞎了)/gu, unless: /晚上|夜里|天黑|关灯|黑暗|暗的地方|站起来|蹲/u, sentenceNeeds: /眼|视|看/u },
  // 右边腰突然绞住咁痛, 左边腰一阵阵绞着疼 (a colicky pain on one side of the waist: renal colic).
  { id: 'flank-colic', re: /(左|右|一)(边|侧)?(腰|腰眼|后腰)[^,.;!?。！？；]{0,4}(绞|拧|揪)(住|着|起来)?[^,.;!?。！？；]{0,3}(痛|疼)/gu },
  // 怀孕35周，今天感觉孩子没怎么动, 宝宝踢得比平时少 (the fetus named as 孩子/宝宝 in a pregnancy).
  { id: 'decreased-fetal-movement', re: /(孩子|宝宝|胎儿|娃|小家伙|肚子里的)[^,.;!?。！？；]{0,4}(没怎么|不怎么|不太|很少|少)(动|踢|翻身)|(孩子|宝宝|胎儿|娃|小家伙)[^,.;!?。！？；]{0,2}(动|踢)得?(比平时|比以前|比往常)?(少|少了|少多了)|(感觉|觉得|今天|这半天|一上午|一下午)[^,.;!?。！？；]{0,4}(?<![运活走挪移手脚腿胳膊身])(动|踢)(得|的)?(明显|好像|比平时|比以前|比往常|没平时|没以前){1,2}少|数了[^,.;!?。！？；]{0,8}(才|只|就)(动|踢)了?(一|两|三|四|五|两三|三四|一两|几|\d)(下|次)/gu, pregnantOnly: true, sentenceUnless: /出生|生下|满月|个月大|岁/u },
  // 从昨晚到现在基本没感觉到动, 几乎不踢了: in a pregnancy, movements hardly felt at all — the fetus's (不怎么动 is fewer, not none).
  { id: 'absent-fetal-movement', re: /(基本|几乎|完全|根本)(上)?(都)?(没|没有|不)(感觉到?|觉得|觉着|摸到)?(他|她|它|孩子|宝宝|胎儿|娃)?(在)?(动|踢|胎动)(?![作手过])/gu, pregnantOnly: true, sentenceUnless: /出生|生下|满月|个月大|岁|腿|胳膊|手|脚|身子|脖子|腰/u },
  // 咳血止不住 一会儿工夫一纸杯了, 咯出来的血有小半碗: coughed-up blood by the cup or bowl, or that will not stop.
  { id: 'massive-hemoptysis', re: /(咳|咯)(出|了|出来)?(的)?(鲜)?血[^,.;!?。！？；]{0,12}?(止不住|停不下来|一纸杯|纸杯|一杯|半杯|大半杯|一碗|半碗|小半碗|大半碗|一大口|一口一口|满嘴|一大滩|一大摊|一盆)/gu, unless: /血丝|血点|带血丝|痰中带/u },
  // 脸憋得发紫, 嘴唇都憋青了, 小脸紫紫的: blue face or lips in any words.
  { id: 'cyanosis', re: /(脸|小脸|脸色|嘴唇|嘴巴|嘴|口唇|指甲)[^,.;!?。！？；]{0,3}(憋)?(得|的)?(发紫|青紫|发青|紫了|紫紫的|乌青|发乌|憋紫|憋青)/gu, unless: /冻|冷|淤青|磕|碰|撞|摔|胎记|口红|吃了|葡萄汁|桑葚/u },
  // 浑身痒起红疙瘩, 身上冒了一片片的包: raised itchy welts — hives.
  { id: 'hives', re: /(浑身|全身|身上|满身|胳膊上|腿上|脖子上|脸上)[^,.;!?。！？；]{0,4}(起|长|冒|鼓)(了)?(好多|很多|一片|一片片|一块块|一大片|一个个)?(的)?(红)?(疙瘩|包|风团|大包)/gu, unless: /蚊子|虫|痘|青春/u },
  // 前囟门有点鼓, 脑门顶上那块软的地方鼓鼓的: a bulging fontanelle in any words.
  { id: 'bulging-fontanelle', re: /(囟门|前囟|卤门|顶上那块软的(地方)?|头顶(上)?(那块)?软的(地方)?)[^,.;!?。！？；]{0,4}(鼓|凸|隆起|饱满|胀|顶起)/gu, unless: /凹|陷|瘪/u },
  // 嘴肿得老高, 嘴唇都肿起来了, 舌头肿成: lips or tongue swelling — angioedema (a swollen eyelid is too often a bite or a stye).
  { id: 'angioedema', re: /(嘴唇|嘴巴|嘴|舌头)[^,.;!?。！？；]{0,2}(都|也|一下子)?肿(得|起来|了|成|老高)/gu, unless: /牙|牙龈|上火|溃疡|撞|磕|摔|碰|咬破|打架/u },
  // 皮肤一片片的红, 身上一块一块起红: patches of red on the skin — a rash.
  { id: 'rash', re: /(皮肤|身上|全身|浑身|胳膊上|腿上|肚子上|背上)[^,.;!?。！？；]{0,3}(一片片|一片一片|一块块|一块一块|大片大片)(的)?(红|发红|起红|红疙瘩|疙瘩|风团)/gu },
  // 今天一整天就感觉孩子动了两三下, 一上午才踢了一次: a handful of movements over hours, in a pregnancy.
  { id: 'decreased-fetal-movement', re: /(一整天|一天|整天|一上午|一下午|一晚上|一早上|半天|大半天|几个小时|好几个小时|[一两二三四五六\d]+个?(多)?(小时|钟头))[^,.;!?。！？；]{0,10}?(只|就|才|总共|一共)?(感觉|觉得)?(到)?(他|她|它|孩子|宝宝|胎儿|娃)?(只|就|才)?(动|踢)了?(一|两|三|四|五|两三|三四|一两|几|\d)(下|次|回)/gu, pregnantOnly: true, sentenceUnless: /出生|生下|满月|个月大|岁/u },
  // 看东西上半边像被黑布蒙住了, 眼前像被一层黑纱挡着: the cloth covering the view, the verb after it.
  { id: 'visual-field-defect', re: /(像|好像|跟|如同)(是)?(被)?(一)?(块|个|层|道|片|张)?(黑|灰)?(色的)?(帘子|幕布|窗帘|黑布|黑纱|黑影|布)(给)?(蒙|遮|挡|盖|罩)(住|着|了|上)/gu, sentenceNeeds: /眼|看|视/u },
  // 眼前像有一群小蚊子在飞, 眼睛前面老有黑点在飘: floaters said as insects or specks moving before the eye.
  { id: 'floaters', re: /(眼前|眼睛前|眼睛里|眼里|眼珠)[^,.;!?。！？；]{0,8}(蚊子|小虫|虫子|黑点|黑影|苍蝇|蜘蛛网|头发丝|小点)[^,.;!?。！？；]{0,4}(飞|飘|晃|游)/gu },
  // 像有人在旁边拍照闪一下, 眼角像闪光灯闪: flashes said as a camera flash.
  { id: 'photopsia', re: /(拍照|照相|闪光灯|电焊)[^,.;!?。！？；]{0,3}(一)?闪/gu, sentenceNeeds: /眼|看东西|视/u },
  // 看东西像隔着一层雾, 眼前一片白茫茫: vision as through fog or frosted glass.
  { id: 'blurred-vision', re: /(看东西|看人|看字|看什么|眼前|眼睛)[^,.;!?。！？；]{0,4}(像|好像|跟)?(隔着|蒙着|蒙了|罩着)(一)?(层)?(雾|纱|毛玻璃|水汽)|(看东西|眼前|看什么)[^,.;!?。！？；]{0,3}(一片)?(白茫茫|雾蒙蒙|灰蒙蒙|雾茫茫)/gu },
  // 尿憋不住滴了一裤子, 尿都兜不住: urine that cannot be held.
  { id: 'incontinence', re: /尿(都|也)?(憋不住|兜不住|控制不住|管不住|夹不住)|(尿|滴|漏)(了)?一裤(子|裆)/gu },
  // 屁都放不出来一个, 屁也不放: no flatus in the everyday order.
  { id: 'no-flatus', re: /屁(都|也)(不放|放不出|没放|没有放|不出)|屁都放不出来/gu },
  // 嗓子像被人掐住, 喉咙跟被勒住一样: a throat that feels gripped.
  { id: 'throat-tightness', re: /(嗓子|喉咙|喉头|嗓子眼)[^,.;!?。！？；]{0,3}(像|跟|好像)(是)?(被)?[^,.;!?。！？；]{0,3}(掐住|掐着|卡住|勒住|勒着|堵住|捏住|扼住)/gu },
  // 烫起了大泡, 全烫脱皮了, 热水袋捂了一晚脚起了大泡: a scald named by what it did to the skin.
  { id: 'burn', re: /烫(起|出|得|脱|掉|坏|伤|破|烂|熟)(了)?[^,.;!?。！？；]{0,4}(泡|疱|皮)|(热水袋|暖水袋|暖宝宝|电热毯|暖手宝|烤火|取暖器|电暖器|汤婆子)[^。！？]{0,16}(起了?|出了?|烫出了?)(好多|好几个|几个|一个|个|一片)?(大|水|血)?(泡|疱)/gu },
  // 想抱着孩子一起跳下去, 说要从楼上跳下去: a plan to jump.
  { id: 'suicidal-ideation', re: /(想|要|打算|准备)[^,.;!?。！？；]{0,8}(一起|一块儿?)?(跳下去|跳楼|跳河|跳江|跳海|跳湖|去死|一起死|同归于尽)/gu, unless: /蹦极|跳水|游泳|跳伞|跳下去(游|玩|捡)|跳绳/u },
  // 后脖梗子中间那块按着就疼, 脖颈子疼: the back of the neck in everyday words.
  { id: 'neck-pain', re: /(后脖梗子?|脖梗子?|后脖颈子?|脖颈子?)[^,.;!?。！？；]{0,8}(疼|痛)/gu },
  // 胳膊一阵阵窜麻, 手像过电一样麻: tingling down the arm.
  { id: 'arm-numbness', re: /(胳膊|手臂|手|手指)[^,.;!?。！？；]{0,4}(窜麻|窜着麻|过电(一样|似的)?(地)?麻)/gu },
  // 尿少得可怜, 尿少得很: little urine said with a degree.
  { id: 'oliguria', re: /尿(量)?(也|都)?少得(可怜|很|厉害|不行)/gu },
  // 像拉了块黑帘子一样, 眼前像挂了一层黑布 (a curtain over the field of vision).
  { id: 'visual-field-defect', re: /(像|好像|跟|如同)(是)?(被)?(拉|挂|遮|挡|盖|罩|落)(了|着|上|下)?(一)?(块|个|层|道|片|张)?(黑|灰)?(色的)?(帘子|幕布|窗帘|黑布|黑影|布)/gu },
  // ---- probe11b round: lay descriptions of danger signs with a variable middle ----
  // 眼皮和脸一下子肿起来, 嘴唇跟舌头都肿了: two parts of the face swelling together (angioedema, not a stye, nor
  // the puffy face of a morning or after crying).
  { id: 'angioedema', re: /(眼皮|眼睛|脸|嘴唇|嘴巴|舌头)(和|跟|连|、|连着)(眼皮|眼睛|脸|嘴唇|嘴巴|舌头|嗓子)[^,.;!?。！？；]{0,4}肿(起来|了|得)/gu, sentenceUnless: /早上|早晨|起床|晨起|睡醒|一觉醒来|哭(了|过|得)/u },
  // 嗓子也有点哑, 声音都哑了, 说话声音变哑 (a hoarse voice, words between).
  { id: 'hoarseness', re: /(嗓子|声音|嗓音|说话声)(也|都|一下子|突然|变得?|有点|有些|开始)*(沙哑|嘶哑|哑)(了|哑的)?(?!铃|巴|谜|剧|语)/gu },
  // 说话有点乱, 说话开始乱了; 连自己家楼号都想不起来 (acute disorientation, not a long-standing memory complaint).
  { id: 'confusion', re: /说话(有点|有些|也|都|开始|突然|一下子)*乱(了)?(?!七八糟|糟糟|说|讲|来)|连(自己|自个)?(家|家里|住的|自己家)(的)?(楼号|门牌|门牌号|地址|小区|楼层|电话)[^,.;!?。！？；]{0,3}(都|也)(想不起来|记不起来|说不上来|说不出来|不记得)/gu, unless: /以前|平时就|一直这样|好几年|老年痴呆|痴呆/u },
  // 肋骨下面一吸一个坑, 鼻孔一张一合 (retractions, nasal flaring), 一句整话都说不出来, 喘得说不成句.
  { id: 'severe-dyspnea', re: /(肋骨|肋间|锁骨|胸口|胸骨|脖子|心窝|肚子)[^,.;!?。！？；]{0,6}一吸(气)?一个(坑|窝|凹)|鼻(孔|翼|子)[^,.;!?。！？；]{0,2}一(张|扇|煽)一(合|扇|煽)|(一句)?(整|完整)(的)?(话|句子|句话)(都|也)?(说不出|说不全|说不了|讲不出|说不成|说不完)|(说不成|说不全|说不完|讲不成)(一)?(整)?句/gu },
  // 吸气带哨音, 吸气有响声 (a noun of noise on breathing in: stridor; a plain 吸气有点响 is not).
  { id: 'stridor', re: /吸气(时|的时候)?(都|也|还)?(带|有|伴|带着|有个)(哨音|哨声|响声|怪声|鸡鸣声?|拉锯声|呼呼声|嘶嘶声)/gu, unless: /痰|呼噜|打鼾|打呼/u },
  // 吸气时喉咙里也“呃呃”响 (quoted sound words widen the gap).
  { id: 'stridor', re: /(吸气|吸的时候|往里吸)[^,.;!?。！？；]{0,6}(喉咙|嗓子|喉头)[^,.;!?。！？；]{0,7}(响|哨|嘶|咝)/gu, unless: /痰|呼噜|打鼾|打呼/u },
  // 喉咙里“咝咝”响 (a whistle in the throat).
  { id: 'wheeze', re: /(喉咙|嗓子|气管)(里|眼)?[^,.;!?。！？；]{0,3}(咝咝|嘶嘶|丝丝|吱吱|嗞嗞)[^,.;!?。！？；]{0,2}(地|的)?(响|叫)/gu, unless: /痰|呼噜|打鼾|打呼/u },
  // 嘴巴周围有点青, 口周发青, 脸都憋紫了 (cyanosis, words between).
  { id: 'cyanosis', re: /(嘴巴周围|嘴周围|嘴唇周围|嘴周|口周|嘴边|嘴角周围)[^,.;!?。！？；]{0,3}(青|紫|乌)|(脸|嘴唇|嘴|小脸)(都|也|一下)?憋(得)?(发)?(紫|青|乌)/gu },
  // 脑门顶上那块软的地方鼓鼓的 (a bulging fontanelle in lay words).
  { id: 'bulging-fontanelle', re: /(头顶|脑门|脑袋|头上|囟门|天窗)[^,.;!?。！？；]{0,6}软[^,.;!?。！？；]{0,4}(地方|那块|那里|那儿|的)[^,.;!?。！？；]{0,3}(鼓|凸|隆起|顶起|胀起)/gu },
  // 突然抽起来, 一下子抽上了 (a fit; not 抽烟/抽血).
  { id: 'convulsion', re: /(突然|一下子|忽然|猛地|猛然)(就|又)?(浑身|全身|手脚|四肢)?抽(起来|上了|过去)(?!烟|血)/gu, unless: /抽烟|抽血|抽水|抽筋|抽奖|抽签|抽屉|抽空/u },
  // 想着跳下去算了, 跳河一了百了 (a plan voiced with 算了: suicidal talk, not 跳水/蹦极).
  { id: 'suicidal-ideation', re: /(跳下去|跳下楼|往下跳|跳楼|跳河|跳江|跳海|撞车|卧轨|撞死|喝药|吞药)(就)?(算了|得了|一了百了|解脱|拉倒)/gu, unless: /蹦极|跳水|跳伞|游泳/u },
  // 左眼突然像被黑布蒙住了 (a curtain over one eye: amaurosis, in lay words).
  { id: 'sudden-vision-loss', re: /眼(睛|前)?[^,.;!?。！？；]{0,6}(被|让)(一块|一层)?(黑布|黑幕|帘子|幕布|窗帘|黑纱|布)(给)?(蒙|遮|挡|盖|罩)(住|上)?/gu },
  // 突然一句话都说不出来 (sudden loss of speech; not breathlessness, anger or crying).
  { id: 'speech-difficulty', re: /(突然|忽然|一下子|猛地)[^,.;!?。！？；]{0,6}(一句话|话)(都|也)?说不(出来|出|了)/gu, unless: /喘|气得|吓得|哭|激动|感动|憋|咳|嗓子|噎/u },
  // 喝水从右边嘴角淌出来, 嘴角往外漏口水 (drooling from one corner of the mouth: facial weakness).
  { id: 'facial-droop', re: /(左|右|一)边?(的)?嘴角[^,.;!?。！？；]{0,4}(淌|漏|流)(出来|出|口水|水|饭)?|嘴角(往外)?(漏|淌)(口水|水|饭)|(一张嘴|张嘴)就(往外)?(漏|淌)口水/gu },
  // 右手写字也写不成个了, 左手扣扣子扣不上 (a clumsy hand on one side).
  { id: 'limb-weakness', re: /(左|右)手[^,.;!?。！？；]{0,4}(写字|拿筷子|扣扣子|拿东西)[^,.;!?。！？；]{0,4}(写不成|不成个|写不了|歪歪扭扭|不听使唤|使不上|拿不住|扣不上)/gu },
  // 小肚子像有人拧毛巾那样绞着疼 (a simile between the site and the pain).
  { id: 'lower-abdominal-pain', re: /(小肚子|小腹|下腹)[^,.;!?。！？；]{0,2}(像|跟|好像|好似)[^,.;!?。！？；]{1,12}(那样|一样|似的|那么)?[^,.;!?。！？；]{0,3}(疼|痛)/gu },
  // 胃上面和下巴那儿闷, 下颌发紧 (a pressure felt at the jaw: where cardiac pain radiates).
  { id: 'radiating-pain', re: /(下巴|下颌|下颚)(那儿|那里|这儿|那块|也)?[^,.;!?。！？；]{0,3}(闷|发紧|紧得|压着|堵得)/gu, unless: /牙|拔|智齿|嚼|张嘴|关节|弹响/u },
  // 一整天就尿了一点点, 一天就尿了一次 (a day's urine in a few drops; half a day only with a few drops).
  { id: 'oliguria', re: /(一整天|一天一夜|一天|一夜|一晚上|一整晚)(了)?(就|才|只|总共)尿(了)?(一点点|一点|一次|一回|几滴|一小口)|(一上午|一下午|半天)(了)?(就|才|只)尿(了)?(一点点|几滴|一小口)/gu },
  // 人软成一滩泥, 浑身瘫软 (a limp, barely responsive person).
  { id: 'lethargy', re: /(人|整个人|浑身|全身)[^,.;!?。！？；]{0,2}(软成一滩(泥)?|瘫软|软得像(面条|一滩泥))/gu },
  // 说话接不上气, 说话上气不接下气.
  { id: 'dyspnea', re: /说话[^,.;!?。！？；]{0,4}(接不上气|上气不接下气|喘不上气)/gu },
  // 两条腿一天比一天软 (both legs weaker day by day).
  { id: 'bilateral-leg-weakness', re: /(两条腿|双腿|两腿|两个腿|两只脚|两条腿都)[^。！？!?]{0,10}(一天比一天|越来越)(软|没劲|没力气|无力|沉)/gu },
  // 喝水还有点呛, 吃饭喝汤老呛 (coughing on swallowing).
  { id: 'dysphagia', re: /(喝水|喝汤|喝东西|吃饭|吃东西|咽东西)(还|也|都|老|总|就)?(有点|有些|容易|老是?|总是?)?(呛)(?!了一下|到了?一下)/gu, unless: /宝宝|婴儿|喂奶|吃奶/u },
  // 把克芜踪当茶喝了, 喝了一口百草枯 (a herbicide or pesticide swallowed).
  { id: 'poisoning', re: /(喝|吃|吞|误服|误喝|咽)(了|下|进)?[^,.;!?。！？；]{0,10}(百草枯|克芜踪|敌草快|敌敌畏|乐果|甲胺磷|毒鼠强|除草剂|杀虫剂)|(百草枯|克芜踪|敌草快|敌敌畏|乐果|除草剂|杀虫剂|农药)[^,.;!?。！？；]{0,4}(当|以为是)(成)?[^,.;!?。！？；]{0,3}(茶|水|饮料|酒|汽水)[^,.;!?。！？；]{0,2}(喝|吃)/gu },
  // 眉毛鼻毛都燎焦了, 胳膊胸口焦黑起泡 (a flame burn).
  { id: 'burn', re: /(眉毛|睫毛|鼻毛|头发|胡子)[^,.;!?。！？；]{0,4}(燎|烧|烤)(焦|糊|着|没了|掉)|焦黑|烧焦|燎焦|烧黑/gu, unless: /饭|菜|锅底|面包|肉/u },
];

const SENTENCE_BREAK = /[.!?。！？\n]/u;

/** The sentences of a text, as [start, end) ranges. */
function sentenceRanges(t: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < t.length; ) {
    let j = i;
    while (j < t.length && !SENTENCE_BREAK.test(t[j] ?? '')) j++;
    if (j > i) out.push([i, j]);
    i = j + 1;
  }
  return out;
}

/** The sentence around position i. */
function sentenceAt(t: string, i: number): string {
  let a = i;
  while (a > 0 && !SENTENCE_BREAK.test(t[a - 1] ?? '')) a--;
  let b = i;
  while (b < t.length && !SENTENCE_BREAK.test(t[b] ?? '')) b++;
  return t.slice(a, b);
}

/**
 * A mention of these symptoms means something harmless in a sentence that also says this: a
 * teenager who will not get up (叫不醒，天天赖床), black stool after iron or animal blood.
 */
const SENTENCE_CANCELS: Readonly<Record<string, RegExp>> = {
  // 站着咳嗽的时候(包)更大, 一咳嗽就鼓出来: a cough that shows a hernia bulge is a provocation test, not a complaint.
  // 一紧张就想拉肚子, 一着急就跑厕所: stress as the trigger of a bowel complaint, not an anxiety complaint.
  // 难受得坐立不安, 疼得坐立不安: restlessness from pain or a full bladder, not an anxiety complaint.
  anxiety: /一(紧张|着急|激动|有压力)(就|便)(想|要|得)?(拉|跑厕所|上厕所|肚子|腹泻|胃|尿)|^(?![^。！？]*(焦虑|担心|害怕|紧张|心烦|发慌))[^。！？]*(疼|痛|胀|憋|难受|痒)得[^,.;!?。！？；]{0,3}坐立不安/u,
  cough: /(咳嗽|咳|打喷嚏)(的时候|时|一下)?[^,.;!?。！？；]{0,3}(更大|变大|鼓出来|鼓起来|凸出来|突出来|更明显|鼓得更)/u,
  unconscious: /赖床|睡懒觉|懒觉|不想起床|闹钟/u,
  // 打呼噜 半夜停好久不喘气 然后一口气喘上来: pauses in a snorer's breathing are sleep apnoea, not breathlessness
  // (unless the sentence also says blue lips, cannot be woken or breathless when awake).
  dyspnea: /^(?![^。！？]*(发紫|发青|叫不醒|醒着|白天也喘|走路喘|喘不上气来?[^。！？]{0,4}(醒|坐)))[^。！？]*(打呼噜|打呼(?!吸)|打鼾|鼾声|睡觉[^,.;!?。！？；]{0,6}呼噜)/u,
  lethargy: /赖床|睡懒觉|懒觉|不想起床|闹钟/u,
  cyanosis: /桑葚|蓝莓|紫薯|葡萄|火龙果|口红|唇膏|唇釉|(冻|冷)得|进屋(就|后)?好|暖和(了|过来)?(就)?好|(夹|砸|踢|碰|撞|压|磕)(了|到|伤)?[^。！？]{0,8}(指甲|趾甲)/u,
  // 刷牙吐出来的沫子带点血丝 (blood from the gums, not from the stomach) unless the amount says otherwise.
  hematemesis: /^(?![^。！？]*(一大口|好多|很多|一碗|一摊|大口))[^。！？]*(刷牙|牙龈|牙缝|漱口)/u,
  // 吃了打过农药的青菜 (residue on food), 吃了一盒消炎药都没好 (a course that did not help): not a poisoning.
  poisoning: /(打|喷)过(农药|杀虫剂|药)?的|残留|没洗干净|(吃|用)了[^。！？]{0,8}(都|也|还)(没好|不见好|不管用|没用|没效果)/u,
  // …unless the sentence also gives a sign of blood loss (站起来眼前发黑, 头晕, 心慌): then 是不是吃了猪血 is the
  // writer's hope, not the explanation.
  melena: /^(?![^。！？]*(?<!(?:没有|没|无|不|未)[^,.;!?。！？；]{0,6})(眼前发黑|头晕|心慌|晕倒|晕过去|差点摔|冷汗|脸色发白|脸白|站不住|呕血|吐血))[^。！？]*(铁剂|补铁|铁片|硫酸亚铁|琥珀酸亚铁|多糖铁|猪血|鸭血|血豆腐|铋剂|枸橼酸铋|黑芝麻)/u,
  // 肩膀疼…晚上压着还疼醒: pain on lying on a sore shoulder, hip or knee (tenderness), not a crushing chest pain —
  // when the sentence names such a painful site and no chest word at all.
  'crushing-chest-pain': /^(?![^。！？]*(胸|心口|心窝|心前区))[^。！？]*(肩|胳膊|手臂|腿|膝|腰|脖子|颈|手腕|脚|屁股|胯|髋|关节)[^,.;!?。！？；\s]{0,3}(疼|痛)/u,
};

export function phraseMentions(t: string, male = false, pregnant = false): Array<{ id: string; start: number; end: number }> {
  const out: Array<{ id: string; start: number; end: number }> = [];
  for (const p of PHRASE_PATTERNS) {
    // exec on the compiled pattern, not matchAll (which clones the RegExp on every call).
    const re = p.re;
    re.lastIndex = 0;
    for (let m = re.exec(t); m !== null; m = re.exec(t)) {
      // An empty match moves on by one character (as matchAll does).
      if (m[0] === '') re.lastIndex = m.index + ((t.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1);
      const [a, b] = clauseBounds(t, m.index, m.index + m[0].length);
      if (p.unless?.test(t.slice(a, b))) continue;
      if (p.sentenceUnless?.test(sentenceAt(t, m.index))) continue;
      if (p.maleOnly && !male) continue;
      if (p.pregnantOnly && !pregnant) continue;
      if (p.sentenceNeeds && !p.sentenceNeeds.test(sentenceAt(t, m.index))) continue;
      out.push({ id: p.id, start: m.index, end: m.index + m[0].length });
    }
    re.lastIndex = 0;
  }
  return out;
}

/** A denial after the word (喘气什么的都正常, 呼吸还好). */
const POST_DENIAL = /^[^,.;!?。！？；、和]{0,2}?(什么的|之类的|方面|等)?(也|都|倒|还|倒是)?(挺|很|还|都|倒|算)?(正常|没事|没问题|挺好|还好|还行|好好的|没什么问题|不受影响|顺畅|平稳|不费劲)/u;

/** 喘气说话正常, 喘气还行: breathing said to be fine denies breathlessness (a pleuritic pain with fever is then pneumonia). */
const BREATH_OK = /^(气|气儿)?(和|跟|、)?(说话|胸口|心口|胸)?(都|也|还|倒)?(还行|还好|正常|没问题|顺畅|平稳|不费劲|挺顺|没事|没啥事)/u;

// ---------------------------------------------------------------------------------------------

/** A swallowed quantity beyond any dose: 一整板, 整瓶, 一大把, 20片, 十几粒, 几十颗药. */
const OVERDOSE_QUANTITY = /(吃|吞|服|喝|嚼|took|ate|swallowed)(了|下|掉)?[^,.;!?。！？；]{0,14}?(一整板|整板|一板多|一板半|半板|两板|好几板|一盒多|大半盒|一整盒|整盒|一整瓶|整瓶|大半瓶|一大把|[1-9][0-9]\s*(片|粒|颗|pills|tablets)|十几(片|粒)|几十(片|粒|颗)|[二三四五六七八九]?十[几多来]?(片|粒)|好几十)|(一整板|整板|一整盒|整盒|一整瓶|整瓶|[1-9][0-9]\s*(片|粒)|十几(片|粒)|几十(片|粒|颗))[^,.;!?。！？；]{0,12}(都|全|全部)?(吃|吞|服)(了|下|掉|进)/gu;
/** The words for a child that an ingestion rule reads (孩子, 宝宝, Cantonese 岁仔, 细路 …). */
const CHILD_NOUNS = '孩子|宝宝|小孩|娃|儿子|女儿|孙子|孙女|外孙|小朋友|闺女|岁仔|仔仔|宝仔|细路|崽崽';
/** A child who got at medicine: 孩子把奶奶的硝苯地平吃了好几片, 宝宝偷吃了降压药. */
const CHILD_TOOK_MEDICINE = new RegExp(`(${CHILD_NOUNS})[^。！？]{0,40}((?:翻出|翻到|拿到|够到|找到)[^。！？]{0,20}(?:少了|不见了)|药[^。！？]{0,12}少了[^,.;!?。！？；]{0,3}(?:几|[一二三四五六七八九两0-9])(?:片|粒|颗)|偷吃|偷喝|误吃|误服|误喝|误吞|把[^,.;!?。！？；]{0,12}(吃|吞|喝)(了|下|掉)|(吃|吞)了[^,.;!?。！？；]{0,6}(好几|几|一|两|三|[0-9])(片|粒|颗))`, 'gu');
/** An adult's medicine named by its owner (奶奶的降压药, 他姥爷吃的硝苯地平, 大人的安眠药, 我平时吃的药). */
const ADULT_OWNER = '(奶奶|爷爷|外婆|外公|姥姥|姥爷|太奶奶|太爷爷|妈妈|爸爸|老妈|老爸|大人|老人|家里人|别人|舅舅|姑姑|阿姨|叔叔|大伯|我|老公|老婆|爱人)(平时|天天|每天|一直|长期)?(吃|用)?';
const ADULT_OWNED_MEDICINE = new RegExp(`${ADULT_OWNER}[^,.;!?。！？；的]{0,6}?的[^,.;!?。！？；]{0,8}?(${OVERDOSE_DRUG})`, 'u');
/** …the same owner right before a drug the lexicon knows (奶奶的硝苯地平). */
const ADULT_OWNER_BEFORE = new RegExp(`${ADULT_OWNER}的[^,.;!?。！？；]{0,4}$`, 'u');
/** …and that a child swallowed it: an ingestion verb that has happened, or a sign the child got at it. */
const CHILD_INGESTED = /(吃|吞|嚼|咽|舔|喝)(了|下|掉|进|下去|进去)|偷吃|偷喝|误(吃|服|吞|喝)|翻出|翻到|拿到|够到|咬破|塞(进)?嘴/u;
const CHILD_WORD = new RegExp(`${CHILD_NOUNS}|小家伙|小儿|幼儿|[一二两三四五六七八九十0-9]+岁(半)?(的)?(男孩|女孩|小孩|孩子|娃|宝宝)?`, 'u');

/**
 * Not a child who got at an adult's medicine: a question whether it may be given (能不能吃, 可以给他吃吗),
 * or a carer who gave it (给孩子吃了半片) without a sign of an accident (偷, 误, 翻出).
 */
const NOT_A_CHILD_INGESTION = /^(?!.*(偷|误|翻出|翻到|拿到|够到|趁|自己)).*(给[^,.;!?。！？；]{0,4}(吃|喝|喂|服)|喂(了|他|她|宝宝|孩子))|能不能(给[^,.;!?。！？；]{0,4})?(吃|用)|可不可以|可以(给[^,.;!?。！？；]{0,4})?(吃|用)|能(给[^,.;!?。！？；]{0,4})?(吃|用)吗|吃几|怎么吃|剂量/u;

/** A course of treatment or a dose question, not an overdose (吃了一盒都没好, 一次吃几片). */
const NOT_AN_OVERDOSE = /(想|打算|准备)(全|都|把它|把)?(吃|吞)|没好|不好|不管用|没用|没效|疗程|吃完了?[^,.;!?。！？；]{0,4}(还|也|都)|一次|每次|每天|一天|说明书|能吃|可以吃|怎么吃|吃几|有多少|一盒有|一瓶有|医生开|处方|维生素|钙片|鱼油|益生菌|糖豆|花生|瓜子|糖果/u;

/** The anus or defecation named in a clause (a tearing pain there is a fissure's). */
const ANAL_SITE = /肛门|肛周|肛口|屁眼|屁股眼|拉屎|拉粑粑|解大便|排大便|排便|大便(的)?(时候|时)/u;

/** A limb or a local site right before 抽筋 (a cramp there, not a seizure): 小腿, 肋骨底下, 下巴, 大腿根部. */
const LIMB_BEFORE = /(腿|脚|腿肚子?|脚趾|手指|脚底|脚心|胳膊|肋骨?|肋下|下颚|下颌|下巴|腮帮子?|大腿根|腹股沟|腰|胃|脖子)[^,.;!?。！？；]{0,6}$/u;

/** A patch of skin or a limb right before 发紫 (一块, 一大片, 脚后跟, 腿上, 肿了): a bruise there. */
const SKIN_PATCH_BEFORE = /(一|小|大)(块|片)|一小块|一大片|肿|淤|瘀|撞|碰|磕|脚|腿|膝|胳膊|手臂|手背|屁股|后跟|脚趾|皮肤|身上/u;

/** Signs that purple skin is a spreading infection or necrosis, not a bruise. */
const INFECTED_SKIN = /发黑|变黑|黑紫|紫黑|血泡|起泡|水泡|红肿|发烧|发热|高烧|烧到|伤口|口子|划伤|划破|溃烂|流脓/u;

/** The asker breastfeeds (我喂奶, 我在哺乳, 喂奶期间). */
const NURSING_MOTHER = /我(?:在|正在|还在|一直)?(?:喂奶|哺乳|喂母乳|母乳喂养)|(?:还在|正在)(?:喂奶|哺乳|喂母乳)|(?:喂奶|哺乳)期间|哺乳期/u;
/** The breast named (乳房, 奶头, 咪咪, 堵奶, 奶结). */
/** The baby is breastfed (纯母乳, 吃母乳, 亲喂): the asker is very likely the one who feeds. */
const NURSING_CUE = /纯母乳|全母乳|吃母乳|喂母乳|母乳喂养|亲喂|背奶|喂奶/u;
/** A complaint the asker says of herself (我这几天咳得厉害, 我感冒了, 我牙疼). */
const MOTHER_COMPLAINT = /我(?:这几天|这两天|最近|今天|昨天|现在|一直|有点|也)?[^，,。；;！？!?\s]{0,4}(?:咳|发烧|发热|感冒|疼|痛|拉肚子|腹泻|吐|痒|过敏|失眠|头晕|上火|便秘|鼻塞|嗓子|长了|起了)/u;
/** A complaint said of the baby (宝宝发烧, 孩子拉肚子, 娃起湿疹). */
const BABY_COMPLAINT = /(?:宝宝|孩子|娃|宝贝|儿子|女儿|闺女|小孩)[^，,。；;！？!?\s]{0,4}(?:咳|发烧|发热|烧|感冒|疼|痛|拉|吐|痒|过敏|哭闹|湿疹|黄|便秘|鼻塞|起|长|不吃)/u;
const BREAST_WORD = /乳房|乳头|乳腺|奶(?:子|头)|咪咪|涨奶|堵奶|奶结/u;

const HISTORY_CONTEXT = /(以前|之前|曾经|病史|有过|得过|年前|小时候|去年|前年)/u;

/**
 * Everything the engine reads from one message: symptoms (with negation and severity),
 * measurements, durations, age, sex, pregnancy, body parts, drugs and diseases, and who is meant.
 * Pure and synchronous; `now` only anchors dates such as 3月5日开始.
 */
const PAST = /上周|上个?星期|上个?月|上次|上回|以前|之前|曾经|去年|前年|几年前|多年前|前几年|那几年|小时候|那次|那年|那时候|那会儿|岁的时候|前段时间|前阵子|年前|个月前/u;
/** A later clause that sets the present against the past (以前有过…，现在…；两岁那年…，这次…). */
/** A year-scale past with an experiential 过 (去年出过车祸, 小时候得过): history even without a resolution word. */
const FAR_PAST_EXPERIENCE = /(去年|前年|几年前|多年前|前几年|那几年|小时候|那年|年前)[^,.;!?。！？；]{0,8}过/u;
const CONTRAST_NOW = /现在|目前|如今|这次|这回|眼下/u;
/** …unless it says the past complaint is back or still there (现在又开始, 现在还是). */
const RECUR = /又|还是|仍然|依然|再次|还在|复发|还会|还有|更/u;
/**
 * How a standing complaint is usually relieved (胸口疼时含硝酸甘油, 一喘就喷两下沙丁胺醇): a habit described,
 * not a complaint happening now — unless the clause says it is now (今天胸口疼时含了两片).
 */
const HABITUAL_RELIEF = /(?:时|的时候|时候|一(?:犯|疼|痛|发作|喘|憋|难受)就?)(?:就)?(?:含|吃|喷|吸|舌下含)(?:上|一下|两下|一片|一粒|几粒)?[^，。,；;\s]{0,6}?(?:硝酸甘油|速效救心丸|救心丸|沙丁胺醇|万托林|喷雾|气雾剂)/u;
const PRESENT = /现在|目前|最近|这两天|这几天|今天|今早|今晚|昨天|刚才|刚刚|当前|此刻|还在|正在|又开始|又出现|又犯/u;
const ONGOING = /开始|以来|一直|至今|到现在|持续|反复|还没好|没好/u;
const RESOLVED = /好了|好多了|没事了|不痛了|不疼了|没问题|正常了|恢复了|消失了|缓解了|治好了|控制住|控制得|痊愈/u;
const HYPOTHETICAL = /(电视|新闻|网上|网络|视频|抖音|报纸|广播|书)(上|里|中)?(说|讲|报道|播)|听说(?!话)|据说|新闻说|别人说(?!话)|如果|万一|假如|要是|预防|怎么预防|会不会得|(怎么|怎样|如何|咋)(才能|样)?(防止|防范|避免|防)/u;
/**
 * A knowledge question that compares two named things (心梗和心绞痛有啥区别, 偏头痛与紧张性头痛的不同):
 * the names are topics, not complaints, unless the clause puts a person or the present in it.
 */
const KNOWLEDGE_COMPARE = /(和|与|跟|同)[^,.;!?。！？；]{1,10}(到底|究竟)?(有)?(啥|什么|哪些|哪)?(区别|差别|差异|不同之处|的不同|分别在)/u;
const KNOWLEDGE_PERSON = /我|他|她|孩子|宝宝|现在|刚才|今天|这两天|最近|正在/u;

/** A possibility asked about right before a complaint (会不会中毒, 是否会发烧, 担心会抽筋, 怕引起感染). */
const ASKED_POSSIBILITY_BEFORE = /(会不会|是否会|会否|担心会?|害怕会?|就怕|怕会)(是|得|引起|导致|造成|出现|变成|有)?$/u;

/**
 * Clauses that do not describe the person now: a resolved past episode (上周抽过一次，现在已经好了)
 * or a hypothetical (电视上说中风的人会嘴歪). Their symptoms count as absent for triage. A past
 * clause needs a resolution word somewhere in the message and no ongoing word in the clause, so
 * 上周开始头痛 stays current. With `contrast` (symptoms, not risk-factor signals such as 上周做了手术),
 * a past clause is also history when a later clause sets the present against it (两岁那年惊厥过一次，
 * 现在5岁了) without saying the complaint is back (现在又…).
 */
export function notCurrentRanges(t: string, contrast = false): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const resolved = RESOLVED.test(t);
  const clauses: Array<[number, number]> = [];
  for (let i = 0; i < t.length; ) {
    let j = i;
    while (j < t.length && !CLAUSE_BREAK.test(t[j] ?? '')) j++;
    clauses.push([i, j]);
    i = j + 1;
  }
  // A past clause is history when the message says it resolved, or when a later clause sets the
  // present against it (两岁那年惊厥过一次，现在5岁了) without saying it is back.
  // Computed once from the end (not rescanned per clause: linear in the text).
  let contrastFrom: boolean[] | null = null;
  const contrastAfter = (k: number): boolean => {
    if (!contrastFrom) {
      const from: boolean[] = new Array<boolean>(clauses.length + 1).fill(false);
      for (let c = clauses.length - 1; c >= 0; c--) {
        const [a, b] = clauses[c] ?? [0, 0];
        const text = t.slice(a, b);
        from[c] = from[c + 1] === true || (CONTRAST_NOW.test(text) && !RECUR.test(text));
      }
      contrastFrom = from;
    }
    return contrastFrom[k + 1] === true;
  };
  let past = false;
  clauses.forEach(([i, j], k) => {
    const clause = t.slice(i, j);
    if (PRESENT.test(clause)) past = false;
    else if (PAST.test(clause) && !ONGOING.test(clause)) past = resolved || FAR_PAST_EXPERIENCE.test(clause) || (contrast && contrastAfter(k));
    if (past || HYPOTHETICAL.test(clause) || (KNOWLEDGE_COMPARE.test(clause) && !KNOWLEDGE_PERSON.test(clause)) || (HABITUAL_RELIEF.test(clause) && !PRESENT.test(clause))) out.push([i, j]);
  });
  return out;
}

/**
 * Suicidal talk is never negated by a bare 没/不 (我没有想自杀 still fires), except the screening
 * answer that denies the thought as such: 没有想死的念头, 无自杀想法, 从没有过轻生的打算 — a
 * denial right before and a word for the thought right after. 不是没有想死的念头 is not a denial.
 */
const IDEATION_DENIED_BEFORE = /(没有|没|无|从没有?|从来没有?|并没有|并无|否认)(过)?(任何|什么)?$/u;
const IDEATION_DOUBLE_NEGATION = /(不是|并非|不能说|也不是)(没有|没|无)(过)?(任何|什么)?$/u;
const IDEATION_NOUN_AFTER = /^(的)?(念头|想法|打算|计划|倾向|意图|冲动)/u;

/** 没想过伤害自己, 从来没想过自残: a denial of ever having had the thought (我没有想自杀 is not one). */
const THOUGHT_NEVER_BEFORE = /(从来?没有?|从未|并没有?|没有?)想过(要|去)?$/u;

/** …and a thought listed after the denied one (从来没想过伤害自己或者不想活). */
const THOUGHT_NEVER_LIST_BEFORE = /(从来?没有?|从未|并没有?|没有?)想过(要|去)?[^,.;!?。！？；]{1,10}(或者?|和|、|或是|也没有?)$/u;

/** The denial right before the thought: 没有想, 不想, 从没想过, 没打算, 不会 (想死 carries its own 想). */
const BARE_DENIAL_BEFORE = /(没有|没|从没有?|从来没有?|并没有|从未|绝不|不)(想|想过|想要|打算|会)(要|去)?$|(没有|没|从没有?|从来没有?|并没有|从未|绝不会|不会)$/u;
/** 伤害自己或孩子, 伤害自己和宝宝: another person added to the denied thought. */
const BARE_DENIAL_OTHERS = /^(或者?|和|跟|、|及|还是|或是)(孩子|宝宝|娃|小孩|别人|他人|家人|任何人|不想活|想死|自杀|轻生|自残|寻死|伤害自己)/u;
/** 没有想伤害自己或者不想活的念头: a second thought joined to a denied first one shares its denial. */
const JOINED_THOUGHT_BEFORE = /(伤害自己|自杀|自残|轻生|想死|寻死|不想活)(或者?|和|跟|、|及|还是|或是)$/u;
/** What may follow a denied thought in its clause: nothing, a particle, or a word for the thought. */
const BARE_DENIAL_AFTER = /^(过|了|啊|呀|哦|呢|的)?((的)?(念头|想法|打算|计划|倾向|意图|冲动))?(啊|呀|哦|呢|的)?$/u;

/** 抑郁症的人自杀前有哪些表现: suicide as the topic of a question about a population, not the writer's own thought. */
const TOPIC_SUBJECT_BEFORE = /(的人|患者|病人|人群|青少年|学生|大学生|老年人|人们)[^,.;!?。！？；我]{0,8}$/u;
const TOPIC_QUESTION_AFTER = /^[^,.;!?。！？；我]{0,12}(表现|征兆|迹象|信号|前兆|特点|原因|规律|危险因素)/u;

/** 不想伤害自己，可是控制不住: a wish not to, with the urge still there, is no denial. */
const URGE_AFTER = /(控制不住|忍不住|管不住|停不下来|克制不住|由不得自己)(自己)?((了|啊|呀)?([,.;!?。！？；\s]|$)|(想|要|去)?(划|割|伤|死|跳|撞|砍|烫))/u;

function deniedIdeation(id: string, before: string, after: string, rest = ''): boolean {
  if ((id === 'suicidal-ideation' || id === 'self-harm') && URGE_AFTER.test(rest)) return false;
  if (id === 'suicidal-ideation' && TOPIC_SUBJECT_BEFORE.test(before) && TOPIC_QUESTION_AFTER.test(after)) return true;
  if (id !== 'suicidal-ideation' && id !== 'self-harm') return false;
  if (IDEATION_DOUBLE_NEGATION.test(before.replace(/(想(过|要)?|打算|会)(要|去)?$/u, ''))) return false;
  if (THOUGHT_NEVER_BEFORE.test(before)) return true;
  // 从来没想过伤害自己或者不想活: a second thought joined to a denied one by 或者/和 is denied with it.
  if (THOUGHT_NEVER_LIST_BEFORE.test(before)) return true;
  // 没有想伤害自己或孩子, 我不想伤害自己, 没有想死, 从没想过轻生: a plain denial of the thought, ending
  // the clause (or naming the thought, or adding the child: 自己或孩子). 不是没有想… is caught above.
  if (BARE_DENIAL_BEFORE.test(before) && BARE_DENIAL_AFTER.test(after.replace(BARE_DENIAL_OTHERS, ''))) return true;
  if (JOINED_THOUGHT_BEFORE.test(before) && BARE_DENIAL_BEFORE.test(before.replace(JOINED_THOUGHT_BEFORE, '')) && BARE_DENIAL_AFTER.test(after)) return true;
  // 没有想伤害自己的念头: the screening denial covers self-harm as it covers suicidal thoughts.
  return IDEATION_DENIED_BEFORE.test(id === 'self-harm' ? before.replace(/想(要|去|过)?$/u, '') : before) && IDEATION_NOUN_AFTER.test(after);
}

export function extract(text: string, now: Date = new Date()): Extraction {
  const t = normalizeText(text);
  const tokens = segment(t, 0, t.length, FULL);

  interface RawSymptom extends Spanned {
    readonly id: string;
    readonly negatedForm: boolean;
    readonly adverbs: string;
    /** The second pass found it severe (剧痛, 撕开一样). */
    readonly severeHint?: boolean;
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
  // 腿有点抽筋, 脚又抽筋了: 抽筋 right after a limb is a cramp, not a seizure.
  rawSymptoms.forEach((r, k) => {
    if (r.id !== 'convulsion' || t.slice(r.start, r.end) !== '抽筋') return;
    const [cs] = clauseBounds(t, r.start, r.end);
    if (LIMB_BEFORE.test(t.slice(Math.max(cs, r.start - 10), r.start))) rawSymptoms[k] = { ...r, id: 'cramp' };
  });
  // 脚后跟肿了一块，发紫 / 发现一大片发紫: bare 发紫 of a patch of skin or a limb is a bruise, not
  // cyanosis — unless the clause names the lips, face, nails or the whole body.
  rawSymptoms.forEach((r, k) => {
    if (r.id !== 'cyanosis' || t.slice(r.start, r.end) !== '发紫') return;
    const [cs, ce] = clauseBounds(t, r.start, r.end);
    const around = t.slice(Math.max(0, r.start - 14), Math.min(t.length, ce + 4));
    if (/嘴|唇|脸|面|指甲|甲床|全身|浑身|舌/u.test(t.slice(cs, ce))) return;
    // A wound or infection turning purple (发紫发黑, 起血泡, 红肿, 发烧): not a bruise.
    if (INFECTED_SKIN.test(t)) return;
    if (SKIN_PATCH_BEFORE.test(around.slice(0, Math.max(0, r.start - Math.max(0, r.start - 14))))) rawSymptoms[k] = { ...r, id: 'bruising' };
  });
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
  // Second pass: body site + sensation, and phrasings with a variable middle.
  const dictMentions = [...rawSymptoms];
  const otherWords = tokens.filter((tok) => !tok.entries.some((e) => e.kind === 'symptom'));
  for (const c of composeSiteSensations(t, dictMentions, otherWords)) {
    rawSymptoms.push({ id: c.id, negatedForm: c.negated, start: c.start, end: c.end, adverbs: '', severeHint: c.severe });
  }
  const earlyPregnant = findPregnancy(t).pregnant;
  const male = findSex(t, findWho(t, earlyPregnant).sex, earlyPregnant) === 'M';
  for (const ph of phraseMentions(t, male, earlyPregnant)) {
    if (rawSymptoms.some((r) => r.id === ph.id && r.start < ph.end && ph.start < r.end)) continue;
    rawSymptoms.push({ id: ph.id, negatedForm: false, start: ph.start, end: ph.end, adverbs: '' });
  }
  // A medicine taken in a quantity no dose explains (吃了一整板泰诺林, took 20 片, 吞了几十粒), or a child who
  // got at an adult's medicine (孩子把奶奶的硝苯地平吃了好几片): an overdose, whatever the drug.
  if (rawLex.some((r) => r.kind === 'drug') || /药/u.test(t)) {
    for (const re of [OVERDOSE_QUANTITY, CHILD_TOOK_MEDICINE]) {
      for (const m of t.matchAll(re)) {
        const [cs, ce] = clauseBounds(t, m.index, m.index + m[0].length);
        if (NOT_AN_OVERDOSE.test(t.slice(cs, ce))) continue;
        // 给他吃了一片退烧药: a carer gave a dose — not a child who got at the medicine (偷吃, 误服, 翻出 … 吃了).
        if (re === CHILD_TOOK_MEDICINE && /给[^,.;!?。！？；]{0,4}(吃|喝|喂|服)|喂(了|他|她|宝宝|孩子)/u.test(m[0]) && !/偷|误|自己|翻出|翻到|拿到|够到|趁/u.test(m[0])) continue;
        if (!rawSymptoms.some((r) => r.id === 'poisoning' && r.start < m.index + m[0].length && m.index < r.end)) rawSymptoms.push({ id: 'poisoning', negatedForm: false, start: m.index, end: m.index + m[0].length, adverbs: '' });
      }
    }
  }
  // 宝宝吃了奶奶的降压药, 两岁娃把大人的安眠药翻出来嚼了: a child and an adult's medicine in one sentence with
  // an ingestion — the accidental ingestion of an adult's medicine, whatever the quantity (one tablet of a
  // sulfonylurea, calcium-channel blocker or opioid can kill a toddler: 《急诊与灾难医学》第3版, 2018).
  if (CHILD_WORD.test(t)) {
    for (const [a, b] of sentenceRanges(t)) {
      const sentence = t.slice(a, b);
      if (!CHILD_INGESTED.test(sentence) || NOT_A_CHILD_INGESTION.test(sentence)) continue;
      const owned = ADULT_OWNED_MEDICINE.exec(sentence);
      // …or a drug the lexicon knows, named with its owner (奶奶的硝苯地平).
      const drug = owned ? null : rawLex.find((r) => r.kind === 'drug' && r.start >= a && r.end <= b && ADULT_OWNER_BEFORE.test(t.slice(a, r.start)));
      if (!owned && !drug) continue;
      const start = owned ? a + owned.index : (drug?.start ?? a);
      const end = owned ? start + owned[0].length : (drug?.end ?? b);
      if (!rawSymptoms.some((r) => r.id === 'poisoning' && r.start < end && start < r.end)) rawSymptoms.push({ id: 'poisoning', negatedForm: false, start, end, adverbs: '' });
    }
  }
  // 拉屎时肛门撕裂一样疼: a tearing pain at the anus or on defecation is anal pain (a fissure), not
  // the tearing chest/back pain of a dissection — unless the clause also names the chest or back.
  rawSymptoms.forEach((r, k) => {
    if (r.id !== 'tearing-pain') return;
    const [cs, ce] = clauseBounds(t, r.start, r.end);
    const clause = t.slice(cs, ce);
    if (ANAL_SITE.test(clause) && !/胸|背|心口|腰/u.test(clause)) rawSymptoms[k] = { ...r, id: 'anal-pain' };
  });
  const allSpans: Spanned[] = [...rawSymptoms, ...rawLex];
  const notCurrent = notCurrentRanges(t, true);

  const symptoms: SymptomMention[] = [];
  for (const r of rawSymptoms) {
    // 吃奶少一点, 不太吃奶了些: feeding a little less is a poorer appetite, not refusing feeds.
    const entry = r.id === 'unable-to-feed' && /^(了)?(一)?(点|些)/u.test(t.slice(r.end, r.end + 3)) ? symptomById('loss-of-appetite') : symptomById(r.id);
    if (!entry) continue;
    const historical = notCurrent.some(([a, b]) => r.start >= a && r.end <= b);
    // A resolved past episode or a hypothetical is not a current complaint — even suicidal
    // thoughts that are explicitly past and treated (以前有过…，现在好多了).
    const [cs, ce] = clauseBounds(t, r.start, r.end);
    const before = t.slice(cs, r.start);
    const after = t.slice(r.end, ce);
    const cancel = SENTENCE_CANCELS[entry.id];
    if (cancel?.test(sentenceAt(t, r.start))) continue;
    // 咳嗽时明显, 一咳嗽就鼓出来: the cough provokes another sign (a hernia), it is not a complaint of its own.
    if (entry.id === 'cough' && /^(的)?(时候?|一下)?(就|会|更|才)?(更)?(明显|鼓|出来|凸|冒出来|大)/u.test(t.slice(r.end, r.end + 6)) && /包|疝|鼓|肿块|凸/u.test(sentenceAt(t, r.start))) continue;
    // 吐黄痰, 吐了口痰, 吐口水: spitting, not vomiting.
    if (entry.id === 'vomiting' && /^(了)?(一|几)?(口|些|点)?(黄|白|绿|浓|脓|稠|黏)?(痰|口水|唾沫|吐沫)/u.test(t.slice(r.end, r.end + 5))) continue;
    // 痒得睡不着, 牙疼得睡不着觉: the sleeplessness measures the itch or pain before it, not a complaint of its own.
    if (entry.id === 'insomnia' && /(疼|痛|痒|咳|喘|憋|胀|难受|酸|麻)(得|的)(都|也|晚上|整晚|整夜)?$/u.test(before)) continue;
    // 会不会中毒, 打完疫苗会不会发烧, 担心会抽筋: a complaint asked about as a possibility, not one the person has.
    // 是不是蘑菇中毒？: a poisoning asked about as the cause of a complaint, the question ending there.
    const askedCause = entry.id === 'poisoning' && /(是不是|会不会是|是否是?|难道是|该不会是)[^,.;!?。！？；]{0,4}$/u.test(before) && /^(了)?(吧|吗|呢|啊)?[?？]/u.test(t.slice(r.end, r.end + 4));
    const asked = (entry.negatable && ASKED_POSSIBILITY_BEFORE.test(before) && !/^(了|过)/u.test(after)) || askedCause;
    const negated = historical || asked || deniedIdeation(entry.id, before, after, t.slice(r.end, r.end + 24)) || (entry.negatable && (r.negatedForm || isNegated(t, r.start, allSpans) || POST_DENIAL.test(after) || (entry.id === 'dyspnea' && (BREATH_OK.test(after) || /(?:能|还能|可以|能正常)$/u.test(before)))));
    const severe = entry.severe || r.severeHint === true || SEVERE_CLAUSE.test(t.slice(cs, ce)) || (SEVERE_BEFORE.test(before.slice(-4)) && !DENIED_SEVERE_BEFORE.test(before.slice(-6))) || SEVERE_AFTER.test(after) || SEVERE_ADVERB.test(r.adverbs) || /剧痛|剧烈/u.test(t.slice(r.start, r.end));
    const mild = !severe && (MILD_BEFORE.test(before.slice(-5)) || MILD_ADVERB.test(r.adverbs));
    const span: Span = [r.start, r.end];
    symptoms.push({ id: entry.id, name: entry.name, negated, severe, mild, implied: false, span });
    for (const impliedId of entry.implies) {
      const implied = symptomById(impliedId);
      if (implied) symptoms.push({ id: implied.id, name: implied.name, negated, severe, mild, implied: true, span });
    }
  }

  // 肚子绞着疼…吐了，疼得嗷嗷叫: a bare pain clause with a degree and no site of its own (疼得嗷嗷叫, 痛得直叫唤)
  // makes the pain named before it in the message severe.
  for (const m of t.matchAll(BARE_SEVERE_PAIN)) {
    let k = -1;
    symptoms.forEach((x, i) => {
      if (x.span[1] <= m.index && !x.negated && PAIN_ID.test(x.id)) k = i;
    });
    const target = symptoms[k];
    if (target && !target.severe) symptoms[k] = { ...target, severe: true, mild: false };
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
  // 心跳快得不行 数了一下180: a count of beats in a message about the heartbeat or pulse.
  const counted = /心跳|脉搏|心率|心慌|心悸|脉/u.test(t) ? findMeasure(t, '数了一下|数了下|数了数|数了|数一下|数着', 20, 260) : [];
  const measuredRate = [...findMeasure(t, '心率|心跳|脉搏|脉率', 20, 260), ...counted];
  const heartRate = [...measuredRate, ...countedPulse(t).filter((v) => !measuredRate.includes(v))];

  // A measured fever counts as the symptom (体温38.5 with no 发烧 written).
  const maxTemp = temps.length ? Math.max(...temps.map((x) => x.value)) : null;
  const feverTemp = temps.find((x) => x.value >= 37.3);
  if (feverTemp && !symptoms.some((s) => s.id === 'fever' && !s.negated)) {
    const fever = symptomById('fever');
    if (fever) symptoms.push({ id: fever.id, name: fever.name, negated: false, severe: feverTemp.value >= 40, mild: false, implied: true, span: feverTemp.span });
  }
  symptoms.sort((a, b) => a.span[0] - b.span[0]);

  const allAges = findAges(t);
  const pregnancy = findPregnancy(t);
  const durations = findDurations(t, now, [...allAges.map((a) => a.span), ...temps.map((x) => x.span)]);
  const found = findWho(t, pregnancy.pregnant);
  // 孩子三个月 我喂奶 左边乳房红肿: a nursing mother writing about her own breast — the baby's age and
  // the word 孩子 say whom she feeds, not who is ill.
  // …and 宝宝3个月 纯母乳 我这几天咳得厉害: a breastfeeding mother whose own complaint is the question (the baby's
  // age says whom she feeds), unless the baby has a complaint of its own in the message.
  const nursingMother =
    found.who === 'child' &&
    ((NURSING_MOTHER.test(t) && BREAST_WORD.test(t)) || ((NURSING_MOTHER.test(t) || NURSING_CUE.test(t)) && MOTHER_COMPLAINT.test(t) && !BABY_COMPLAINT.test(t)));
  const ages = nursingMother ? allAges.filter((a) => a.years >= 14) : allAges;
  const who = nursingMother ? 'self' : found.who;
  const whoSex = nursingMother ? 'F' : found.sex;
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
