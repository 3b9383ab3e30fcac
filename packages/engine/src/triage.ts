import type { TriageLevel } from '@chatdr/contract';
import { extract, notCurrentRanges, type Extraction, type Who } from './extract.ts';
import { lookup } from './lexicon.ts';
import { contextUrgent, contextWithdrawing } from './triage-context.ts';
import { HISTORY_GROUPS, RED_FLAG_RULES, SIGNALS, type RedFlagRule, type VitalTest } from './red-flags.ts';

export type { TriageLevel } from '@chatdr/contract';

/** What triage needs of the member being asked about; a `MemberContext` fits. */
export interface TriageMember {
  readonly age: number | null;
  /** Age in months for young children; when absent, `age * 12`. */
  readonly ageMonths?: number | null;
  readonly sex: 'M' | 'F' | null;
  readonly pregnant: boolean;
  readonly pregnancyWeek?: number | null;
  readonly diseases?: ReadonlyArray<{ readonly name: string }>;
  readonly medicines?: ReadonlyArray<{ readonly name: string }>;
  /** The member's role (本人, 妈妈, 孩子 …): lets the profile apply when the text names that person. */
  readonly roleName?: string;
}

export interface TriageMatch {
  readonly ruleId: string;
  readonly name: string;
  readonly level: 'emergency' | 'urgent';
}

export interface TriageResult {
  readonly level: TriageLevel;
  /** Fired rules, most urgent first. */
  readonly matched: readonly TriageMatch[];
  /** What to do, most urgent first; an emergency's first action starts with 立即拨打120. */
  readonly actions: readonly string[];
  /** The department of the most urgent fired rule, or null. */
  readonly department: string | null;
  /** Contextual signals found (突然, 术后, 吃了海鲜后 …). */
  readonly signals: readonly string[];
  /** The selfcare rule that applied, when level is selfcare. */
  readonly selfcare: string | null;
  readonly extraction: Extraction;
  /** Emergency rules that fired but were withdrawn by a context rule (triage-context.ts), with its id. */
  readonly withdrawn?: ReadonlyArray<{ readonly ruleId: string; readonly context: string }>;
}

/** The person the rules are evaluated for: text first, then the member's profile where it applies. */
interface Person {
  readonly months: number | null;
  /**
   * For lower age bounds only, when the age is unknown: a parent of the (adult) user is taken to
   * be at least 40 and a grandparent at least 65, so 我爸胸口疼 is treated like a 40-year-old's.
   */
  readonly minMonthsAssumed: number | null;
  readonly sex: 'M' | 'F' | null;
  readonly pregnant: boolean;
  /** The week of pregnancy, from the text or the member's profile. */
  readonly pregnancyWeek: number | null;
  readonly child: boolean;
  readonly histories: ReadonlySet<string>;
}

const ROLE_WHO: ReadonlyArray<readonly [RegExp, Who]> = [
  [/本人|自己|^我$/u, 'self'],
  [/孩子|儿子|女儿|宝宝|宝贝|闺女|孙子|孙女|外孙/u, 'child'],
  [/妈妈|母亲|老妈/u, 'mother'],
  [/爸爸|父亲|老爸/u, 'father'],
  [/老公|老婆|丈夫|妻子|爱人|配偶/u, 'spouse'],
  [/爷爷|奶奶|外公|外婆|姥姥|姥爷|公公|婆婆|岳父|岳母/u, 'elder'],
];

function roleWho(roleName: string | undefined): Who | null {
  if (!roleName) return null;
  return ROLE_WHO.find(([re]) => re.test(roleName))?.[1] ?? null;
}

/**
 * The member's profile describes the person in the text when the text names nobody else (who is
 * null or self), or names exactly the member's role (the parent chose the child's profile and
 * wrote 宝宝发烧).
 */
function memberApplies(who: Who | null, member: TriageMember | undefined): boolean {
  if (!member) return false;
  if (who === null || who === 'self') return true;
  // A child's profile with no role given, and the text names a child (宝宝, 娃): the profile is that child.
  if (who === 'child' && !member.roleName && member.age !== null && member.age < 14) return true;
  return roleWho(member.roleName) === who;
}

/** 娃这会儿也不怎么动了, 宝宝踢得少: in a pregnant member's message the moving child is the fetus. */
const FETUS_MOVES = /(孩子|娃|宝宝|小家伙|胎儿)[^,.;!?。！？；]{0,8}(动|踢)/u;

/** A denial right before a signal (没吃野蘑菇, 不是突然的, 家里没烧炭). */
const SIGNAL_DENIED = /(没有|没|不是|并非|从没|从来没有?|未曾|未|并没有?|也没有?|都没有?)(什么|明显|大)?[吃喝用去碰采摘被在有生烧开写把点接触过了]{0,3}$/u;

