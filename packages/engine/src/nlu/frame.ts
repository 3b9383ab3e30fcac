import { extract } from '../extract.ts';
import { askingPart, classifyIntent, type AnswerIntent } from '../intent.ts';
import { canAffect, entity, type Affects, type EntityType, type Person } from '../kb/index.ts';
import { normalizeText } from '../normalize.ts';
import { clauseAt, clausesOf, statusOf, type Clause, type MentionStatus } from './context.ts';
import { complaintsOf, linkTokens, type Link } from './link.ts';
import { parseQuantities, type Quantity } from './quantities.ts';
import { segment, type Token } from './segment.ts';
import { readSubjects, type Subject } from './subject.ts';

/** What the question asks, read from its cue words. */
export const ASKS = [
  'what_is_wrong', 'cause', 'how_to_treat', 'can_take', 'can_do', 'is_normal', 'which_department', 'where', 'need_doctor',
  'what_is', 'serious', 'prognosis', 'effect', 'side_effect', 'diet', 'care', 'cost', 'other',
] as const;
export type Ask = (typeof ASKS)[number];

/** A linked mention with its status and who it is about. */
export interface Mention extends Link, MentionStatus {
  readonly who: Subject['who'];
  /** For a test: the value written right after it (血糖7.8, 尿酸480, 血压150/95). */
  readonly value?: Quantity;
}

/** The named thing a question is about. */
export type NamedFocus = { readonly type: Exclude<EntityType, 'symptom' | 'body_part' | 'department'>; readonly entityId: string; readonly name: string };
/**
 * What a story is about when the KB links no symptom in it: a food asked about (能吃燕麦吗), a
 * complaint at a site (阴茎肿疼 → 阴茎肿痛), a complaint the extraction's lay phrases read, or the
 * site alone. entityId is the KB entity it rests on (the site), when there is one.
 */
export type StoryTopic = { readonly type: 'food' | 'symptom' | 'disease' | 'drug' | 'operation' | 'body_part'; readonly name: string; readonly entityId: string | null };
/** A description of complaints (symptoms affirmed now), when nothing is named. */
export type StoryFocus = { readonly type: 'story'; readonly symptoms: ReadonlyArray<{ readonly entityId: string; readonly name: string }>; readonly topic?: StoryTopic };

export interface Frame {
  readonly text: string;
  readonly subject: Subject;
  readonly focus: NamedFocus | StoryFocus;
  readonly mentions: readonly Mention[];
  readonly quantities: readonly Quantity[];
  readonly intent: AnswerIntent;
  /** The classifier's probability for the intent (1 for the rule classifier). */
  readonly intentP: number;
  readonly ask: Ask;
  /** The food a can-I-eat question asks about (膜性肾病可不可以吃蜂蜜 → 蜂蜜); the focus stays what the answer is planned from (the disease). */
  readonly food?: StoryTopic;
}

/** The profile of the person asking (applies when the question is about the asker). */
export interface FrameProfile {
  readonly age?: number | null;
  readonly sex?: 'M' | 'F' | null;
  readonly pregnant?: boolean | null;
}

/** An intent classifier: the text and the types of entity it names → an intent and its probability. */
export type IntentClassifier = (text: string, entityTypes: readonly string[]) => { readonly intent: AnswerIntent; readonly p: number };

/** The default: the rule classifier of src/intent.ts. */
export const ruleIntentClassifier: IntentClassifier = (text) => ({ intent: classifyIntent(text, extract(text)), p: 1 });

let defaultClassifier: IntentClassifier = ruleIntentClassifier;

/** Replaces the classifier every later {@link frame} call uses (a trained model, once it lands). */
export function setIntentClassifier(c: IntentClassifier): void {
  defaultClassifier = c;
}

// ---------------------------------------------------------------------------------------------
// Ask

