import { extract, type Who } from '@chatdr/engine';

/** A family member as the chat's member resolution sees it (no health data). */
export interface FamilyMemberRef {
  id: number;
  name: string;
  roleCode: string;
  roleName: string;
  sex: 'M' | 'F' | null;
  age: number | null;
  isSelf: boolean;
}

/** Whom a question is about, decided before the engine answers. */
export type MemberResolution =
  /** No family member is named (or someone outside the family): the selected member stays. */
  | { kind: 'keep' }
  /** The text names a member who exists: the answer uses that member's profile and says so. */
  | { kind: 'use'; member: FamilyMemberRef; note: string }
  /** Several members fit and the answer depends on who (medication, dosing, pregnancy): ask first. */
  | { kind: 'ask'; who: Who; candidates: FamilyMemberRef[]; text: string }
  /** Several fit and the answer does not depend on it: answered without a profile. */
  | { kind: 'ambiguous'; who: Who; candidates: FamilyMemberRef[] }
  /** The text names a relative the family does not have: offer to add one (the role question). */
  | { kind: 'missing'; who: Who; roleCode: string | null; roleName: string; text: string };

/** The spec's role codes for each kind of relative the text can name (account-health: role codes). */
const CHILD_CODES = new Set(['ROLE_3000', 'ROLE_3100', 'boy', 'girl']);
const SPOUSE_CODES = new Set(['ROLE_2000', 'ROLE_2100']);
/** An "other" member whose own role name says who they are (奶奶, 外公 …). */
const ELDER_NAME = /爷|奶|外公|外婆|姥|婆婆|公公|岳父|岳母/u;

/** What to call the relative in the note and the role question. */
const WHO_LABEL: Readonly<Record<Exclude<Who, 'self' | 'other'>, (sex: 'M' | 'F' | null) => string>> = {
  mother: () => '妈妈',
  father: () => '爸爸',
  spouse: (s) => (s === 'M' ? '丈夫' : s === 'F' ? '妻子' : '爱人'),
  child: (s) => (s === 'M' ? '儿子' : s === 'F' ? '女儿' : '孩子'),
  elder: (s) => (s === 'M' ? '爷爷' : s === 'F' ? '奶奶' : '家里老人'),
};

/** The role code a missing relative would be added with (null: 其他, chosen in the add form). */
function roleCodeFor(who: Who, sex: 'M' | 'F' | null): string | null {
  if (who === 'mother') return 'ROLE_1100';
  if (who === 'father') return 'ROLE_1000';
  if (who === 'spouse') return sex === 'M' ? 'ROLE_2000' : sex === 'F' ? 'ROLE_2100' : null;
  if (who === 'child') return sex === 'M' ? 'ROLE_3000' : sex === 'F' ? 'ROLE_3100' : null;
  return null;
}

function fits(m: FamilyMemberRef, who: Who, sex: 'M' | 'F' | null): boolean {
  if (m.isSelf) return false;
  const sexOk = sex === null || m.sex === null || m.sex === sex;
  switch (who) {
    case 'mother':
      return m.roleCode === 'ROLE_1100' || (m.roleCode === 'ROLE_4000' && /妈|母亲/u.test(m.roleName));
    case 'father':
      return m.roleCode === 'ROLE_1000' || (m.roleCode === 'ROLE_4000' && /爸|父亲/u.test(m.roleName));
    case 'spouse':
      return SPOUSE_CODES.has(m.roleCode) && sexOk;
    case 'child':
      return CHILD_CODES.has(m.roleCode) && sexOk;
    case 'elder':
      return m.roleCode === 'ROLE_4000' && ELDER_NAME.test(m.roleName) && sexOk;
    default:
      return false;
  }
}

/**
 * Questions whose answer depends on whose profile it is: a medicine or a dose (age, weight,
 * allergies, kidneys), pregnancy. Asked about a member the text leaves ambiguous, they wait for
 * the user's choice instead of guessing.
 */
const DEPENDS = /药|剂量|用量|几片|几粒|几毫升|多少毫|怎么吃|怎么用|能吃|能不能吃|可以吃|能用|可以用|吃多少|打针|疫苗|怀孕|孕期|备孕|哺乳|喂奶/u;

export function answerDependsOnMember(text: string, drugsNamed: number): boolean {
  return drugsNamed > 0 || DEPENDS.test(text);
}

/** The sex the text gives the relative: only from a kinship word (女儿, 老公), not from symptoms. */
const SEXED_WORD: ReadonlyArray<[RegExp, 'M' | 'F']> = [
  [/儿子|孙子|外孙(?!女)|男孩|老公|丈夫|先生|爷爷|外公|姥爷/u, 'M'],
  [/女儿|闺女|孙女|外孙女|女孩|老婆|妻子|媳妇|太太|奶奶|外婆|姥姥/u, 'F'],
];
function kinSex(text: string): 'M' | 'F' | null {
  const hits = SEXED_WORD.filter(([re]) => re.test(text)).map(([, s]) => s);
  return hits.length === 1 ? (hits[0] ?? null) : null;
}

