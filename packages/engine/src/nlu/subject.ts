import type { Clause } from './context.ts';
import type { Quantity } from './quantities.ts';

/** Who a mention is about. `self` is the person writing. */
export type SubjectWho = 'self' | 'child' | 'parent' | 'elder' | 'spouse' | 'sibling' | 'fetus' | 'other';

export interface Subject {
  readonly who: SubjectWho;
  /** Years, when stated (or from the profile for `self`). */
  readonly age?: number;
  readonly sex?: 'M' | 'F';
  readonly pregnant?: boolean;
}

interface Referent {
  readonly who: SubjectWho;
  readonly sex?: 'M' | 'F';
  readonly start: number;
  readonly end: number;
}

const POSS = '(?:我|我家|我们家|俺|俺家|家里|家里的|我的|自己家)?';
/** Kinship words, longest first within each group; the possessor (我, 我家) is part of the match. */
const KIN: ReadonlyArray<{ re: string; who: SubjectWho; sex?: 'M' | 'F' }> = [
  // 胎心, 胎动, 胎位 are signs the pregnant woman reports: they do not make the fetus the one asked about.
  { re: '胎儿|胎宝宝|胎宝|肚子里的(?:宝宝|孩子|娃)', who: 'fetus' },
  { re: '宝妈|当妈的我|我这个当妈的', who: 'self', sex: 'F' },
  { re: `${POSS}(?:儿子|孙子|外孙)`, who: 'child', sex: 'M' },
  { re: `${POSS}(?:女儿|闺女|孙女|外孙女)`, who: 'child', sex: 'F' },
  { re: `${POSS}(?:宝宝|孩子|小孩|小孩子|娃|宝贝|小朋友|婴儿|新生儿|小宝|大宝|二宝|儿童)`, who: 'child' },
  { re: `${POSS}(?:妈妈|母亲|老妈|妈|老娘|婆婆|岳母|丈母娘)`, who: 'parent', sex: 'F' },
  { re: `${POSS}(?:爸爸|父亲|老爸|爸|老爷子|公公|岳父|老丈人)`, who: 'parent', sex: 'M' },
  { re: `${POSS}(?:奶奶|外婆|姥姥|老太太)`, who: 'elder', sex: 'F' },
  { re: `${POSS}(?:爷爷|外公|姥爷|老大爷)`, who: 'elder', sex: 'M' },
  { re: `${POSS}(?:老人家|老人|长辈)`, who: 'elder' },
  { re: `${POSS}(?:老公|丈夫|先生|男朋友|男友)`, who: 'spouse', sex: 'M' },
  { re: `${POSS}(?:老婆|妻子|媳妇|爱人的?妻子|女朋友|女友)`, who: 'spouse', sex: 'F' },
  { re: `${POSS}(?:爱人|对象|老伴)`, who: 'spouse' },
  { re: `${POSS}(?:哥哥|弟弟|哥|弟)`, who: 'sibling', sex: 'M' },
  { re: `${POSS}(?:姐姐|妹妹|姐|妹)`, who: 'sibling', sex: 'F' },
  { re: `${POSS}(?:朋友|同事|同学|邻居|亲戚)`, who: 'other' },
];
const KIN_RE = new RegExp(KIN.map((k) => `(${k.re})`).join('|'), 'gu');
/** 我 as the one affected (我头疼, 我怀孕了), not as the one asking (我想问一下, 请问我). */
const SELF_RE = /我|本人|自己/gu;
const ASKER_ONLY = /^(?:想问|想咨询|想知道|问一下|咨询一下|请问|要问|问问)/u;
/** The child of a birth already past: the baby is born, not a fetus. */
const BORN = /出生|生了|生完|生下|产后|满月|月子|喂奶|母乳|哺乳|吃奶|奶粉|断奶|个月大|岁/u;
const PREGNANT = /(?<!没|没有|未|不是|是不是|备|想|准备|避免)(?:怀孕|怀了|孕(?=\d|[一二两三四五六七八九十]|期|早|中|晚|妇)|妊娠)/u;
/** 没怀孕, 验孕阴性: the asker says she is not pregnant. */
const NOT_PREGNANT = /没(?:有)?怀(?:孕|上)|未孕|不是怀孕|没有身孕|验孕[^，。,？?]{0,4}(?:阴性|一条杠|一道杠|没怀)|排除(?:了)?怀孕/u;
/** 生完孩子, 喂孩子, 带娃: the child named as what the mother did, not as the one with the complaint. */
const MOTHER_ACT_BEFORE = /(?:生完|生了|生下|产下|刚生|生|喂|带|哄|抱)(?:完|了)?$/u;
/** 老人说, 我妈让: the one named reports or advises; the complaint is someone else's. */
const REPORTER_AFTER = /^(?:说|讲|让|叫|建议|觉得|非要|总说|都说)/u;
/** 跟老婆, 和孩子, 陪我妈: the one named is with the subject, not the subject. */
const WITH_BEFORE = /[跟和与陪]$/u;
/** A complaint only the mother can have, in a clause that names nobody (孩子一个月 … 乳房红了一块). */
const MOTHER_BODY = /乳房|乳头|乳腺|奶水|涨奶|胀奶|堵奶|回奶|恶露|下面出血|阴道|月经|例假|大姨妈|侧切|刀口|剖宫产|剖腹产|子宫/u;
/** 给孩子吃了, 帮我妈买了: the one given to is the one affected. */
const GIVE_TO = /(?:给|帮|替|让)$/u;

