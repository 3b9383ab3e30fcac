/**
 * Context rules for triage, as data: when an emergency rule fires on words that are there, but the
 * message shows they do not describe a person in danger now, the emergency is withdrawn and the
 * message is urgent instead (see a doctor today; the action says when to call 120 after all).
 *
 * Each rule names the mechanism, the emergency rules it may withdraw (never any other), a test on
 * the message, and its own positive examples (the emergency is withdrawn) and negative examples (it
 * stays). `triage-context.test.ts` runs every example through `triage()`; the examples are written
 * for these rules, not taken from any evaluation set.
 *
 * A context rule never withdraws an emergency when the message also says something fresh happens
 * now (刚才, 突然 after the care, 又, 还在抽 …): a new event in someone already known to be ill is
 * still an emergency.
 */
import type { RedFlagRule } from './red-flags.ts';

export interface ContextView {
  /** The normalised text. */
  readonly text: string;
  /** The week of pregnancy known for the person, or null. */
  readonly pregnancyWeek: number | null;
}

export interface TriageContextRule {
  readonly id: string;
  /** The mechanism in a sentence, for a clinician reading the rule. */
  readonly mechanism: string;
  /** The emergency rules this context may withdraw. */
  readonly withdraws: readonly string[];
  readonly applies: (v: ContextView) => boolean;
  /** Messages whose emergency this rule withdraws (each fires one of `withdraws` without the rule). */
  readonly positive: readonly string[];
  /** Messages that stay emergencies although they look alike. */
  readonly negative: readonly string[];
}

/** The person is already in a doctor's hands for this episode: admitted, treated, operated, diagnosed. */
const IN_CARE =
  /住院|住了[^,.;!?。！？；]{0,3}院|出院|抢救|ICU|监护室|重症室|手术(后|完|以后|之后)|术后|刚手术|做了手术|开颅|急诊后|(医院|医生|大夫)[^,.;!?。！？；]{0,6}(诊断|确诊|说是|说我|查出|检查出)|(检查|查了|去医院)[^,.;!?。！？；]{0,4}说是|诊断(为|是|出)|确诊|后遗症|康复治疗|在康复|复查/gu;

/**
 * Something new happening now, after the care was given: 今天又, 刚才突然, 现在叫不醒. 现在 followed by
 * a lasting state (现在一直昏迷, 现在还是) is the course, not a new event.
 */
const FRESH_AFTER_CARE = /刚才|刚刚|突然|忽然|又|今天|今晚|今早|早上|下午|越来越|这会儿|此刻|叫不醒|喊不醒|现在(?!一直|还|已经|昏迷了?[\d一二两三四五六七八九十几半]+|恢复|好了|好多|没什么)/u;

/** The emergency words named as a disease the question is about (脑梗吃什么药, 中风后遗症, 是脑出血前兆吗). */
const DISEASE = '(中风|脑梗(?:死|塞)?|脑卒中|卒中|脑出血|脑溢血|脑血栓|心梗|心肌梗死|心肌梗塞|癫痫病?|羊癫疯|羊角风)';
const TOPIC_AFTER = new RegExp(
  `${DISEASE}[^,.;!?。！？；]{0,4}?(后(?!背)|以后|之后|前兆|征兆|风险|的最佳|最佳|怎么治|如何治|治疗|吃什么药|用什么药|用药|能治|治好|治愈|根治|可以手术|能手术|手术吗|会死|会不会死|康复|后遗症|怎么预防|的原因)`,
  'u',
);
const TOPIC_BEFORE = new RegExp(
  `(治疗|预防|得了|患了|患上|患有|孕妇|老年人|\\d{1,2}月\\d{1,2}[日号]|\\d{4}年|年前|发生了?[\\d一二两三四五六七八九十几]+次|[\\d一二两三四五六七八九十几]+次)[^,.;!?。！？；]{0,6}${DISEASE}`,
  'u',
);
/** Anything saying the danger is now: the person is fitting, unconscious, just fell ill. */
const NOW_DANGER = /刚才|刚刚|突然|忽然|正在|还在|还没停|没停|没醒|没清醒|不醒|昏迷|现在|今天|今早|今晚|这会儿|此刻|好像|是不是|是中风了吗|了吗/u;

/** 见红 alone (the show of labour), with no other word for bleeding or for a bad pain. */
const SHOW_ONLY = /见红/u;
const MORE_THAN_SHOW = /血[^,.;!?。！？；]{0,4}(多|越来越)|出血|流血|大出血|血块|鲜红|很多|不少|不止|止不住|浸透|湿透|剧痛|疼得厉害|痛得厉害|很疼|很痛|肚子(很|特别)?硬|不动|胎动(少|减少|变少)|头晕|心慌|晕倒/u;
const TERM_WORDS = /足月|十个月|预产期|快生了|快要生|临产/u;

/** A clause position after which `re` (a global or sticky-free pattern) last matches, or -1. */
function lastEnd(re: RegExp, t: string): number {
  let end = -1;
  for (const m of t.matchAll(re)) end = m.index + m[0].length;
  return end;
}

