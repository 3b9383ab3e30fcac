/**
 * What the answer engine takes from the question frame: the subject as a profile, conditions the
 * subject cannot have filtered out, and the answer for a named thing the older tables do not hold
 * (an ICD disease, an imported drug, an exam, an operation) or for a message where nothing was
 * understood.
 */
import type { MemberContext } from '@chatdr/contract';
import type { Extraction } from '../extract.ts';
import { entity } from '../kb/index.ts';
import { clauseAt, clausesOf } from './context.ts';
import { parseQuantities } from './quantities.ts';
import { readSubjects } from './subject.ts';
import type { Ask, Frame, FrameProfile } from './frame.ts';
import { entityPossibleFor } from './frame.ts';
import type { Subject } from './subject.ts';

/** The member's profile as the frame reads it (age — in months for a baby —, sex and pregnancy). */
export function profileOf(m: MemberContext | null): FrameProfile {
  if (!m) return {};
  const age = m.ageMonths !== null && m.ageMonths < 36 ? m.ageMonths / 12 : m.age;
  // The profile's pregnant flag is a yes/no field: "not recorded as pregnant" is not "known not to
  // be pregnant" (a late period may be an early pregnancy), so only a yes is taken.
  return { age, sex: m.sex, pregnant: m.pregnant ? true : null };
}

/**
 * The person the answer is about: the frame's subject, with the facts of the member the question
 * was asked for where the text states none (the answer engine only passes a member whose role fits
 * the text, so the member is that subject).
 */
export function subjectFor(f: Frame, m: MemberContext | null): Subject {
  if (!m) return f.subject;
  const p = profileOf(m);
  return {
    who: f.subject.who,
    ...(f.subject.age !== undefined ? { age: f.subject.age } : p.age != null ? { age: p.age } : {}),
    ...(f.subject.sex ? { sex: f.subject.sex } : p.sex ? { sex: p.sex } : {}),
    ...(f.subject.pregnant !== undefined ? { pregnant: f.subject.pregnant } : p.pregnant != null ? { pregnant: p.pregnant } : {}),
  };
}

/**
 * Drops conditions the subject cannot have by the KB's who-it-affects limits (an infant's 抑郁症 or
 * 妊娠剧吐, a fetus's 心房颤动, an adult's 生长痛). Only known facts exclude. A condition the KB
 * does not hold is kept.
 */
export function possibleConditions<T extends { readonly id: string }>(ranked: readonly T[], s: Subject, normalized = ''): T[] {
  return ranked.filter((r) => entityPossibleFor(`disease:${r.id}`, s) || namedIn(`disease:${r.id}`, normalized));
}

/** Whether the text names the entity (宫外孕有啥症状 from someone not pregnant still asks about it). */
function namedIn(id: string, normalized: string): boolean {
  if (!normalized) return false;
  const e = entity(id);
  return e !== undefined && [e.name, ...(e.synonyms ?? [])].some((n) => n.length >= 2 && normalized.includes(n));
}

/**
 * The subject of a symptom story without segmenting (no jieba, no linking: cheap enough for every
 * message): the subject of the clause of the first complaint the extractor found, with the
 * member's facts where the text states none.
 */
export function storySubject(ex: Extraction, m: MemberContext | null): Subject {
  const t = ex.normalized;
  const clauses = clausesOf(t);
  const quantities = parseQuantities(t);
  const p = profileOf(m);
  const { perClause } = readSubjects(t, clauses, quantities, { pregnant: p.pregnant ?? null });
  const first = ex.symptoms.find((x) => !x.negated);
  const c = first ? clauseAt(clauses, first.span[0]) : undefined;
  // No complaint found: the first clause says whom the message is about.
  const i = c ? clauses.indexOf(c) : 0;
  const read = perClause[i] ?? perClause[perClause.length - 1] ?? { who: 'self' as const };
  // A couple's fertility (没怀上, 不孕不育, 备孕) is asked about by either partner for both.
  const s: Subject = read.who === 'spouse' && COUPLE.test(t) ? { who: 'self' } : read;
  // The member's profile is the asker's: it describes the subject only when that is the asker.
  const useProfile = s.who === 'self';
  return {
    who: s.who,
    ...(s.age !== undefined ? { age: s.age } : useProfile && p.age != null ? { age: p.age } : {}),
    ...(s.sex ? { sex: s.sex } : useProfile && p.sex ? { sex: p.sex } : {}),
    ...(s.pregnant !== undefined ? { pregnant: s.pregnant } : useProfile && p.pregnant != null ? { pregnant: p.pregnant } : {}),
  };
}

const COUPLE = /怀上|不孕|不育|备孕|要孩子|要宝宝|要二胎|试管|精液|精子/u;

/** Whether the frame's subject is someone the text itself describes (not just the asker with a profile). */
export function subjectFromText(f: Frame): boolean {
  return f.subject.who !== 'self' || f.subject.age !== undefined || f.subject.pregnant === true;
}