export interface SubjectReading {
  /** Every referent found, in text order. */
  readonly referents: readonly Referent[];
  /** The subject of each clause (index-aligned with the clauses). */
  readonly perClause: readonly Subject[];
  readonly selfPregnant: boolean;
}

/**
 * Reads who each clause is about: the clause's own kinship word or 我 (a kinship word wins: 我女儿
 * is the daughter); a clause without one continues the previous clause's subject, and clauses
 * before the first referent take it. 宝宝 in a pregnant woman's message with no sign of a birth is
 * the fetus (我怀孕了 宝宝…); once a birth or the baby's age is mentioned it is the child, and 我
 * in a later clause is the mother herself (宝宝3个月 我…). Ages and sex attach to the referent they
 * follow in the same clause.
 */
export function readSubjects(t: string, clauses: readonly Clause[], quantities: readonly Quantity[], profile: { readonly pregnant?: boolean | null } = {}): SubjectReading {
  const refs: Referent[] = [];
  const taken: Array<[number, number]> = [];
  const selfPregnant = (PREGNANT.test(t) || profile.pregnant === true || /\b\d{1,2}\s*[w+]/u.test(t)) && !NOT_PREGNANT.test(t);
  const selfNotPregnant = NOT_PREGNANT.test(t);
  const born = BORN.test(t) || quantities.some((q) => q.kind === 'age' && q.years < 3);
  for (const m of t.matchAll(KIN_RE)) {
    const gi = m.slice(1).findIndex((g) => g !== undefined);
    const k = KIN[gi];
    if (!k) continue;
    let who = k.who;
    const after = t.slice(m.index + m[0].length, m.index + m[0].length + 2);
    if (REPORTER_AFTER.test(after) || (who === 'child' && MOTHER_ACT_BEFORE.test(t.slice(Math.max(0, m.index - 3), m.index)) && !/^我/u.test(m[0])) || (who !== 'fetus' && WITH_BEFORE.test(t.slice(Math.max(0, m.index - 1), m.index)))) {
      taken.push([m.index, m.index + m[0].length]);
      continue;
    }
    if (who === 'child' && selfPregnant && !born && /宝宝|孩子|娃|宝贝|小宝/u.test(m[0])) who = 'fetus';
    refs.push({ who, ...(k.sex ? { sex: k.sex } : {}), start: m.index, end: m.index + m[0].length });
    taken.push([m.index, m.index + m[0].length]);
  }
  for (const m of t.matchAll(SELF_RE)) {
    if (taken.some(([s, e]) => m.index >= s && m.index < e)) continue;
    if (ASKER_ONLY.test(t.slice(m.index + m[0].length))) continue;
    if (GIVE_TO.test(t.slice(Math.max(0, m.index - 1), m.index))) continue;
    refs.push({ who: 'self', start: m.index, end: m.index + m[0].length });
  }
  refs.sort((a, b) => a.start - b.start);

  const subjectOf = (r: Referent, c: Clause | undefined): Subject => {
    // A baby's age in the clause is not an adult's (媳妇生完孩子两周: two weeks since the birth).
    const age = c ? quantities.find((q) => q.kind === 'age' && q.start >= c.start && q.end <= c.end && (q.years >= 3 || r.who === 'child' || r.who === 'self')) : undefined;
    return {
      who: r.who,
      ...(age && age.kind === 'age' ? { age: age.years } : {}),
      ...(r.sex ? { sex: r.sex } : r.who === 'self' && selfPregnant ? { sex: 'F' as const } : {}),
      ...(r.who === 'self' && selfPregnant ? { pregnant: true } : {}),
    };
  };
  const perClause: Subject[] = [];
  let current: Subject | null = null;
  for (const c of clauses) {
    const inClause = refs.filter((r) => r.start >= c.start && r.start < c.end);
    // A recipient (给孩子) or a kinship word beats 我 in the same clause.
    const r = inClause.find((x) => x.who !== 'self' && GIVE_TO.test(t.slice(Math.max(0, x.start - 1), x.start))) ?? inClause.find((x) => x.who !== 'self') ?? inClause[0];
    if (r) current = subjectOf(r, c);
    // A baby's mother speaking of her own body without saying 我 (孩子一个月 乳房红了一块).
    else if (current && (current.who === 'child' || current.who === 'fetus') && (current.age === undefined || current.age < 3) && MOTHER_BODY.test(c.text)) {
      perClause.push({ who: 'self', sex: 'F' });
      continue;
    }
    perClause.push(current ?? { who: 'self' });
  }
  // Clauses before the first referent belong to it (发烧三天了，孩子5岁), unless the asker speaks
  // of 我 somewhere (没怀上，老婆检查都正常，我需要查啥): then they stay the asker's.
  const anySelf = refs.some((r) => r.who === 'self');
  const firstIdx = perClause.findIndex((_, i) => refs.some((r) => { const c = clauses[i]; return c !== undefined && r.start >= c.start && r.start < c.end; }));
  if (firstIdx > 0 && !anySelf) for (let i = 0; i < firstIdx; i++) perClause[i] = perClause[firstIdx] ?? { who: 'self' };
  if (selfPregnant && perClause.length > 0) {
    for (let i = 0; i < perClause.length; i++) {
      const s = perClause[i];
      if (s && s.who === 'self') perClause[i] = { ...s, sex: 'F', pregnant: true };
    }
  }
  if (selfNotPregnant) {
    for (let i = 0; i < perClause.length; i++) {
      const s = perClause[i];
      if (s && s.who === 'self') perClause[i] = { ...s, pregnant: false };
    }
  }
  return { referents: refs, perClause, selfPregnant };
}
