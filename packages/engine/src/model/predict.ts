/**
 * The trained statistical models (scripts/train-models.ts writes data/model/*.json): the intent of
 * a question and the department it belongs to, each with its probability. The weights load once,
 * on first use.
 */
import intentJson from '../../data/model/intent.json' with { type: 'json' };
import departmentJson from '../../data/model/department.json' with { type: 'json' };
import type { Extraction } from '../extract.ts';
import { INTENTS } from '../intent.ts';
import type { AnswerIntent } from '../intent.ts';
import { featuresOf } from './features.ts';
import { LinearModel } from './linear.ts';
import type { LinearModelData } from './linear.ts';

let intentModel: LinearModel | null = null;
let departmentModel: LinearModel | null = null;

/** The intent model (loaded on first use). */
export function intentModelOf(): LinearModel {
  intentModel ??= LinearModel.fromData(intentJson as LinearModelData);
  return intentModel;
}

/** The department model (loaded on first use). */
export function departmentModelOf(): LinearModel {
  departmentModel ??= LinearModel.fromData(departmentJson as LinearModelData);
  return departmentModel;
}

const isIntent = (s: string): s is AnswerIntent => (INTENTS as readonly string[]).includes(s);

export interface IntentPrediction {
  intent: AnswerIntent;
  /** The model's probability of that intent. */
  p: number;
}

export interface DepartmentPrediction {
  department: string;
  p: number;
}

/**
 * The most probable intent of a question. entityTypes (disease, symptom, drug, test, operation,
 * body_part …) replace the entity types the extraction finds, when the caller knows better; ex is
 * the question's extraction when the caller already has it.
 */
export function predictIntent(text: string, entityTypes?: readonly string[], ex?: Extraction): IntentPrediction {
  const r = intentModelOf().predict(featuresOf(text, entityTypes === undefined ? {} : { entityTypes }, ex));
  return { intent: isIntent(r.label) ? r.label : '其他', p: r.p };
}

/** The most probable department of a question; age (years, from the profile) marks a child. */
export function predictDepartment(text: string, opts: { age?: number | null; ex?: Extraction } = {}): DepartmentPrediction {
  const r = departmentModelOf().predict(featuresOf(text, { age: opts.age ?? null }, opts.ex));
  return { department: r.label, p: r.p };
}