/** A question or plan about the cue, not the cue itself (要不要打疫苗, 能不能坐飞机, 准备做手术). */
const SIGNAL_PROSPECTIVE = /(要不要|能不能|可不可以|可以|该不该|需不需要|需要|想问|打算|准备|计划|是否|还能|能否)[^,.;!?。！？；]{0,2}$/u;

/** Whether `i` lies in one of `ranges` (sorted, not overlapping: notCurrentRanges' clauses), by bisection. */
function inRanges(ranges: ReadonlyArray<readonly [number, number]>, i: number): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = ranges[mid] ?? [0, 0];
    if (i < a) hi = mid - 1;
    else if (i >= b) lo = mid + 1;
    else return true;
  }
  return false;
}

function findSignals(t: string): Set<string> {
  const found = new Set<string>();
  const notCurrent = notCurrentRanges(t);
  for (const s of SIGNALS) {
    for (const re of s.patterns) {
      // exec on the compiled pattern, not matchAll: matchAll clones the RegExp on every call,
      // for each of the hundreds of patterns.
      re.lastIndex = 0;
      for (let m = re.exec(t); m !== null; m = re.exec(t)) {
        // An empty match moves on by one character (as matchAll does).
        if (m[0] === '') re.lastIndex = m.index + ((t.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1);
        if (inRanges(notCurrent, m.index)) continue;
        if (SIGNAL_DENIED.test(t.slice(Math.max(0, m.index - 6), m.index))) continue;
        if (SIGNAL_PROSPECTIVE.test(t.slice(Math.max(0, m.index - 6), m.index))) continue;
        if (s.unless) {
          let a = m.index;
          let b = m.index + m[0].length;
          while (a > 0 && !/[,.;!?。\n ]/u.test(t[a - 1] ?? '')) a--;
          while (b < t.length && !/[,.;!?。\n ]/u.test(t[b] ?? '')) b++;
          if (s.unless.test(t.slice(a, b))) continue;
        }
        found.add(s.id);
        break;
      }
      re.lastIndex = 0;
      if (found.has(s.id)) break;
    }
  }
  return found;
}

/** A drug class the text says the person takes (吃着降糖药, 在打胰岛素), which no lexicon entry names. */
const TAKES_DRUG_CLASS = /(吃|打|用|服|注射)(着|了)?[^,.;!?。！？；]{0,4}?(降糖药|降血糖的药|胰岛素|降压药|降血压的药|抗凝药|降脂药|他汀|心脏病的药|治心脏的药)/gu;

/** A known aortic aneurysm, said in passing (体检查出过动脉瘤, 肚子里有个动脉瘤), which no lexicon entry names. */
const KNOWN_ANEURYSM = /(?<!没有|[没无不]|颅内|脑)(腹主动脉瘤|主动脉瘤|动脉瘤)/u;
/** The same in lay words (大血管上长了个瘤子, 主动脉鼓了个包, 主动脉扩张): a vessel in the trunk with a lump on it, not the brain's. */
const LAY_ANEURYSM =
  /(?<!脑[^,.;!?。！？；]{0,8}|[没无不])(大血管|主动脉|腹主动脉|肚子里的?动脉|肚子里的?血管)[^,.;!?。！？；]{0,6}(长|有|鼓|起)(了)?[^,.;!?。！？；]{0,3}(瘤|包|泡)|主动脉[^,.;!?。！？；]{0,4}(扩张|鼓起|膨出|变粗|粗了)/u;

function historyText(ex: Extraction, member: TriageMember | undefined, useMember: boolean): string {
  const parts: string[] = [];
  if (KNOWN_ANEURYSM.test(ex.normalized) || LAY_ANEURYSM.test(ex.normalized)) parts.push('动脉瘤');
  for (const m of ex.normalized.matchAll(TAKES_DRUG_CLASS)) {
    if (/[没不停]$/u.test(ex.normalized.slice(Math.max(0, m.index - 2), m.index))) continue;
    const drugClass = m[3] ?? '';
    parts.push(drugClass.replace(/降血糖的药/u, '降糖药').replace(/降血压的药|降压药/u, '高血压').replace(/心脏病的药|治心脏的药/u, '心脏病'));
  }
  for (const m of [...ex.diseases, ...ex.drugs, ...ex.surgeries]) {
    if (m.negated) continue;
    parts.push(m.name);
    if (m.kind === 'drug') {
      const entry = lookup(m.name, 'drug');
      if (entry) parts.push(entry.drugClass);
    }
  }
  if (useMember && member) {
    for (const d of member.diseases ?? []) parts.push(d.name);
    for (const d of member.medicines ?? []) parts.push(d.name);
  }
  return parts.join('|');
}

function person(ex: Extraction, member: TriageMember | undefined): Person {
  const useMember = memberApplies(ex.who, member) || (ex.who === 'child' && member?.pregnant === true && member.sex !== 'M' && ex.age === null && FETUS_MOVES.test(ex.normalized));
  // 两个半月 is 2.5 months: Age.months is whole months, and a rule bounded at 2 months must not fire at 2½.
  let months: number | null = ex.age ? ex.age.months + (/个半月/u.test(ex.age.text) ? 0.5 : 0) : null;
  if (months === null && useMember && member && member.age !== null) {
    months = member.ageMonths ?? member.age * 12;
  }
  const sex = ex.sexHint ?? (useMember && member ? member.sex : null);
  const pregnant = ex.pregnancy.pregnant || (useMember && member ? member.pregnant && member.sex !== 'M' : false);
  const child = months !== null ? months < 14 * 12 : ex.who === 'child';
  const pregnancyWeek = pregnant ? (ex.pregnancy.week ?? (useMember && member ? (member.pregnancyWeek ?? null) : null)) : null;
  const text = historyText(ex, member, useMember);
  const histories = new Set(HISTORY_GROUPS.filter((h) => h.pattern.test(text)).map((h) => h.id));
  const minMonthsAssumed = months ?? (ex.who === 'elder' ? 65 * 12 : ex.who === 'mother' || ex.who === 'father' ? 40 * 12 : null);
  return { months, minMonthsAssumed, sex: pregnant ? 'F' : sex, pregnant, pregnancyWeek, child, histories };
}

function vitalValues(ex: Extraction, test: VitalTest): readonly number[] {
  return ex.vitals[test.vital];
}

function compare(v: number, test: VitalTest): boolean {
  switch (test.op) {
    case '>=':
      return v >= test.value;
    case '<=':
      return v <= test.value;
    case '<':
      return v < test.value;
    case '>':
      return v > test.value;
  }
}

interface Present {
  readonly ids: ReadonlySet<string>;
  readonly severe: ReadonlySet<string>;
}

function itemPresent(item: string, present: Present): boolean {
  const severe = item.endsWith('+severe');
  const id = severe ? item.slice(0, -'+severe'.length) : item;
  return severe ? present.severe.has(id) : present.ids.has(id);
}

function fires(rule: RedFlagRule, ex: Extraction, p: Person, present: Present): boolean {
  if (!rule.require.every((group) => group.some((item) => itemPresent(item, present)))) return false;
  if (rule.atLeast && rule.atLeast.of.filter((group) => group.some((item) => itemPresent(item, present))).length < rule.atLeast.n) return false;
  if (rule.age) {
    const { minYears, maxYears, minMonths, maxMonths } = rule.age;
    const hasUpper = maxYears !== undefined || maxMonths !== undefined;
    // An upper bound needs a known age; a lower bound may use the assumed minimum for parents and grandparents.
    const months = hasUpper ? p.months : p.minMonthsAssumed;
    if (months === null) return false;
    if (minYears !== undefined && months / 12 < minYears) return false;
    if (maxYears !== undefined && months / 12 > maxYears) return false;
    if (minMonths !== undefined && months < minMonths) return false;
    if (maxMonths !== undefined && months > maxMonths) return false;
  }
  if (rule.child && !p.child) return false;
  if (rule.sex && p.sex !== null && p.sex !== rule.sex) return false;
  if (rule.pregnant && !p.pregnant) return false;
  if (rule.pregnancyWeek) {
    const { min, max, orUnknown } = rule.pregnancyWeek;
    if (p.pregnancyWeek === null) {
      if (!orUnknown) return false;
    } else if ((min !== undefined && p.pregnancyWeek < min) || (max !== undefined && p.pregnancyWeek > max)) return false;
  }
  if (rule.vitals && rule.vitals.length > 0) {
    const ok = rule.vitals.some((test) => {
      const values = vitalValues(ex, test);
      return values.length === 0 ? test.orUnknown : values.some((v) => compare(v, test));
    });
    if (!ok) return false;
  }
  if (rule.durationDays && (ex.durationDays === null || ex.durationDays < rule.durationDays.min)) return false;
  if (rule.history && !rule.history.some((h) => p.histories.has(h))) return false;
  if (rule.unless && rule.unless.some((sig) => present.ids.has(sig))) return false;
  if (rule.acute && ex.durationDays !== null && ex.durationDays >= rule.acute.maxDays && !present.ids.has('sudden')) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Selfcare: a small explicit list of clearly minor presentations.

interface SelfcareRule {
  readonly id: string;
  /** Every symptom present must be one of these. */
  readonly allowed: readonly string[];
  /** Longest duration stated (days); no duration stated is fine. */
  readonly maxDays: number;
  /** Only for adults 14–64 (diarrhoea dehydrates the very young and the old). */
  readonly adultsOnly: boolean;
  /** The text must also say this (the cause or the reassurance that makes it minor: 坐车, 能走路, 没起泡). */
  readonly needs?: RegExp;
  /** These symptoms count only when said to be mild (头有点疼). */
  readonly mildOnly?: readonly string[];
  /** A measured temperature below this is allowed (a low-grade fever in an adult with a cold); unmeasured fever never is. */
  readonly feverBelow?: number;
  /** Blood mentioned is part of the picture (dry nose: 擤鼻涕带点血丝); otherwise any blood rules self-care out. */
  readonly bloodOk?: boolean;
  /** Severity words here mean quantity, not illness (头皮屑好多). */
  readonly ignoreSevere?: readonly string[];
  /** Also for a child whose age is not given, when the text says the child is well (精神好, 能吃能玩). */
  readonly wellChildOk?: boolean;
  /** Also for any child: the complaint itself says the child is not an infant (晕车, 挖鼻孔). */
  readonly anyChild?: boolean;
  /** At least one of these must be present. */
  readonly requiresOne?: readonly string[];
}

/** The child is said to be well (NICE NG143 traffic-light green: normal activity, feeding). */
const WELL_CHILD = /精神(很|挺|还|都|也)?(好|不错)|能吃能玩|能吃能喝|吃饭玩耍都正常|该吃吃该玩玩|吃喝玩都正常|玩得(挺|很)?好/u;

/** The injured limb bears weight (Ottawa ankle rules, 1992/2003): 能走, 能着地, 能站. */
const BEARS_WEIGHT = /(?<![不没])能(正常)?走|还能走|可以走|走路没(问题|事)|(?<![不没])能着地|(?<![不没])能站/u;

/** Self-limiting, typical presentations after 《全科医学》/《内科学》第9版 and NICE CKS self-care advice (2023). */
const SELFCARE_RULES: readonly SelfcareRule[] = [
  { id: 'minor-cold', allowed: ['runny-nose', 'nasal-congestion', 'sneezing', 'throat-itch', 'nasal-itch'], maxDays: 7, adultsOnly: false, wellChildOk: true },
  // …with an occasional cough, when it is a cold (a cough alone is not).
  { id: 'cold-with-cough', allowed: ['runny-nose', 'nasal-congestion', 'sneezing', 'throat-itch', 'nasal-itch', 'cough'], maxDays: 7, adultsOnly: false, wellChildOk: true, mildOnly: ['cough'], requiresOne: ['runny-nose', 'nasal-congestion', 'sneezing'] },
  { id: 'mild-sore-throat', allowed: ['sore-throat', 'throat-itch', 'throat-dryness', 'hoarseness', 'runny-nose', 'nasal-congestion', 'sneezing'], maxDays: 2, adultsOnly: false },
  // An adult's cold with a measured low-grade fever in the first days (COVID-19 第十版 2023: home care below 38.5 ℃).
  { id: 'mild-fever-cold', allowed: ['fever', 'sore-throat', 'throat-itch', 'throat-dryness', 'runny-nose', 'nasal-congestion', 'sneezing', 'cough', 'myalgia', 'hoarseness'], maxDays: 3, adultsOnly: true, feverBelow: 38.5 },
  // Hiccups for more than 48 hours need a doctor.
  { id: 'hiccups', allowed: ['belching', 'hiccup'], maxDays: 2, adultsOnly: false },
  { id: 'leg-cramp', allowed: ['cramp'], maxDays: 7, adultsOnly: false },
  { id: 'mild-diarrhea', allowed: ['diarrhea', 'borborygmi'], maxDays: 2, adultsOnly: true },
  // Overeating: bloating, belching (功能性消化不良 2015 consensus: alarm features excluded by the rules above).
  { id: 'indigestion', allowed: ['bloating', 'belching', 'hiccup', 'indigestion', 'postprandial-fullness', 'flatulence', 'epigastric-pain'], maxDays: 3, adultsOnly: true, mildOnly: ['epigastric-pain'] },
  { id: 'constipation-short', allowed: ['constipation', 'bloating'], maxDays: 7, adultsOnly: true },
  // A mouth ulcer for more than two weeks needs a dentist.
  { id: 'mouth-ulcer', allowed: ['mouth-ulcer'], maxDays: 14, adultsOnly: false },
  { id: 'cold-sore', allowed: ['lip-blisters', 'itching'], maxDays: 10, adultsOnly: false },
  { id: 'chapped-lips', allowed: ['chapped-lips'], maxDays: 30, adultsOnly: false, bloodOk: true },
  { id: 'heat-rash', allowed: ['rash', 'itching'], maxDays: 7, adultsOnly: false, needs: /夏天|天热|大热天|出汗|捂/u, ignoreSevere: ['rash'] },
  { id: 'motion-sickness', allowed: ['nausea', 'dizziness', 'vomiting'], maxDays: 1, adultsOnly: false, needs: /晕车|坐车|晕船|坐船|晕机|坐飞机/u, anyChild: true },
  // A small burn without blisters (《外科学》第9版 2018: first-degree, treated at home).
  { id: 'minor-burn', allowed: ['burn', 'skin-erythema', 'skin-burning-pain'], maxDays: 3, adultsOnly: false, needs: /一小块|一小片|硬币大|指甲盖|一点点|(没|没有|不)起(水)?(泡|疱)/u },
  // A sprain that bears weight (Ottawa ankle rules, 1992/2003).
  { id: 'minor-sprain', allowed: ['ankle-twist', 'joint-swelling', 'joint-pain'], maxDays: 7, adultsOnly: false, needs: BEARS_WEIGHT },
  // Muscle ache after exercise, posture or sleep (落枕, 坐久了腰酸, 练腿后酸疼).
  { id: 'muscle-strain', allowed: ['myalgia', 'limb-pain', 'low-back-pain', 'neck-pain', 'neck-shoulder-stiffness', 'back-pain', 'back-sprain'], maxDays: 7, adultsOnly: true, needs: /健身|锻炼|练腿|练完|练了|运动|跑步|爬山|打球|训练|搬家|搬了|搬东西|搬重物|坐久|久坐|落枕|睡姿|枕头|活动活动就好/u },
  { id: 'period-pain', allowed: ['dysmenorrhea', 'lower-abdominal-pain', 'abdominal-pain', 'low-back-pain'], maxDays: 3, adultsOnly: true, needs: /(月经|大姨妈|例假|来事|痛经)[^。！？]*(每个月|每次|每回|以前也|一直这样|老样子|都这样|能忍|热敷)|(每个月|每次|每回)[^。！？]*(月经|大姨妈|例假|来事)/u },
  // …a twisted ankle that swells a little but bears weight (the swelling read as a leg's).
  { id: 'minor-ankle-sprain', allowed: ['ankle-twist', 'joint-swelling', 'joint-pain', 'leg-swelling', 'limb-pain'], requiresOne: ['ankle-twist'], maxDays: 3, adultsOnly: false, needs: BEARS_WEIGHT },
  // A child over one year with a fever below 38.5 ℃ who is playing and feeding normally (NICE NG143 2019 green:
  // home care with safety-netting; 中国0至5岁儿童病因不明急性发热诊断和处理若干问题循证指南 2016).
  { id: 'well-child-fever', allowed: ['fever', 'runny-nose', 'nasal-congestion', 'sneezing', 'throat-itch', 'cough'], maxDays: 2, adultsOnly: false, feverBelow: 38.5, needs: WELL_CHILD, wellChildOk: true, mildOnly: ['cough'] },
  { id: 'dry-nose', allowed: ['nasal-dryness', 'runny-nose', 'nasal-congestion'], maxDays: 7, adultsOnly: false, bloodOk: true },
  // A nosebleed that stopped with pressure; a red patch on the white of the eye without pain (中国鼻出血诊断治疗指南 2015; 《眼科学》第9版 2018).
  { id: 'nosebleed-stopped', allowed: ['epistaxis', 'nasal-dryness'], maxDays: 1, adultsOnly: false, bloodOk: true, needs: /^(?!.*(经常|老是|总是|反复|每次|频繁|又流)).*(止住|不流了|停了|好了)/u, anyChild: true },
  { id: 'subconjunctival-bleed', allowed: ['subconjunctival-bleed', 'bleeding', 'cough'], requiresOne: ['subconjunctival-bleed'], maxDays: 7, adultsOnly: false, bloodOk: true, needs: /不痛|不疼|没(有)?(疼|痛)|不痛不痒/u },
  // A blister from rubbing (new shoes) and cracked heels or hands in dry weather (《皮肤性病学》第9版 2018).
  { id: 'friction-blister', allowed: ['blisters', 'limb-pain'], requiresOne: ['blisters'], maxDays: 7, adultsOnly: false, needs: /磨/u, anyChild: true },
  { id: 'cracked-skin', allowed: ['skin-fissures', 'dry-skin', 'itching'], requiresOne: ['skin-fissures'], maxDays: 180, adultsOnly: false, bloodOk: true },
  { id: 'earwax', allowed: ['cerumen', 'ear-fullness'], maxDays: 14, adultsOnly: false },
  { id: 'stye', allowed: ['eyelid-swelling'], maxDays: 7, adultsOnly: false },
  // Chilblains: red, itchy, swollen fingers or toes in the cold (《皮肤性病学》第9版 2018), itch required.
  { id: 'chilblains', allowed: ['itching', 'skin-erythema', 'skin-swelling', 'joint-swelling'], requiresOne: ['itching'], maxDays: 30, adultsOnly: false, needs: /冻疮|冬天|天冷|受冻|冻(得|了|着)/u },
  { id: 'presbyopia', allowed: ['near-vision-difficulty'], maxDays: 365, adultsOnly: false },
  // …not an ingrown nail (嵌甲, 往肉里长), which keeps coming back until a doctor treats it.
  { id: 'mild-paronychia', allowed: ['paronychia-sign'], maxDays: 3, adultsOnly: false, needs: /^(?!.*(嵌|往肉里长|长到肉里|长进肉里|反复|反反复复|(?<![没不有])(流脓|化脓))).*(有点|有些|稍微|轻微)/u },
  // A tension-type headache after a late night or screen work (《神经病学》第8版 2018).
  { id: 'tension-headache', allowed: ['headache', 'neck-shoulder-stiffness'], maxDays: 3, adultsOnly: true, needs: /熬夜|加班|没睡好|睡不够|盯电脑|对着电脑|看手机|用脑/u },
  { id: 'screen-eyes', allowed: ['dry-eye-sensation', 'eye-strain', 'eye-foreign-body-sensation', 'headache'], maxDays: 14, adultsOnly: true, mildOnly: ['headache'] },
  { id: 'dry-skin-itch', allowed: ['itching', 'dry-skin', 'desquamation'], maxDays: 60, adultsOnly: false, needs: /干痒|皮肤干|特别干|很干|冬天|洗澡|暖气/u },
  // Sunburn without blisters; an insect bite that only itches.
  { id: 'sunburn', allowed: ['skin-erythema', 'skin-burning-pain', 'itching', 'desquamation', 'back-pain', 'shoulder-pain'], requiresOne: ['skin-erythema', 'skin-burning-pain'], maxDays: 3, adultsOnly: false, needs: /晒/u },
  { id: 'insect-bite', allowed: ['itching', 'skin-lump'], maxDays: 3, adultsOnly: false, needs: /蚊子|虫子|小虫|跳蚤|臭虫|蠓虫|小黑虫/u },
  // A few nights of poor sleep under stress (中国成人失眠诊断与治疗指南 2017: short-term insomnia, sleep hygiene first).
  { id: 'short-insomnia', allowed: ['insomnia'], maxDays: 7, adultsOnly: true, needs: /压力|熬夜|加班|考试|倒时差|换了地方|喝了咖啡|喝了茶/u },
  { id: 'dandruff', allowed: ['dandruff', 'scalp-itch'], maxDays: 90, adultsOnly: false, ignoreSevere: ['dandruff', 'scalp-itch'] },
  { id: 'athletes-foot', allowed: ['foot-itch', 'desquamation'], maxDays: 60, adultsOnly: false, needs: /脚|趾/u },
  { id: 'heat-recovered', allowed: ['dizziness', 'thirst', 'fatigue', 'headache'], maxDays: 1, adultsOnly: true, needs: /(太阳|晒|热|高温)[^。！？]*(好多了|好了|缓过来|没事了)/u },
];

/** Blood said to be present (带血, 出血, 血丝), not a denial (没出血) nor a test (血压, 血糖). */
const BLOOD = /(?<![没不无验抽献])(?<!没有)血(?!压|糖|脂|常规|型|管|检|清|氧|象|液检查)/u;

const MAYBE_INFANT = /宝宝|婴儿|宝贝|新生|小婴|吃奶|喂奶|月子/u;

function selfcare(ex: Extraction, p: Person): string | null {
  const positive = ex.symptoms.filter((s) => !s.negated);
  if (positive.length === 0) return null;
  if (p.pregnant) return null;
  // Infants are never left to self-care; nor children whose age nobody gave, unless the text says
  // the child is well and the rule allows it (a runny nose in a child who eats and plays normally).
  if (p.months !== null && p.months < 12) return null;
  // A raised blood-pressure reading is never left to self-care (中国高血压防治指南 2018: ≥ 140/90
  // needs a doctor's assessment), whatever the complaint.
  if (ex.bp && ((ex.bp.systolic ?? 0) >= 140 || (ex.bp.diastolic ?? 0) >= 90)) return null;
  const childUnknownAge = p.months === null && ex.who === 'child';
  const ids = new Set(positive.map((s) => s.id));
  for (const rule of SELFCARE_RULES) {
    if (positive.some((s) => s.severe && !rule.ignoreSevere?.includes(s.id))) continue;
    // 宝宝 may be an infant: never on a guess.
    if (childUnknownAge && !rule.anyChild && !(rule.wellChildOk && WELL_CHILD.test(ex.normalized) && !MAYBE_INFANT.test(ex.normalized))) continue;
    if (![...ids].every((id) => rule.allowed.includes(id))) continue;
    if (ex.durationDays !== null && ex.durationDays > rule.maxDays) continue;
    if (rule.adultsOnly && (p.months === null || p.months < 14 * 12 || p.months >= 65 * 12)) continue;
    if (rule.needs && !rule.needs.test(ex.normalized)) continue;
    if (rule.requiresOne && !rule.requiresOne.some((id) => ids.has(id))) continue;
    if (!rule.bloodOk && BLOOD.test(ex.normalized)) continue;
    if (rule.mildOnly && positive.some((s) => rule.mildOnly?.includes(s.id) && !s.mild)) continue;
    const feverOk = rule.feverBelow === undefined ? (ex.temperature ?? 0) < 37.3 && !ids.has('fever') : ex.temperature !== null && ex.temperature < rule.feverBelow;
    if (!feverOk) continue;
    return rule.id;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Structural fallback: a red-flag body site with a severe qualifier that no rule recognised.

/** Sites where severe pain or loss of feeling is never left to routine care. */
const FB_SITE =
  /(胸口|胸部|胸膛|心口|心窝|(?<![骨馒舌指拳眉喉念里外枕石码罐个开])头(?!发|皮屑|孢|一|几|回|次|天|胎|号|晕|昏)|脑袋|脑壳|后脑勺|脑子里|肚子|腹部|小腹|小肚子|上腹|下腹|胃里|后背|背上|背部|腰|眼睛|眼珠|眼球|睾丸|阴囊|蛋蛋|脖子|下面|下身|胸(?!怀|襟))/gu;
/** Severe pain, a tearing quality or loss of feeling (剧痛, 撕着疼, 疼得受不了, 没知觉). */
const FB_CUE =
  /剧痛|剧烈(地|的)?(疼|痛)|撕裂|撕开|撕着|撕扯|(疼|痛)得[^,.;!?。！？；]{0,4}(要命|受不了|要死|不行|打滚|直叫|满头大汗|直不起腰|睡不着|走不了路)|(疼|痛)死(了|我)|钻心(地|的)?(疼|痛)|刀割|刀绞|刀扎|没(有)?知觉|没(有)?感觉了|不能动了|动不了了/u;
const FB_DANGER_SUDDEN = /胸|心口|心窝|头|脑|背/u;
const FB_DANGER_PREGNANT = /肚子|腹|下面|下身|腰/u;
const FB_TEAR = /撕/u;

const FALLBACK_SOURCE = '《急诊与灾难医学》第3版，人民卫生出版社，2018；《诊断学》第9版，人民卫生出版社，2018';
const FALLBACK_URGENT: RedFlagRule = Object.freeze({
  id: 'fallback-severe-site',
  name: '重要部位剧烈疼痛、撕裂样疼痛或感觉丧失（未归入具体规则）',
  level: 'urgent',
  require: [],
  action: '尽快（今天内、数小时内）到医院急诊或相应专科就诊，不要拖延；如症状加重或出现新的危险信号，立即拨打120。',
  department: '急诊科',
  source: FALLBACK_SOURCE,
});
const FALLBACK_EMERGENCY: RedFlagRule = Object.freeze({
  id: 'fallback-severe-site-danger',
  name: '突发的胸、头、背部剧痛或撕裂样痛，或孕期腹部剧痛（未归入具体规则）',
  level: 'emergency',
  require: [],
  action: '立即拨打120，停止活动、坐下或平卧休息，不要自行驾车去医院，不要进食进水；记录症状开始的时间。',
  department: '急诊科',
  source: FALLBACK_SOURCE,
});

/**
 * When a red-flag site (chest, head, abdomen, back, eye, scrotum, neck) carries a severe qualifier
 * within a few characters and no rule caught it (the words are outside the vocabulary), the
 * message is at least urgent; an emergency when the onset is sudden at the chest, head or back,
 * when the quality is tearing at the chest or back, or in a pregnancy at the abdomen.
 */
function structuralFallback(ex: Extraction, p: Person, signals: ReadonlySet<string>): RedFlagRule | null {
  const t = ex.normalized;
  const notCurrent = notCurrentRanges(t, true);
  let level: 'urgent' | 'emergency' | null = null;
  FB_SITE.lastIndex = 0;
  for (const m of t.matchAll(FB_SITE)) {
    if (notCurrent.some(([a, b]) => m.index >= a && m.index < b)) continue;
    const after = t.slice(m.index + m[0].length, m.index + m[0].length + 16).split(/[。！？!?\n]/u)[0] ?? '';
    const cue = FB_CUE.exec(after);
    if (!cue) continue;
    // 不疼得要命, 没那么撕着疼, 并不是疼得受不了: a denial right before the cue.
    if (/(不|没|没有|并不|不是|一点也不|一点都不)(那种|那么)?$/u.test(after.slice(Math.max(0, cue.index - 6), cue.index))) continue;
    const site = m[0];
    const danger =
      (signals.has('sudden') && FB_DANGER_SUDDEN.test(site)) ||
      (FB_TEAR.test(cue[0]) && /胸|心口|背|腰/u.test(site)) ||
      (p.pregnant && FB_DANGER_PREGNANT.test(site));
    level = danger ? 'emergency' : (level ?? 'urgent');
    if (level === 'emergency') break;
  }
  return level === 'emergency' ? FALLBACK_EMERGENCY : level === 'urgent' ? FALLBACK_URGENT : null;
}

// ---------------------------------------------------------------------------------------------
// Venting: the bare hyperbole 想死 in a message that says it is only venting or a joke.

/** The writer frames the message as venting or a joke (就是吐槽一下, 开玩笑的, 哈哈). */
const VENTING = /吐槽|开玩笑|开个玩笑|说着玩|随口一说|随口说说|随便说说|说说而已|发泄一下|发发牢骚|夸张的说法|哈哈|hhh/u;
/** The bare hyperboles said in anger (想死, 想跳楼, 想跳河, 想撞墙), with nothing more specific. */
const HYPERBOLE = /^(想死|想跳楼|想跳河|想撞墙)$/u;
/** Anything beyond the hyperbole keeps the emergency: mood, self-harm, farewell or burden talk. */
const VENTING_BLOCKERS = ['low-mood', 'self-harm', 'worthlessness', 'social-withdrawal', 'hallucination', 'paranoia', 'suicide-note', 'giving-away', 'burden-talk'];

const VENTING_URGENT: RedFlagRule = Object.freeze({
  id: 'death-wish-venting',
  name: '以吐槽、玩笑口吻说“想死”（需确认有无真实轻生念头）',
  level: 'urgent',
  require: [],
  action:
    '如果“想死”的念头不只是说说——反复出现、想过怎么做、或者情绪持续低落——请今天就告诉身边信任的人，并拨打心理援助热线12356或010-82951332；有危险时拨打120或110。',
  department: '精神心理科',
  source: 'WHO LIVE LIFE: an implementation guide for suicide prevention in countries（2021）；Columbia-Suicide Severity Rating Scale（C-SSRS，2011）；《精神病学》第8版，人民卫生出版社，2018',
});

/**
 * The only suicidal words are the bare hyperbole 想死 (真想死, 烦得想死) and the message calls itself
 * venting or a joke, with no other mood, self-harm, farewell or burden cue: urgent with the hotlines,
 * not a 120 emergency. Every other wording (不想活, 自杀, 活着没意思 …) stays an emergency, joke or not.
 */
function ventingOnly(ex: Extraction, present: Present): boolean {
  const ideation = ex.symptoms.filter((s) => s.id === 'suicidal-ideation' && !s.negated);
  if (ideation.length === 0 || !VENTING.test(ex.normalized)) return false;
  if (!ideation.every((s) => !s.implied && HYPERBOLE.test(ex.normalized.slice(s.span[0], s.span[1])))) return false;
  return !VENTING_BLOCKERS.some((id) => present.ids.has(id));
}

// ---------------------------------------------------------------------------------------------

/**
 * Red-flag triage of one message. Runs before every skill; nothing downstream may lower its level.
 * The member's profile fills age, sex, pregnancy and history when the text is about the member
 * (who is null or self, or the member's role). Emergency when any emergency rule fires, then
 * urgent; otherwise selfcare for the explicit minor presentations and routine for the rest.
 */
export function triage(text: string, member?: TriageMember, now?: Date, extraction?: Extraction): TriageResult {
  // The extraction depends on the text only: a caller that already has it passes it in.
  const ex = extraction ?? extract(text, now);
  const p = person(ex, member);
  const signals = findSignals(ex.normalized);
  const positive = ex.symptoms.filter((s) => !s.negated);
  const ids = new Set([...positive.map((s) => s.id), ...signals]);
  const severe = new Set(positive.filter((s) => s.severe).map((s) => s.id));
  const venting = ventingOnly(ex, { ids, severe });
  if (venting) ids.delete('suicidal-ideation');
  const present: Present = { ids, severe };

  let withdrawn: Array<{ ruleId: string; context: string }> = [];
  let fired = RED_FLAG_RULES.filter((r) => fires(r, ex, p, present));
  if (venting) fired.push(VENTING_URGENT);
  // Context rules (triage-context.ts): an emergency whose words do not describe a danger now is
  // withdrawn — only when every emergency that fired is withdrawn, so a second reading still stands.
  const emergencies = fired.filter((r) => r.level === 'emergency');
  if (emergencies.length > 0) {
    const view = { text: ex.normalized, pregnancyWeek: p.pregnancyWeek, child: p.child };
    const by = emergencies.map((r) => contextWithdrawing(r.id, view));
    if (by.every((c) => c !== null)) {
      withdrawn = emergencies.map((r, i) => ({ ruleId: r.id, context: by[i]?.id ?? '' }));
      fired = [...fired.filter((r) => r.level !== 'emergency'), contextUrgent(emergencies.map((r) => r.id))];
    }
  }
  if (!fired.some((r) => r.level === 'emergency')) {
    const fallback = structuralFallback(ex, p, signals);
    if (fallback && (fallback.level === 'emergency' || fired.length === 0)) fired.push(fallback);
  }
  const ordered = [...fired.filter((r) => r.level === 'emergency'), ...fired.filter((r) => r.level === 'urgent')];
  const actions: string[] = [];
  for (const r of ordered) if (!actions.includes(r.action)) actions.push(r.action);

  const top = ordered[0];
  let level: TriageLevel;
  let selfcareRule: string | null = null;
  if (top) level = top.level;
  else {
    selfcareRule = selfcare(ex, p);
    level = selfcareRule ? 'selfcare' : 'routine';
  }
  return {
    level,
    matched: ordered.map((r) => ({ ruleId: r.id, name: r.name, level: r.level })),
    actions,
    department: top ? top.department : null,
    signals: [...signals],
    selfcare: selfcareRule,
    extraction: ex,
    ...(withdrawn.length > 0 ? { withdrawn } : {}),
  };
}