const WHO_NAME: Readonly<Record<Subject['who'], string>> = {
  self: '你', child: '孩子', parent: '父母', elder: '老人', spouse: '爱人', sibling: '兄弟姐妹', fetus: '胎儿', other: '这位',
};
const TYPE_NAME: Readonly<Record<string, string>> = { disease: '疾病', drug: '药品', test: '检查项目', operation: '手术/操作' };
const ASK_NAME: Readonly<Record<Ask, string>> = {
  what_is_wrong: '是什么问题', cause: '原因', how_to_treat: '怎么治疗', can_take: '能不能用', can_do: '能不能做', is_normal: '结果是否正常',
  which_department: '挂什么科', where: '去哪里看', need_doctor: '要不要就医', what_is: '是什么', serious: '严不严重', prognosis: '能不能好、多久好',
  effect: '有什么作用', side_effect: '副作用', diet: '饮食', care: '注意事项', cost: '费用', other: '相关情况',
};

/** The one question that would let the answer go further, by what is asked about what. */
function nextQuestion(f: Frame): string {
  const focus = f.focus;
  if (focus.type === 'drug') return f.ask === 'can_take' ? '用药的人年龄多大、有没有其他疾病或正在用的药、是否怀孕或哺乳？' : '这个药是医生开的吗？现在用于什么病、怎么吃的？';
  if (focus.type === 'test') return f.mentions.some((m) => m.type === 'test' && m.value) ? '报告上这一项的参考范围是多少？还有哪些项目有箭头？' : '这项检查的结果（数值和参考范围或报告结论）是什么？';
  if (focus.type === 'operation') return '手术是什么时候做的（或计划什么时候做）？现在有什么不舒服？';
  if (focus.type === 'disease') return '是医生确诊的吗？现在有哪些不舒服、在用什么药？';
  return '主要是哪里不舒服、从什么时候开始的？';
}

/**
 * The answer lines for a named KB entity the older tables do not hold: what was understood (who,
 * which thing, what is asked), where it is usually seen, and one precise question. Never a
 * diagnosis and never an emergency: urgency only comes from triage.
 */
export function namedEntityLines(f: Frame): { lines: string[]; department: string | null; name: string } | null {
  if (f.focus.type === 'story') return null;
  const e = entity(f.focus.entityId);
  if (!e) return null;
  const code = (e.codes ?? []).find((c) => c.startsWith('ICD10:') || c.startsWith('ICD9CM3:'));
  const codeText = code ? `（${code.replace('ICD10:', 'ICD-10 ').replace('ICD9CM3:', 'ICD-9-CM-3 ')}）` : '';
  const who = WHO_NAME[f.subject.who];
  const lines = [`晓医理解到：你问的是${who === '你' ? '' : `${who}的`}${TYPE_NAME[e.type] ?? ''}「${e.name}」${codeText}，想了解${ASK_NAME[f.ask]}。`];
  const department = e.department ?? null;
  if (department) lines.push(`${e.type === 'disease' ? '这类疾病通常在' : '一般在'}${department}${e.type === 'disease' ? '诊治' : '就诊'}。`);
  if (e.type === 'drug') lines.push('用药请以药品说明书和医生、药师的意见为准：不要自行加量、停药或与其他同类药同用；孕妇、哺乳期、儿童和有肝肾疾病者用药前先咨询医生或药师。');
  if (e.type === 'test') {
    lines.push(f.ask === 'care' || f.ask === 'can_do' || f.ask === 'diet'
      ? '检查前的准备（是否空腹、要不要停药、是否需要憋尿或清肠、有无麻醉和陪同要求）以医院的检查须知为准，预约时向检查科室确认。'
      : '检查结果要结合参考范围、症状和其他检查一起看；把报告上的数值和参考范围发给晓医，可以逐项解读。');
  }
  if (e.type === 'operation') lines.push('术前准备和术后恢复（饮食、活动、伤口护理、复查时间）以手术医生的医嘱为准；出现发热、伤口红肿渗液、剧烈疼痛等情况要及时回医院。');
  if (e.type === 'disease') lines.push('晓医的知识库收录了这个病名，但还没有它的治疗和护理详细条目；具体怎么处理需要医生结合检查决定。');
  lines.push(nextQuestion(f));
  return { lines, department, name: e.name };
}

/** For a message where nothing was linked: say what was understood and ask one precise question. */
export function nothingUnderstoodLines(f: Frame): string[] {
  const parts: string[] = [];
  if (f.subject.who !== 'self') parts.push(`是关于${WHO_NAME[f.subject.who]}的问题`);
  const q = f.quantities.find((x) => x.kind === 'duration' || x.kind === 'date' || x.kind === 'age');
  if (q?.kind === 'age') parts.push(`年龄约${q.years < 1 ? `${Math.round(q.years * 12)}个月` : `${q.years}岁`}`);
  if (q?.kind === 'duration') parts.push(`已持续约${q.days}天`);
  if (q?.kind === 'date') parts.push(`从${q.year ? `${q.year}年` : ''}${q.month ? `${q.month}月` : ''}${q.day ? `${q.day}日` : ''}开始`);
  const lead = parts.length > 0 ? `晓医理解到：${parts.join('，')}，想了解${ASK_NAME[f.ask]}。` : '';
  return [lead, nextQuestion(f)].filter((l) => l.length > 0);
}
