import redFlagsJson from '../data/red-flags.json' with { type: 'json' };

/** How soon to act. `emergency`: now (call 120); `urgent`: today, within hours. */
export type RedFlagLevel = 'emergency' | 'urgent';

export type VitalName = 'temperature' | 'systolic' | 'diastolic' | 'glucose' | 'spo2' | 'heartRate';
export type VitalOp = '>=' | '<=' | '<' | '>';

/** One measurement threshold. A rule's `vitals` hold when ANY of its tests holds. */
export interface VitalTest {
  readonly vital: VitalName;
  readonly op: VitalOp;
  readonly value: number;
  /** The test also holds when the text states no value for this vital (发烧 with no reading). */
  readonly orUnknown: boolean;
}

/**
 * A red-flag rule. It fires when every group of `require` has at least one item present (AND of
 * ORs) and every condition holds. An item is a symptom id (`data/symptoms.json`) or a signal id
 * (below), optionally suffixed `+severe` (剧烈/厉害/受不了 said of it).
 */
export interface RedFlagRule {
  readonly id: string;
  readonly name: string;
  readonly level: RedFlagLevel;
  readonly require: readonly (readonly string[])[];
  /** Inclusive bounds; the rule does not fire when the age is unknown. */
  readonly age?: { readonly minYears?: number; readonly maxYears?: number; readonly minMonths?: number; readonly maxMonths?: number };
  /** The person is a child: under 14, or of unknown age and referred to as 孩子/宝宝. */
  readonly child?: boolean;
  /** Fires unless the person is known to be of the other sex. */
  readonly sex?: 'M' | 'F';
  /** Requires a known pregnancy (from the text or the member's profile). */
  readonly pregnant?: boolean;
  /** Inclusive bounds on the week of pregnancy; with `orUnknown` the rule also fires when the week is not known. */
  readonly pregnancyWeek?: { readonly min?: number; readonly max?: number; readonly orUnknown: boolean };
  readonly vitals?: readonly VitalTest[];
  /** The longest duration stated must be at least `min` days. */
  readonly durationDays?: { readonly min: number };
  /** Any of these history groups (member's diseases, diseases and drugs named in the text). */
  readonly history?: readonly string[];
  /** Only an acute presentation: not when the complaint has lasted `maxDays` or longer without 突然 (a stiff shoulder for two months is not a stroke). */
  readonly acute?: { readonly maxDays: number };
  /** Does not fire when any of these signals is present (胸痛 that comes with breathing or coughing is pleuritic, not the age-based ACS rule). */
  readonly unless?: readonly string[];
  /** At least `n` of these groups have an item present (any two neonatal danger signs, two signs of shock). */
  readonly atLeast?: { readonly n: number; readonly of: readonly (readonly string[])[] };
  /**
   * Condition ids (`data/conditions.json`) the rule suspects: an emergency answer names them first
   * (those the message's words or symptoms fit; a rule that suspects one condition names it anyway).
   */
  readonly conditions?: readonly string[];
  /** What to do now, in Chinese; an emergency's action starts with 立即拨打120. */
  readonly action: string;
  /**
   * The action is first aid to give now (press a cut that keeps bleeding, cool a burn, wash a bite):
   * an urgent answer opens with it, before what the complaint may be, instead of the condition's own
   * self-care lines (which would say the same twice).
   */
  readonly firstAid?: boolean;
  readonly department: string;
  readonly source: string;
}

/** A contextual cue found by regular expression (突然, 吃了海鲜后, 术后, 验孕棒两道杠 …). */
export interface Signal {
  readonly id: string;
  readonly name: string;
  /** Regex sources, matched against the normalised text. */
  readonly patterns: readonly RegExp[];
  /** The signal is ignored in a clause that also matches this (以前心梗过: history, not now). */
  readonly unless: RegExp | null;
}

export interface HistoryGroup {
  readonly id: string;
  readonly name: string;
  readonly pattern: RegExp;
}