export const TRIAGE_CONTEXT_RULES: readonly TriageContextRule[] = [
  {
    id: 'already-in-care',
    mechanism:
      'The person was admitted, operated, diagnosed or treated for this episode (住院, 出院, 抢救, 术后, 医生诊断为, 后遗症) and the message asks about its course, with nothing new happening now after the care.',
    withdraws: [
      'stroke-suspected',
      'stroke-face',
      'stroke-arm',
      'stroke-arm-older',
      'stroke-speech',
      'stroke-balance',
      'stroke-eyes-sudden',
      'acs-suspected',
      'seizure',
      'unconscious',
      'altered-consciousness',
      'fever-altered-consciousness',
      'major-trauma',
      'drowning',
      'near-drowning-symptoms',
      'hematemesis',
      'febrile-seizure',
      'seizure-fever-older',
      'child-lethargy',
    ],
    applies: ({ text }) => {
      const end = lastEnd(IN_CARE, text);
      return end >= 0 && !FRESH_AFTER_CARE.test(text.slice(end));
    },
    positive: [
      '我爸上个月脑梗住院，出院后说话还是有点慢，吃什么药恢复好',
      '我爸脑溢血做了开颅手术，醒过来以后一边手脚没劲，多久能恢复',
      '我妈脑出血抢救过来了，现在一直昏迷，还有希望醒吗',
      '嘴歪了去医院检查说是面瘫，面瘫怎么治疗',
      '孩子得了脑膜炎住院治好了，当时高烧抽筋昏迷，会不会有后遗症',
    ],
    negative: [
      '我爸脑梗出院一周，今天突然又说不出话了',
      '剖宫产出院在家第4天，刚才突然抽起来，把舌头都咬破了',
      '我老公术后吃止痛药，今天多吃了几片，现在叫不醒',
      '我爸好像中风了，嘴歪了说话不清楚',
    ],
  },
  {
    id: 'disease-as-topic',
    mechanism:
      'A stroke, heart-attack or epilepsy word names the disease the question is about (脑梗吃什么药, 中风后遗症, 是脑出血的前兆吗, 孕妇治疗中风, 前年得了癫痫) with nothing saying the person is in danger now.',
    withdraws: ['stroke-suspected', 'acs-suspected', 'seizure'],
    applies: ({ text }) => (TOPIC_AFTER.test(text) || TOPIC_BEFORE.test(text)) && !NOW_DANGER.test(text),
    positive: ['脑梗病人平时吃什么药好', '中风后手脚发麻怎么锻炼', '老人得了癫痫病，发作的时候抽搐，平时怎么用药', '孕妇中风了怎么治疗最好', '心梗以后能不能爬山'],
    negative: ['我爸刚才突然中风了', '癫痫病人抽了十几分钟还没停', '老公癫痫又发作了，这次抽了得有六七分钟了还在抽', '我爸嘴歪了 是中风了吗'],
  },
  {
    id: 'term-show',
    mechanism:
      '见红 alone at term (37 weeks or more, 足月, 快生了) is the show of labour: go to the maternity ward today, not a 120 emergency — unless there is real bleeding, a hard or very painful belly, fewer movements or faintness.',
    withdraws: ['pregnancy-bleeding'],
    applies: ({ text, pregnancyWeek }) =>
      SHOW_ONLY.test(text) && !MORE_THAN_SHOW.test(text) && ((pregnancyWeek !== null && pregnancyWeek >= 37) || TERM_WORDS.test(text)),
    positive: ['怀孕38周，今天早上见红了', '怀孕足月了，见红了一点，要去医院吗', '孕39周见红，肚子偶尔发紧'],
    negative: ['怀孕38周见红，血越来越多', '孕30周 见红了', '怀孕39周，见红，肚子很硬很痛'],
  },
];

const SOURCE = '《急诊与灾难医学》第3版，人民卫生出版社，2018；《妇产科学》第9版，人民卫生出版社，2018；中国急性缺血性脑卒中诊治指南2018';

/** The specialty for the withdrawn emergency (the urgent rule keeps the person out of 急诊科 when no emergency is left). */
function departmentOf(ruleId: string): string {
  if (ruleId.startsWith('acs')) return '心血管内科';
  if (ruleId.startsWith('pregnancy')) return '产科';
  if (ruleId === 'major-trauma') return '神经外科';
  if (ruleId === 'hematemesis') return '消化内科';
  if (ruleId === 'child-lethargy' || ruleId === 'febrile-seizure') return '儿科';
  return '神经内科';
}

/** The urgent rule that replaces the emergencies withdrawn (the first of them names the specialty). */
export function contextUrgent(withdrawn: readonly string[]): RedFlagRule {
  return { ...CONTEXT_URGENT, department: departmentOf(withdrawn[0] ?? '') };
}

const CONTEXT_URGENT: RedFlagRule = Object.freeze({
  id: 'context-not-now',
  name: '提到的危急情况不是现在正在发生（已在医院诊治、问的是这个病本身，或足月见红）',
  level: 'urgent',
  require: [],
  action:
    '尽快（今天内）到相应专科或产科就诊，把情况告诉医生；如果现在出现胸痛、说话不清、口角歪斜、一侧手脚无力、抽搐不止、叫不醒、呼吸困难或大出血，立即拨打120。',
  department: '急诊科',
  source: SOURCE,
});

/** The context rules that withdraw `ruleId` for this message. */
export function contextWithdrawing(ruleId: string, v: ContextView): TriageContextRule | null {
  for (const r of TRIAGE_CONTEXT_RULES) if (r.withdraws.includes(ruleId) && r.applies(v)) return r;
  return null;
}
