/**
 * The clause structure of a message and the status of a mention within it: denied (没有发烧),
 * in the past (以前得过胃炎), hypothetical (万一是阑尾炎), or suspected (是不是胆结石). Decided over
 * clauses (split at punctuation, spaces and contrast words) and the few characters before a mention,
 * never over the whole message: 不咳嗽但是发烧 denies the cough, not the fever.
 */

export interface Clause {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Punctuation and spaces end a clause; 但/但是/可是/不过/然后 start a new one. */
const BOUNDARY = /[\s，。,？?！!；;…~～、：:]+|(?=但是|但|可是|不过|然而|然后|后来)/gu;

export function clausesOf(t: string): Clause[] {
  const out: Clause[] = [];
  let at = 0;
  const push = (end: number): void => {
    const text = t.slice(at, end);
    const lead = text.length - text.trimStart().length;
    const trimmed = text.trim();
    if (trimmed) out.push({ text: trimmed, start: at + lead, end: at + lead + trimmed.length });
  };
  for (const m of t.matchAll(BOUNDARY)) {
    if (m.index === 0 && m[0] === '') continue;
    push(m.index);
    at = m.index + m[0].length;
  }
  push(t.length);
  return out;
}

export function clauseAt(clauses: readonly Clause[], pos: number): Clause | undefined {
  return clauses.find((c) => pos >= c.start && pos < c.end) ?? clauses.findLast((c) => c.start <= pos);
}

export type Polarity = 'affirmed' | 'negated';
export type TimeRef = 'now' | 'past';
export type Modality = 'stated' | 'suspected' | 'hypothetical';

export interface MentionStatus {
  readonly polarity: Polarity;
  readonly time: TimeRef;
  readonly modality: Modality;
}

/** A negator shortly before the mention: 没有发烧, 不咳嗽, 无过敏史, 否认高血压, 从没得过…, 没吃过…. */
const NEG_BEFORE = /(?:没有|没|无|不|未|否认|从来没|从没|并没有|并不|不是|排除(?:了)?)(?:有|得过|患过|得|吃过|用过|做过|出现|发现|什么|明显|任何|过|再)?(?:过)?$/u;
/** Question and idiom forms that contain 不/没 but deny nothing. */
const NOT_A_NEGATION = /(?:是不是|会不会|要不要|能不能|可不可以|有没有|用不用|该不该|需不需要|不知道|不清楚|不确定|不知|不晓得|说不定|不一定|差不多|不好意思|忍不住|不得不|不会是|不太|不怎么)(?:有|得了|得|是)?$/u;
/** Denial after the mention: 发烧没有, 过敏史无, 咳嗽也没了 (gone now). */
const NEG_AFTER = /^(?:没有|无|阴性|也没有|都没有)(?![吗呢么])/u;
const GONE_AFTER = /^(?:已经)?(?:好了|没了|消失了|治好了|痊愈了|消了|退了)/u;

/** The clause says this was before now: 以前, 曾经, 小时候, 得过. */
const PAST = /以前|之前|过去|曾经|小时候|年轻时|早年|当年|几年前|前几年|那时候?|当时|得过|有过|患过|做过|查出过/u;
const NOW = /现在|目前|最近|这几天|这两天|近来|近期|今天|今早|昨天|还在|一直|依然|仍然|至今|又/u;
const HYPOTHETICAL = /如果|万一|假如|假设|要是|若是|倘若|的话/u;
const SUSPECTED_BEFORE = /(?:是不是|会不会是|会不会|是否|可能是|可能|怀疑(?:是)?|担心(?:是|得了)?|怕(?:是|得了)?|疑似|难道是)(?:得了|有|患了|是)?$/u;

/**
 * The status of the mention [start, end) of normalised text `t` within its clause.
 * `hypothetical` wins over `suspected`; `negated` applies to any modality (万一不是…).
 */
export function statusOf(t: string, clauses: readonly Clause[], start: number, end: number): MentionStatus {
  const c = clauseAt(clauses, start);
  const from = c ? c.start : 0;
  const to = c ? c.end : t.length;
  const before = t.slice(Math.max(from, start - 8), start);
  const near = t.slice(Math.max(from, start - 6), start);
  const after = t.slice(end, to);
  const negated = (NEG_BEFORE.test(near) && !NOT_A_NEGATION.test(near)) || NEG_AFTER.test(after);
  const clause = c?.text ?? t;
  const gone = GONE_AFTER.test(after);
  const past = gone || (PAST.test(clause) && !NOW.test(clause));
  const hypothetical = HYPOTHETICAL.test(t.slice(from, start)) || /^[^，。,？?]{0,6}的话/u.test(after);
  const suspected = SUSPECTED_BEFORE.test(before);
  return {
    polarity: negated ? 'negated' : 'affirmed',
    time: past ? 'past' : 'now',
    modality: hypothetical ? 'hypothetical' : suspected ? 'suspected' : 'stated',
  };
}