/** Cue → ask, tried in order over the asking clauses, then over the whole text. */
const ASK_CUES: ReadonlyArray<readonly [Ask, RegExp]> = [
  ['which_department', /(?:挂|看|去)(?:什么|啥|哪个|哪一个|哪)(?:科|个科)|什么科室|哪个科室|(?:什么|啥|哪个)科(?!学|普|技)/u],
  ['where', /哪家医院|哪个医院|哪里(?:的医院)?(?:治疗|看|治|查|做)?(?:比较)?好|去哪(?:里|儿)?(?:看|治|查|做)|在哪(?:里|儿)?(?:看|治|查|做)/u],
  ['cost', /多少钱|费用|花费|贵不贵|贵吗|报销|医保|自费|价格/u],
  ['side_effect', /副作用|不良反应|伤(?:肝|肾|胃|身体)|有依赖|会上瘾|耐药/u],
  ['prognosis', /能(?:不能)?(?:治好|治愈|根治|好吗|彻底好|恢复)|会(?:不会)?好|多久(?:能|才能|可以|会)?(?:好|恢复|痊愈)|几天(?:能|才能|会)?好|会(?:不会)?复发|能活(?:多久|几年)|预后/u],
  ['is_normal', /正常吗|正不正常|(?:算|是)?(?:偏)?(?:高|低)(?:吗|不)|高不高|低不低|超标|(?:什么|啥)意思|说明(?:什么|啥)|代表(?:什么|啥)|有问题吗/u],
  ['serious', /严重吗|严不严重|严重不|要紧吗|要不要紧|危险吗|有(?:没有)?(?:生命)?危险|会死吗|会不会(?:死|癌变|恶化)/u],
  ['need_doctor', /(?:要不要|用不用|需不需要|需要|该不该|要)(?:马上|立即)?(?:去|上|看)(?:医院|医生|急诊)|要去医院吗/u],
  ['effect', /(?:能|可以)(?:降|治|治疗|缓解|预防|补)[^，。,？?]{0,8}(?:吗|不|么)|(?:什么|啥)作用|功效|有(?:什么|啥)用|治(?:什么|啥)的|管用(?:吗|不)|有效(?:吗|不)|有用吗|有没有用|效果(?:怎么样|好吗)/u],
  ['can_take', /(?:能|可以|能不能|可不可以|可否|敢)(?:一起|同时|继续|长期)?(?:吃|服|服用|用|喝|打|涂|抹|擦|贴|喷)(?:[^，。,？?]{0,12})(?:吗|不|么|呢)|(?:能不能|可不可以)(?:一起|同时|继续)?(?:吃|服|服用|用|喝|打|涂|抹)/u],
  ['diet', /吃(?:什么|啥|哪些)(?:好|比较好|食物|东西|水果)?(?!药)|饮食|忌口|食疗|不能吃(?:什么|啥)|喝(?:什么|啥)(?:汤|好)/u],
  ['how_to_treat', /怎么办|咋办|怎么治|如何治|咋治|治疗(?:方法|方案)?(?:是|有)?(?:什么|啥|哪些)?|(?:吃|用)(?:什么|啥|哪些|哪种)药|怎么(?:缓解|调理|处理|消|降|去掉|恢复|改善)|如何(?:缓解|调理|处理|降)|(?:有|有没有)(?:什么|啥)?(?:好)?(?:办法|方法)|要(?:吃药|治疗|手术)吗|需要(?:手术|治疗|吃药)吗/u],
  ['care', /多久(?:能|可以|才能)(?:吃|喝|洗|下床|下地|运动|上班|同房|坐|走)|(?:什么时候|啥时候)(?:能|可以)(?:吃|喝|洗|下床|运动|上班)|注意(?:什么|啥|哪些)|注意事项|怎么护理|如何护理|护理|怎么预防|如何预防|预防/u],
  ['can_do', /(?:能|可以|能不能|可不可以)(?:正常)?(?:运动|锻炼|洗澡|洗头|同房|上班|上学|喝酒|怀孕|要孩子|喂奶|哺乳|坐飞机|游泳|开车|出门|跑步|献血|打疫苗)/u],
  ['cause', /为什么|为啥|为何|什么原因|啥原因|原因|怎么引起|(?:什么|啥)引起|怎么得的|怎么会/u],
  ['what_is_wrong', /怎么回事|咋回事|(?:是|得了)(?:什么|啥)病|什么病|是不是|会不会是|什么情况|怎么了|咋了/u],
  ['what_is', /(?:是|叫)(?:什么|啥)|什么是|啥是|啥叫|什么叫|介绍一下/u],
];

