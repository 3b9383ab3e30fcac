/**
 * Where the trained models are used inside the engine, and how they combine with the rules:
 *
 * - intent: {@link modelIntentClassifier} has the NLU frame's IntentClassifier shape
 *   (src/nlu/frame.ts: frame(text, profile, { classifyIntent }) or setIntentClassifier); it takes
 *   the model's intent when the model is confident enough, else the rule classifier's.
 * - department: {@link departmentWithModel} keeps the rules' department (departmentFor) when they
 *   have strong evidence — a condition ranked, a site named — and takes the model's only where the
 *   rule path has none (its general-practice fallback), or when there is no rule department at all.
 *
 * The thresholds were chosen on real-dev out-of-fold predictions (scripts/train-models.ts --oof)
 * and confirmed once on real-holdout; see the README, "Real questions".
 */
import { departmentFor } from '../conditions.ts';
import type { DepartmentAdvice, RankMember } from '../conditions.ts';
import { extract } from '../extract.ts';
import { classifyIntent } from '../intent.ts';
import type { AnswerIntent } from '../intent.ts';
import { predictDepartment, predictIntent } from './predict.ts';

/** The model's intent is taken at this probability or above; below it, the rule classifier's. */
export const INTENT_MIN_P = 0;
/** The model's department replaces a weak rule department at this probability or above. */
export const DEPARTMENT_MIN_P = 0.3;

/** The NLU frame's classifier shape: the text and its entity types → an intent and its probability. */
export function modelIntentClassifier(text: string, entityTypes: readonly string[]): { intent: AnswerIntent; p: number } {
  const m = predictIntent(text, entityTypes.length > 0 ? entityTypes : undefined);
  if (m.p >= INTENT_MIN_P) return m;
  return { intent: classifyIntent(text, extract(text)), p: 1 };
}

/** A rule department without strong evidence: no condition ranked and no site (general practice), or only general complaints. */
export function weakRuleDepartment(advice: DepartmentAdvice): boolean {
  return /描述中没有足够指向某一专科|缺乏特异性/u.test(advice.reason);
}

/**
 * The department for a question: the rules' (departmentFor) unless they have no strong evidence
 * and the model is confident enough; the model's reason says so.
 */
export function departmentWithModel(text: string, member?: RankMember): DepartmentAdvice & { source: 'rules' | 'model' } {
  const rules = departmentFor(text, member);
  if (!weakRuleDepartment(rules)) return { ...rules, source: 'rules' };
  const m = predictDepartment(text, { age: member?.age ?? null });
  if (m.p < DEPARTMENT_MIN_P || m.department === rules.department || m.department === '急诊科') return { ...rules, source: 'rules' };
  return {
    department: m.department,
    reason: `描述中没有足够指向某一专科的症状，按类似问题的就诊科室判断，可先到${m.department}就诊；不确定时也可先看全科医学科`,
    alternatives: [rules.department, ...rules.alternatives.filter((d) => d !== m.department && d !== rules.department)].slice(0, 3),
    source: 'model',
  };
}
