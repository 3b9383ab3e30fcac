/**
 * The answer planner's last step (issue 17): whatever route composed an answer's lines, the text a
 * person reads says each thing once, in the person's language, never in the rules' wording.
 *
 * - A sentence (or a `；` clause) already said is not said again, whichever block brought it
 *   (two urgent rules that both end with "尽快到医院…；如症状加重…立即拨打120" read it once).
 * - A block label (综合来看, 判断依据 …) introduces at most one line; a later line that begins with
 *   it keeps its content without the label.
 * - Rule and model wording that is not for a lay reader is rewritten: the red-flag rules' names
 *   carry qualifiers written for the rule author (（即使伴肩痛）, （BE-FAST：A）, 未说精神吃奶好),
 *   department reasons carry a nested likelihood.
 *
 * The order of the blocks is each route's (answer first, then this person, then the differentials,
 * then when to see a doctor): `leadFor` writes the symptom answers' first sentence.
 */
import type { RankedCondition } from './conditions.ts';
import type { TriageLevel } from './triage.ts';

/** Sentences and `；` clauses of one line, each keeping its end mark. */
function clauses(line: string): string[] {
  return line.match(/[^。！？；]+[。！？；]?/gu) ?? [];
}

/** What two clauses share when they say the same thing: no list number, spacing or punctuation. */
export function clauseKey(s: string): string {
  return s.replace(/^\s*\d+[.、]\s*/u, '').replace(/[\s，。；：、！？,.;:!?（）()「」【】]/gu, '').replace(/⚠️/gu, '');
}

const ONCE_LABELS = /^(综合来看|判断依据|这样判断是因为|建议就诊科室)：/u;

/** Qualifiers in a red-flag rule's name written for the rule's author, not the reader. */
const RULE_QUALIFIER = /（(?:[^（）]*(?:即使|BE-FAST|未说|尚好|无症状|需当天|先排除)[^（）]*)）/gu;

/** A rule's name as a reader sees it in 判断依据. */
export function readerRuleName(name: string): string {
  return name
    .replace(RULE_QUALIFIER, '')
    .replace(/，未说精神吃奶好|，精神吃奶尚好/gu, '')
    .replace(/([\u4e00-\u9fa5])\/([\u4e00-\u9fa5])/gu, '$1或$2')
    .trim();
}

/** 描述最符合「X」（可能性较大），该病通常在Y诊治 → 最符合X，通常在Y诊治 (no nested brackets). */
function plainReason(line: string): string {
  return line.replace(/描述最符合「([^」]+)」（[^（）]*），该病通常在/gu, (_, name: string) => `最符合${shortName(name)}的表现，通常在`);
}

/** （A（B）） → （A，B）: one level of brackets for a lay reader. */
export function flattenBrackets(line: string): string {
  let depth = 0;
  let out = '';
  for (const ch of line) {
    if (ch === '（') {
      depth++;
      out += depth > 1 ? '，' : ch;
    } else if (ch === '）') {
      if (depth <= 1) out += ch;
      depth = Math.max(0, depth - 1);
    } else out += ch;
  }
  return out.replace(/，，/gu, '，');
}

/**
 * The lines of an answer with repeats removed and rule wording rewritten. A clause shorter than six
 * characters (立即就医。) is kept even when repeated: it is emphasis, not a duplicated block.
 */
export function planLines(lines: readonly string[]): string[] {
  const seen = new Set<string>();
  const labels = new Set<string>();
  const out: string[] = [];
  for (const raw of lines) {
    // A duration read as a fraction of a day (约0.13天) is said as a reader would: 不到一天.
    let line = plainReason(raw.replace(/。。/gu, '。')).replace(/约0\.\d+天/gu, '不到一天');
    if (line.startsWith('建议就诊科室：')) line = flattenBrackets(line);
    if (/^判断依据：/u.test(line)) line = line.replace(/^判断依据：(.*)$/u, (_, body: string) => `判断依据：${body.split('；').map(readerRuleName).join('；')}`);
    const label = ONCE_LABELS.exec(line)?.[1];
    if (label !== undefined) {
      if (labels.has(label)) line = line.slice(label.length + 1);
      labels.add(label);
    }
    const kept: string[] = [];
    for (const c of clauses(line)) {
      const k = clauseKey(c);
      if (k.length >= 6 && seen.has(k)) continue;
      if (k.length >= 6) seen.add(k);
      kept.push(c);
    }
    const text = kept.join('').replace(/；$/u, '。').trim();
    if (clauseKey(text).length > 0) out.push(text);
  }
  return out;
}

const LEVEL_LEAD: Readonly<Record<Exclude<TriageLevel, 'emergency'>, (dept: string) => string>> = {
  urgent: (d) => `建议今天就到医院（${d}或急诊）看一下，不要拖。`,
  routine: (d) => `建议近期到${d}门诊查明原因。`,
  selfcare: () => '目前可以先在家观察护理；如果加重或出现新的不适，再去医院。',
};

