/**
 * Where the trained models are used inside the engine, and how they combine with the rules:
 *
 * - intent: {@link modelIntentClassifier} has the NLU frame's IntentClassifier shape
 *   (src/nlu/frame.ts: frame(text, profile, { classifyIntent }) or setIntentClassifier).
 * - department: {@link departmentWithModel} keeps the rules' department (departmentFor) when they
 *   have strong evidence — a condition ranked, a site named — and takes the model's only where the
 *   rule path has none (its general-practice fallback); {@link modelDepartmentWhenNone} offers one
 *   for an answer that has no department at all.
 *
 * The thresholds were chosen on real-dev out-of-fold predictions (scripts/train-models.ts --oof)
 * and confirmed once on real-holdout; see the README, "Real questions".
 */
import { departmentFor } from '../conditions.ts';
import type { DepartmentAdvice, RankMember } from '../conditions.ts';
import type { AnswerIntent } from '../intent.ts';
import { predictDepartment, predictIntent } from './predict.ts';

/** The model's department replaces a weak rule department at this probability or above. */
export const DEPARTMENT_MIN_P = 0.3;
/** The model's department is offered for an answer with none at this probability or above. */
export const NO_DEPARTMENT_MIN_P = 0.2;

/**
 * The NLU frame's classifier (IntentClassifier shape): the model's intent, always — on real-dev
 * out-of-fold predictions the model alone (66.3 %) beat the rule classifier (47.4 %) and every
 * "model when confident, else rules" mix (≤ 66.4 % at p ≥ 0.3, falling as the threshold rises).
 * The caller's entity types are not used: the model reads the extraction's, as in training.
 */
export function modelIntentClassifier(text: string, _entityTypes?: readonly string[]): { intent: AnswerIntent; p: number } {
  return predictIntent(text);
}

/**
 * A department for an answer that has none (a general answer, a drug or knowledge question): the
 * model's, when it is at least {@link NO_DEPARTMENT_MIN_P} sure and not 急诊科 (the triage rules
 * alone send to the emergency department); null otherwise.
 */
export function modelDepartmentWhenNone(text: string, member?: RankMember): { department: string; p: number } | null {
  const m = predictDepartment(text, { age: member?.age ?? null });
  return m.p >= NO_DEPARTMENT_MIN_P && m.department !== '急诊科' ? m : null;
}

/** A rule department without strong evidence: no condition ranked and no site (general practice), or only general complaints. */
export function weakRuleDepartment(advice: DepartmentAdvice): boolean {
  if (/描述中没有足够指向某一专科|缺乏特异性/u.test(advice.reason)) return true;
  // A department from a condition ranked below 可能性较大, or from the body site alone: on real-dev
  // out-of-fold predictions the model beat the rules there, and matched them only where the rules
  // rank a condition 可能性较大 (62.5 vs 62.8 %; README, "Real questions").
  return !/可能性较大/u.test(advice.reason) && !/请立即拨打120/u.test(advice.reason);
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
    reason: `描述指向的专科不够明确，按类似问题的就诊科室判断，可先到${m.department}就诊；不确定时也可先看全科医学科`,
    alternatives: [rules.department, ...rules.alternatives.filter((d) => d !== m.department && d !== rules.department)].slice(0, 3),
    source: 'model',
  };
}