const VITAL_NAMES: readonly VitalName[] = ['temperature', 'systolic', 'diastolic', 'glucose', 'spo2', 'heartRate'];
const VITAL_OPS: readonly VitalOp[] = ['>=', '<=', '<', '>'];

function vitalName(v: string, rule: string): VitalName {
  const name = VITAL_NAMES.find((n) => n === v);
  if (!name) throw new Error(`red-flags.json: ${rule} has unknown vital "${v}"`);
  return name;
}
function vitalOp(v: string, rule: string): VitalOp {
  const op = VITAL_OPS.find((o) => o === v);
  if (!op) throw new Error(`red-flags.json: ${rule} has unknown operator "${v}"`);
  return op;
}
function level(v: string, rule: string): RedFlagLevel {
  if (v === 'emergency' || v === 'urgent') return v;
  throw new Error(`red-flags.json: ${rule} has unknown level "${v}"`);
}
function sex(v: string | undefined, rule: string): 'M' | 'F' | undefined {
  if (v === undefined || v === 'M' || v === 'F') return v;
  throw new Error(`red-flags.json: ${rule} has unknown sex "${v}"`);
}

/** Every signal, in data order. */
export const SIGNALS: readonly Signal[] = Object.freeze(
  redFlagsJson.signals.map(
    (s): Signal =>
      Object.freeze({
        id: s.id,
        name: s.name,
        patterns: Object.freeze(s.patterns.map((p) => new RegExp(p, 'gu'))),
        unless: s.unless === undefined ? null : new RegExp(s.unless, 'u'),
      }),
  ),
);

/** Every history group, in data order. */
export const HISTORY_GROUPS: readonly HistoryGroup[] = Object.freeze(
  redFlagsJson.histories.map((h): HistoryGroup => Object.freeze({ id: h.id, name: h.name, pattern: new RegExp(h.pattern, 'u') })),
);

/** Every rule, in data order (within a level, earlier rules' actions are listed first). */
export const RED_FLAG_RULES: readonly RedFlagRule[] = Object.freeze(
  redFlagsJson.rules.map((r): RedFlagRule => {
    const rule: RedFlagRule = {
      id: r.id,
      name: r.name,
      level: level(r.level, r.id),
      require: r.require.map((g) => [...g]),
      ...(r.age ? { age: { ...r.age } } : {}),
      ...(r.child !== undefined ? { child: r.child } : {}),
      ...(r.sex !== undefined ? { sex: sex(r.sex, r.id) } : {}),
      ...(r.pregnant !== undefined ? { pregnant: r.pregnant } : {}),
      ...('pregnancyWeek' in r && r.pregnancyWeek
        ? {
            pregnancyWeek: {
              ...('min' in r.pregnancyWeek ? { min: r.pregnancyWeek.min } : {}),
              ...('max' in r.pregnancyWeek ? { max: r.pregnancyWeek.max } : {}),
              orUnknown: 'orUnknown' in r.pregnancyWeek && r.pregnancyWeek.orUnknown === true,
            },
          }
        : {}),
      ...(r.vitals
        ? { vitals: r.vitals.map((v): VitalTest => ({ vital: vitalName(v.vital, r.id), op: vitalOp(v.op, r.id), value: v.value, orUnknown: 'orUnknown' in v && v.orUnknown })) }
        : {}),
      ...(r.durationDays ? { durationDays: { min: r.durationDays.min } } : {}),
      ...(r.history ? { history: [...r.history] } : {}),
      ...('acute' in r && r.acute ? { acute: { maxDays: r.acute.maxDays } } : {}),
      ...('unless' in r && Array.isArray(r.unless) ? { unless: [...r.unless] } : {}),
      ...('atLeast' in r && r.atLeast ? { atLeast: { n: r.atLeast.n, of: r.atLeast.of.map((g) => [...g]) } } : {}),
      ...('conditions' in r && Array.isArray(r.conditions) ? { conditions: [...r.conditions] } : {}),
      action: r.action,
      ...('firstAid' in r && r.firstAid === true ? { firstAid: true } : {}),
      department: r.department,
      source: r.source,
    };
    return Object.freeze(rule);
  }),
);