const label = (m: FamilyMemberRef): string => (m.name && m.name !== m.roleName ? `${m.roleName}（${m.name}）` : m.roleName);

/**
 * Decides whose profile a question is answered with: the member the text names when the family
 * has exactly one such member (even when another member is selected), a question first when
 * several fit and the answer depends on it, an offer to add the relative when there is none.
 */
export function resolveMember(text: string, selectedId: number | null, members: readonly FamilyMemberRef[]): MemberResolution {
  const ex = extract(text);
  const who = ex.who;
  if (who === null || who === 'self' || who === 'other') return { kind: 'keep' };
  const sex = kinSex(text);
  const candidates = members.filter((m) => fits(m, who, sex));
  const selected = candidates.find((m) => m.id === selectedId);
  const name = WHO_LABEL[who](sex);
  if (selected) return { kind: 'use', member: selected, note: `按${label(selected)}的资料回答` };
  if (candidates.length === 1 && candidates[0]) return { kind: 'use', member: candidates[0], note: `按${label(candidates[0])}的资料回答` };
  if (candidates.length > 1) {
    if (answerDependsOnMember(text, ex.drugs.filter((d) => !d.negated).length)) {
      const names = candidates.map(label).join('、');
      return { kind: 'ask', who, candidates, text: `你问的是${name}的情况，家里有${names}。用药和剂量要按本人的年龄、体重和过敏史来定，请先选择按谁的资料回答。` };
    }
    return { kind: 'ambiguous', who, candidates };
  }
  const roleCode = roleCodeFor(who, sex);
  return {
    kind: 'missing',
    who,
    roleCode,
    roleName: name,
    text: `你问的是${name}的情况，家庭成员里还没有${name}。添加${name}并填写年龄、过敏史和长期用药后，晓医可以结合TA的档案回答；这次先不结合任何档案。`,
  };
}

/** The person a report names (its header: 姓名, 性别, 年龄). */
export interface ReportPatient {
  name: string | null;
  sex: 'M' | 'F' | null;
  age: number | null;
}

/** Whose profile a report is read with. */
export type ReportResolution =
  | { kind: 'keep' }
  | { kind: 'use'; member: FamilyMemberRef; note: string }
  /** No member fits the report: the user is asked; the reading uses the report's own sex and age. */
  | { kind: 'ask'; text: string; candidates: FamilyMemberRef[] };

const sexText = (s: 'M' | 'F' | null): string => (s === 'M' ? '男' : s === 'F' ? '女' : '');
const describe = (p: { sex: 'M' | 'F' | null; age: number | null }): string => [sexText(p.sex), p.age !== null ? `${p.age}岁` : ''].filter(Boolean).join('，');

/** The age printed on a report and a profile's age (from the birth date) may differ by a birthday. */
const AGE_SLACK = 1;

function contradicts(m: FamilyMemberRef, p: ReportPatient): boolean {
  if (p.sex && m.sex && p.sex !== m.sex) return true;
  return p.age !== null && m.age !== null && Math.abs(p.age - m.age) > AGE_SLACK;
}

function fitsPatient(m: FamilyMemberRef, p: ReportPatient): boolean {
  if (p.name && m.name === p.name) return !contradicts(m, p);
  // Without the name, both the sex and the age must be known and agree.
  return p.sex !== null && p.age !== null && m.sex === p.sex && m.age !== null && Math.abs(p.age - m.age) <= AGE_SLACK;
}

/**
 * Reports read for the person on the report: when the sex or age printed on it contradict the
 * selected member, the family member it fits is used (and the answer says so), or the user is
 * asked — the reading then uses the report's own sex and age, not the wrong profile.
 */
export function resolveReportMember(p: ReportPatient | null, selectedId: number | null, members: readonly FamilyMemberRef[]): ReportResolution {
  if (!p || (p.sex === null && p.age === null)) return { kind: 'keep' };
  const selected = members.find((m) => m.id === selectedId) ?? null;
  if (selected && !contradicts(selected, p)) return { kind: 'keep' };
  const fitting = members.filter((m) => fitsPatient(m, p));
  const who = describe(p);
  if (fitting.length === 1 && fitting[0]) return { kind: 'use', member: fitting[0], note: `报告上是${who}，按${label(fitting[0])}的资料解读` };
  const current = selected ? `与当前选择的「${label(selected)}」（${describe(selected)}）不一致` : '当前没有选择成员';
  return {
    kind: 'ask',
    candidates: members.filter((m) => m.id !== selectedId && !contradicts(m, p)),
    text: `这份报告上是「${who}」，${current}。请选择这份报告属于谁，或添加这位成员；这次先按报告上的性别和年龄解读。`,
  };
}