export function askOf(text: string, mentions: readonly Mention[]): Ask {
  const hasDrug = mentions.some((m) => m.type === 'drug' && m.polarity === 'affirmed');
  for (const part of [askingPart(text), text]) {
    if (!part) continue;
    for (const [ask, re] of ASK_CUES) {
      if (!re.test(part)) continue;
      // 能吃X吗 without a drug is a food question.
      if (ask === 'can_take' && !hasDrug) return /(?:吃|喝)/u.test(part) ? 'diet' : 'can_do';
      return ask;
    }
  }
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// Frame

const NAMED: ReadonlySet<EntityType> = new Set(['disease', 'drug', 'test', 'operation']);

/** Preferred focus type for an ask: a can-I-take question is about the drug, an is-it-normal one about the test. */
const PREFERRED: Partial<Record<Ask, EntityType>> = { can_take: 'drug', side_effect: 'drug', effect: 'drug', is_normal: 'test' };

interface Parsed {
  readonly normalized: string;
  readonly tokens: readonly Token[];
  readonly clauses: readonly Clause[];
  readonly quantities: readonly Quantity[];
  readonly mentions: readonly Mention[];
  readonly perClause: readonly Subject[];
  /** Sites with a complaint word the KB has no symptom for (嘴里很疼 → 口腔 + 疼痛). */
  readonly complaints: ReadonlyArray<{ readonly mention: Mention; readonly core: string }>;
}

/** Segments, links, reads numbers, clauses and subjects: everything but the intent. */
export function understand(text: string): Parsed {
  const normalized = normalizeText(text);
  const tokens = segment(normalized);
  const clauses = clausesOf(normalized);
  const quantities = parseQuantities(normalized);
  const subjects = readSubjects(normalized, clauses, quantities);
  const links = linkTokens(normalized, tokens);
  const mentions: Mention[] = links.map((l) => {
    const ci = clauses.findIndex((c) => c === clauseAt(clauses, l.start));
    const who = subjects.perClause[ci]?.who ?? 'self';
    const value = l.type === 'test' ? quantities.find((q) => (q.kind === 'value' || q.kind === 'bp') && q.start >= l.end && q.start - l.end <= 6 && !/[，。,？?]/u.test(normalized.slice(l.end, q.start))) : undefined;
    return { ...l, ...statusOf(normalized, clauses, l.start, l.end), who, ...(value ? { value } : {}) };
  });
  const complaints = complaintsOf(links).flatMap((c) => {
    const mention = mentions.find((m) => m.start === c.site.start);
    return mention ? [{ mention, core: c.core }] : [];
  });
  return { normalized, tokens, clauses, quantities, mentions, perClause: subjects.perClause, complaints };
}

const active = (m: Mention): boolean => m.polarity === 'affirmed' && m.modality !== 'hypothetical';

/**
 * The question frame of one message: who it is about, what it is about (a named disease, drug,
 * test or operation, else the story of symptoms), every mention with its status, the numbers, the
 * intent (from the injectable classifier) and what exactly is asked.
 */
export function frame(text: string, profile: FrameProfile = {}, options: { classifyIntent?: IntentClassifier } = {}): Frame {
  const p = understand(text);
  const ask = askOf(p.normalized, p.mentions);
  const asking = askingPart(p.normalized);
  const inAsking = (m: Mention): boolean => asking.length > 0 && asking.includes(m.surface);
  const symptoms = p.mentions.filter((m) => m.type === 'symptom' && active(m) && m.time === 'now');
  // Named and current first; a past one (以前得过胃炎) only when nothing is complained of now; a
  // hypothetical one (万一是阑尾炎) only when nothing else is named.
  const current = p.mentions.filter((m) => NAMED.has(m.type) && m.polarity === 'affirmed' && m.modality !== 'hypothetical' && m.time === 'now');
  const past = symptoms.length === 0 ? p.mentions.filter((m) => NAMED.has(m.type) && m.polarity === 'affirmed' && m.modality !== 'hypothetical') : [];
  const named = current.length > 0 ? current : past.length > 0 ? past : symptoms.length === 0 ? p.mentions.filter((m) => NAMED.has(m.type) && m.polarity === 'affirmed') : [];
  const preferred = PREFERRED[ask];
  // A named thing that is only the background of the question — a cause (感冒引起的…), a drug
  // already taken (吃了感冒药), a test that found something (B超显示…) — gives way to what is asked about.
  const background = (m: Mention): boolean => isBackground(p.normalized, m, ask);
  const foreground = named.filter((m) => !background(m));
  const pool = foreground.length > 0 ? foreground : named;
  let pick: Mention | undefined = (preferred ? pool.find((m) => m.type === preferred) : undefined) ?? pool.find(inAsking) ?? pool[0];
  if (pick && background(pick) && symptoms.length > 0 && preferred !== pick.type) pick = undefined;
  // What the asker names more often than anything else is what the question is about (感冒咳嗽…咳嗽的时候…):
  // a named thing or a complaint repeated beats one named once. (A suspected disease giving way to the
  // complaints beside it — 鼻塞…是不是鼻炎 — was tried and lost on real-dev.)
  const count = (m: Mention): number => p.mentions.filter((x) => x.entityId === m.entityId).length;
  const top = [...pool, ...symptoms].filter((m) => count(m) >= 2).sort((a, b) => count(b) - count(a))[0];
  if (top && (!pick || count(top) > count(pick)) && (!preferred || top.type === preferred)) pick = NAMED.has(top.type) ? top : undefined;
  if (top && !pick && top.type === 'symptom') symptoms.splice(0, symptoms.length, top, ...symptoms.filter((m) => m !== top));
  const food = asking ? foodAsked(asking, p.mentions, Math.max(0, p.normalized.lastIndexOf(asking))) : foodAsked(p.normalized, p.mentions);
  const story = (): StoryFocus => {
    const list = symptoms.map((s) => ({ entityId: s.entityId, name: s.name }));
    const topic = list.length > 0 ? undefined : storyTopic(text, p);
    return { type: 'story', symptoms: list, ...(topic ? { topic } : {}) };
  };
  const focus: NamedFocus | StoryFocus = pick
    ? { type: pick.type as NamedFocus['type'], entityId: pick.entityId, name: pick.name }
    : food
      ? { type: 'story', symptoms: symptoms.map((s) => ({ entityId: s.entityId, name: s.name })), topic: food }
      : story();

  const anchor = pick ?? symptoms[0];
  const ci = anchor ? p.clauses.findIndex((c) => c === clauseAt(p.clauses, anchor.start)) : p.clauses.length - 1;
  const fromText = p.perClause[ci] ?? p.perClause[p.perClause.length - 1] ?? { who: 'self' as const };
  const subject: Subject = fromText.who === 'self'
    ? {
        who: 'self',
        ...(fromText.age !== undefined ? { age: fromText.age } : profile.age != null ? { age: profile.age } : {}),
        ...(fromText.sex ? { sex: fromText.sex } : profile.sex ? { sex: profile.sex } : {}),
        ...(fromText.pregnant ? { pregnant: true } : profile.pregnant != null ? { pregnant: profile.pregnant } : {}),
      }
    : fromText;

  const classifier = options.classifyIntent ?? defaultClassifier;
  const { intent, p: intentP } = classifier(text, [...new Set(p.mentions.filter(active).map((m) => m.type))]);
  return { text, subject, focus, mentions: p.mentions, quantities: p.quantities, intent, intentP, ask, ...(food ? { food } : {}) };
}

/** Words after a mention that make it the cause or the time of what follows: 感冒引起的, 流产后. */
const CAUSE_AFTER = /^(?:引起|导致|所致|造成|诱发|引发|以后|之后|后|期间|的时候|时)/u;
/** Words before a test that tell it is where a finding came from: 做了B超, 到医院检查. */
const TEST_ASKED = /(?:正常|偏高|偏低|高|低|多少|意思|说明|结果|报告|怎么看|看懂|准不准|准确)/u;

/**
 * A named mention that is the background of the question rather than what is asked about: a
 * cause or a time (感冒引起的咳嗽, 流产后…), or a test that only reported something (B超显示…)
 * when the question does not ask about the test. (A drug already taken — 吃了感冒灵 — was tried as
 * background too and lost on real-dev: it stays a candidate.)
 */
export function isBackground(t: string, m: Mention, ask: Ask): boolean {
  const after = t.slice(m.end, m.end + 4);
  if (CAUSE_AFTER.test(after) && (m.type === 'disease' || m.type === 'operation')) return true;
  if (m.type === 'test') return ask !== 'is_normal' && !TEST_ASKED.test(t.slice(m.end, m.end + 10));
  return false;
}

// ---------------------------------------------------------------------------------------------
// Story topics: a food asked about, a complaint at a site

/** 能吃X吗, X能吃吗, 可以喝X吗, 吃X好不好: the X of a can-I-eat question. */
const FOOD_ASKED: readonly RegExp[] = [
  /(?:能|可以|能不能|可不可以|可否|能否|敢)(?:吃|喝|食用|饮用)(?:点|些|一些|一点)?((?:(?![吗么嘛呢不什啥哪])[\p{Script=Han}a-z]){1,8}?)(?:吗|么|嘛|不|呢|没有|$)/u,
  /((?:(?![吗么嘛呢不什啥哪])[\p{Script=Han}a-z]){1,8}?)(?:能|可以|能不能|可不可以)(?:吃|喝)(?:吗|么|嘛|不|呢|$)/u,
  /(?:吃|喝)(?:点|些)?((?:(?![吗么嘛呢不什啥哪])[\p{Script=Han}a-z]){1,8}?)(?:好不好|有(?:什么|啥)?(?:好处|坏处|影响)|有没有(?:好处|影响)|好吗|行吗|可以吗)/u,
];
/** Words that are not a food in such a frame (吃什么, 吃药, 吃东西, 吃饭). */
const NOT_FOOD = /^(?:什么|啥|哪些|药|东西|饭|点东西|的|了|得|这个|那个|这种|那种|这些|那些|多少|几|一起|同时|正常|点儿)$|药|片|胶囊|颗粒|丸$|什么|啥|哪/u;
const FOOD_LEAD = /^(?:点儿?|些|一些|一点|一下|的|了|个|这个|那个|这种|那种|点点)/u;
const FOOD_SUBJECT_LEAD = /^.*?(?:孕妇|宝宝|孩子|小孩|老人|病人|我|他|她|现在|平时|期间|时候?|后|期|人)/u;

/** The food a can-I-eat question asks about, unless it names a drug (能吃布洛芬吗 is about the drug); offset: where t starts in the text the mentions index. */
export function foodAsked(t: string, mentions: readonly Mention[], offset = 0): StoryTopic | null {
  for (const re of FOOD_ASKED) {
    const m = re.exec(t);
    if (!m?.[1] || m.index === undefined) continue;
    let x = m[1].replace(FOOD_LEAD, '');
    if (re === FOOD_ASKED[1]) x = x.replace(FOOD_SUBJECT_LEAD, '');
    if ([...x].length < 1 || NOT_FOOD.test(x)) continue;
    const at = offset + m.index + m[0].indexOf(x);
    if (mentions.some((k) => (k.type === 'drug' || k.type === 'disease' || k.type === 'symptom' || k.type === 'test') && k.start < at + x.length && k.end > at)) continue;
    return { type: 'food', name: x, entityId: null };
  }
  return null;
}

/** Complaint words as a symptom name: 疼痛 at 口腔 → 口腔疼痛. */
function complaintName(site: string, core: string): string {
  return `${site.replace(/部$/u, '')}${core}`;
}

/**
 * What a story with no linked symptom is about: a complaint at a site (the first), else what the
 * extraction's lay phrases read (a symptom, disease, drug or operation), else the first site named.
 */
function storyTopic(text: string, p: Parsed): StoryTopic | undefined {
  const c = p.complaints.find((x) => active(x.mention));
  if (c) return { type: 'symptom', name: complaintName(c.mention.name, c.core), entityId: c.mention.entityId };
  const ex = extract(text);
  const s = ex.symptoms.find((x) => !x.negated && !x.implied);
  if (s) return { type: 'symptom', name: s.name, entityId: null };
  const d = ex.diseases.find((x) => !x.negated) ?? null;
  if (d) return { type: 'disease', name: d.name, entityId: null };
  const g = ex.drugs.find((x) => !x.negated) ?? null;
  if (g) return { type: 'drug', name: g.name, entityId: null };
  const o = ex.surgeries.find((x) => !x.negated) ?? null;
  if (o) return { type: 'operation', name: o.name, entityId: null };
  const b = p.mentions.find((m) => m.type === 'body_part' && active(m));
  return b ? { type: 'body_part', name: b.name, entityId: b.entityId } : undefined;
}

/**
 * The subject as a person for {@link canAffect}: a child of unknown age is under 18, an adult
 * relative over 18, a fetus is age 0 (its mother's pregnancy conditions stay possible); unknown
 * facts stay unknown.
 */
export function personOf(s: Subject): Person & { readonly ageRange?: readonly [number, number] } {
  const age = s.who === 'fetus' ? 0 : s.age ?? null;
  // A fetus shares its mother's pregnancy conditions (胎动减少, 胎盘早剥): pregnancy stays open for it.
  const pregnant = s.who === 'fetus' ? null : s.who === 'child' || s.sex === 'M' ? false : s.pregnant ?? null;
  const sex = s.sex ?? null;
  const ageRange: readonly [number, number] | undefined = age !== null ? undefined
    : s.who === 'child' ? [0, 18] : s.who === 'parent' || s.who === 'elder' || s.who === 'spouse' ? [18, 120] : undefined;
  return { age, sex, pregnant, ...(ageRange ? { ageRange } : {}) };
}

/** Whether an entity (by its who-it-affects limits) is possible for the frame's subject. */
export function possibleFor(affects: Affects | undefined, s: Subject): boolean {
  // The conditions of a pregnancy (胎动减少, 胎盘早剥) concern the mother and the fetus together.
  if (s.who === 'fetus' && affects?.pregnancy === 'only') return true;
  const person = personOf(s);
  if (!canAffect(affects, person)) return false;
  const r = person.ageRange;
  if (affects && r) {
    if (affects.ageMin !== undefined && affects.ageMin >= r[1]) return false;
    if (affects.ageMax !== undefined && affects.ageMax <= r[0]) return false;
  }
  return true;
}

/** Whether the entity with this id is possible for the subject (true when the id is unknown). */
export function entityPossibleFor(entityId: string, s: Subject): boolean {
  return possibleFor(entity(entityId)?.affects, s);
}
