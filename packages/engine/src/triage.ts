import { extract, notCurrentRanges, type Extraction, type Who } from './extract.ts';
import { lookup } from './lexicon.ts';
import { HISTORY_GROUPS, RED_FLAG_RULES, SIGNALS, type RedFlagRule, type VitalTest } from './red-flags.ts';

export type TriageLevel = 'emergency' | 'urgent' | 'routine' | 'selfcare';

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
  return roleWho(member.roleName) === who;
}

/** A denial right before a signal (没吃野蘑菇, 不是突然的, 家里没烧炭). */
const SIGNAL_DENIED = /(没有|没|不是|并非|从没|从来没有?|未曾|未|并没有?|也没有?|都没有?)[吃喝用去碰采摘被在有生烧开写把点接触过了]{0,3}$/u;

/** A question or plan about the cue, not the cue itself (要不要打疫苗, 能不能坐飞机, 准备做手术). */
const SIGNAL_PROSPECTIVE = /(要不要|能不能|可不可以|可以|该不该|需不需要|需要|想问|打算|准备|计划|是否|还能|能否)[^,.;!?。！？；]{0,2}$/u;

function findSignals(t: string): Set<string> {
  const found = new Set<string>();
  const notCurrent = notCurrentRanges(t);
  for (const s of SIGNALS) {
    for (const re of s.patterns) {
      re.lastIndex = 0;
      for (const m of t.matchAll(re)) {
        if (notCurrent.some(([a, b]) => m.index >= a && m.index < b)) continue;
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
      if (found.has(s.id)) break;
    }
  }
  return found;
}

/** A drug class the text says the person takes (吃着降糖药, 在打胰岛素), which no lexicon entry names. */
const TAKES_DRUG_CLASS = /(吃|打|用|服|注射)(着|了)?[^,.;!?。！？；]{0,4}?(降糖药|降血糖的药|胰岛素|降压药|降血压的药|抗凝药|降脂药|他汀|心脏病的药|治心脏的药)/gu;

function historyText(ex: Extraction, member: TriageMember | undefined, useMember: boolean): string {
  const parts: string[] = [];
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
  const useMember = memberApplies(ex.who, member);
  let months: number | null = ex.age ? ex.age.months : null;
  if (months === null && useMember && member && member.age !== null) {
    months = member.ageMonths ?? member.age * 12;
  }
  const sex = ex.sexHint ?? (useMember && member ? member.sex : null);
  const pregnant = ex.pregnancy.pregnant || (useMember && member ? member.pregnant && member.sex !== 'M' : false);
  const child = months !== null ? months < 14 * 12 : ex.who === 'child';
  const text = historyText(ex, member, useMember);
  const histories = new Set(HISTORY_GROUPS.filter((h) => h.pattern.test(text)).map((h) => h.id));
  const minMonthsAssumed = months ?? (ex.who === 'elder' ? 65 * 12 : ex.who === 'mother' || ex.who === 'father' ? 40 * 12 : null);
  return { months, minMonthsAssumed, sex: pregnant ? 'F' : sex, pregnant, child, histories };
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
}

const SELFCARE_RULES: readonly SelfcareRule[] = [
  { id: 'minor-cold', allowed: ['runny-nose', 'nasal-congestion', 'sneezing', 'throat-itch'], maxDays: 7, adultsOnly: false },
  { id: 'mild-sore-throat', allowed: ['sore-throat', 'throat-itch', 'hoarseness', 'runny-nose', 'nasal-congestion', 'sneezing'], maxDays: 2, adultsOnly: false },
  { id: 'hiccups', allowed: ['belching'], maxDays: 2, adultsOnly: false },
  { id: 'leg-cramp', allowed: ['cramp'], maxDays: 7, adultsOnly: false },
  { id: 'mild-diarrhea', allowed: ['diarrhea'], maxDays: 2, adultsOnly: true },
];

function selfcare(ex: Extraction, p: Person): string | null {
  const positive = ex.symptoms.filter((s) => !s.negated);
  if (positive.length === 0 || positive.some((s) => s.severe)) return null;
  if ((ex.temperature ?? 0) >= 37.3 || p.pregnant) return null;
  // Infants, and children whose age nobody gave, are never left to self-care.
  if (p.months === null ? ex.who === 'child' : p.months < 12) return null;
  const ids = new Set(positive.map((s) => s.id));
  for (const rule of SELFCARE_RULES) {
    if (![...ids].every((id) => rule.allowed.includes(id))) continue;
    if (ex.durationDays !== null && ex.durationDays > rule.maxDays) continue;
    if (rule.adultsOnly && (p.months === null || p.months < 14 * 12 || p.months >= 65 * 12)) continue;
    return rule.id;
  }
  return null;
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
  const present: Present = {
    ids: new Set([...positive.map((s) => s.id), ...signals]),
    severe: new Set(positive.filter((s) => s.severe).map((s) => s.id)),
  };

  const fired = RED_FLAG_RULES.filter((r) => fires(r, ex, p, present));
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
  };
}