/**
 * The first sentence of a symptom answer: what it most likely is and what to do, as a doctor would
 * say it. A weak top match (可能性较小) is said to be uncertain rather than named as the answer.
 */
/** A condition's everyday name: without the alternative names in brackets (阻塞性睡眠呼吸暂停（…/…）). */
export function shortName(name: string): string {
  return name.replace(/（[^（）]*[/／][^（）]*）/gu, '');
}

export function leadFor(complaint: string, ranked: readonly RankedCondition[], level: Exclude<TriageLevel, 'emergency'>, dept: string): string {
  const [top, second] = ranked;
  const what = complaint ? `从你说的${complaint}来看` : '从你的描述来看';
  let diagnosis: string;
  if (!top) diagnosis = `${what}，还不能判断是什么问题`;
  else if (top.likelihood === '可能性较小') diagnosis = `${what}，信息还不够，暂时不能确定原因`;
  else {
    // A second name the first already contains (龋齿/牙髓炎, then 龋齿) is not a second possibility.
    const also = second && second.likelihood !== '可能性较小' && !top.name.includes(shortName(second.name)) ? `，也要考虑${shortName(second.name)}` : '';
    diagnosis = `${what}，${top.likelihood === '可能性较大' ? '最可能是' : '比较像'}${shortName(top.name)}${also}`;
  }
  return `${diagnosis}。${LEVEL_LEAD[level](dept)}`;
}

/** Medicines first aid may tell a bystander to give. */
const FIRST_AID_DRUG = /肾上腺素|阿司匹林|硝酸甘油|沙丁胺醇|葡萄糖|糖水/u;

/** The call that opens an emergency action. */
const CALL_120 = /^立即拨打120(?:或立即到急诊)?[，：,:]\s*/u;
/** The message says a medicine, an infusion or an injection came before the reaction. */
const DRUG_CAUSE = /药|输液|打针|注射|吊瓶|普利|疫苗/u;

/** Posture instructions: one per answer (the most specific rule's, which comes first). */
const SIT_UP = /坐起|前倾|半卧|坐下/u;
const LIE_FLAT = /平躺并抬高双腿|平躺.{0,4}抬高(?:双腿|下肢)/u;
/** Bleeding or a suspected pulmonary embolism: no aspirin from another rule's first aid. */
const BLEEDING = /咯血|咳血|呕血|吐血|黑便|柏油样便|便血|出血|肺栓塞/u;

/**
 * First aid that belongs to this emergency, without contradictions (issue 17): each action is split
 * into its `；` clauses; a posture that contradicts one already given is dropped (坐起、前倾 for a
 * swollen airway, then 平躺并抬高双腿 for shock), and so is the chest-pain rule's aspirin when the
 * message or the fired rules say bleeding or pulmonary embolism (咯血, 黑便, 疑似肺栓塞).
 */
export function consistentFirstAid(actions: readonly string[], context: string, message: string = context): string[] {
  const out: string[] = [];
  let posture: 'sit' | 'flat' | null = null;
  let called = false;
  const given = new Set<string>();
  const bleeding = BLEEDING.test(context);
  // Stopping a suspected medicine belongs to a reaction after a medicine, not one after food or a sting.
  const onMedicine = DRUG_CAUSE.test(message);
  for (const action of actions) {
    const kept: string[] = [];
    // "立即拨打120" opens the first action; a later action that opens with it again keeps only its steps.
    const body = called ? action.replace(CALL_120, '') : action;
    if (CALL_120.test(action)) called = true;
    for (const raw of body.match(/[^；]+；?/gu) ?? []) {
      const c = onMedicine ? raw : raw.replace(/[，,]?停用可疑药物[^，；。]*?(?:并带上药盒)?(?=[，；。]|$)/u, '').replace(/^[，,]/u, '');
      if (c.trim() === '' || /^[；。]$/u.test(c.trim())) continue;
      if (bleeding && /阿司匹林/u.test(c)) continue;
      // Each first-aid medicine is instructed once (two rules both saying 肾上腺素笔 read as one).
      const drug = FIRST_AID_DRUG.exec(c)?.[0];
      if (drug !== undefined && given.has(drug)) continue;
      if (drug !== undefined) given.add(drug);
      const sit = SIT_UP.test(c);
      const flat = LIE_FLAT.test(c);
      if ((flat && posture === 'sit') || (sit && !flat && posture === 'flat')) continue;
      if (posture === null) posture = flat ? 'flat' : sit ? 'sit' : null;
      kept.push(c);
    }
    const text = kept.join('').replace(/；$/u, '。');
    if (text.trim() !== '') out.push(/[。！]$/u.test(text) ? text : `${text}。`);
  }
  return out;
}

/** A line listing what causes a disease or makes it likelier (痛风的常见原因：…, 危险因素：…): drugs in it are causes, not advice. */
export const CAUSE_LINE = /^(?:[^：。]{0,16}的)?常见原因：|^危险因素：/u;
