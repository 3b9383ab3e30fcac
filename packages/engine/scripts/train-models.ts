/// <reference types="node" />
/**
 * Trains the intent and department models (src/model/) and writes their weights to
 * data/model/intent.json and data/model/department.json. Deterministic (fixed seed).
 *
 *   npm run train -w @chatdr/engine                 # k-fold CV on real-dev, then train on all real-dev and write the weights
 *   npm run train -w @chatdr/engine -- --cv-only    # the cross-validation table only (tuning)
 *   npm run train -w @chatdr/engine -- --holdout    # also score real-holdout (once, at the end: never tune on it)
 *   npm run train -w @chatdr/engine -- --no-cv      # skip the cross-validation (the weights are the same)
 *
 * Training data: the real-dev labels of eval/real/real.jsonl (never real-holdout), plus, with a
 * lower weight, the intent and department labels of the engine's written eval sets (eval/*.jsonl)
 * and, for departments, the lexicon's disease names and synonyms with their department.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEPARTMENTS, INTENTS, classifyIntent, departmentFor, entriesOf, extract } from '../src/index.ts';
import { featuresOf } from '../src/model/features.ts';
import { train } from '../src/model/linear.ts';
import type { Example, LinearModel, TrainOptions } from '../src/model/linear.ts';
import { LABEL_DEPARTMENTS, idNumber, loadReal, splitReal } from '../eval/real/labels.ts';
import type { RealCase } from '../eval/real/labels.ts';
import { sameDepartment } from '../eval/real/score.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

export const SEED = 16;
export const INTENT_OPTIONS = { classes: INTENTS, epochs: 8, learningRate: 0.01, l2: 1e-4, batchSize: 32, seed: SEED, minCount: 2, maxFeatures: 12000 } as const satisfies TrainOptions;
export const DEPT_OPTIONS = { classes: LABEL_DEPARTMENTS, epochs: 8, learningRate: 0.02, l2: 1e-3, batchSize: 32, seed: SEED, minCount: 2, maxFeatures: 12000 } as const satisfies TrainOptions;

interface Written {
  q: string;
  age?: number;
  expect?: { intent?: string; departments?: string[] };
}

/** The written eval sets' cases (eval/*.jsonl). */
function writtenCases(): Written[] {
  const dir = join(root, 'eval');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as Written),
    );
}

const canonicalDept = (name: string): string | null => DEPARTMENTS.find((d) => d.name === name || d.aliases.includes(name))?.name ?? null;

const featureCache = new Map<string, string[]>();
function feats(q: string, age: number | null = null): string[] {
  const key = `${age ?? ''}\u0000${q}`;
  let f = featureCache.get(key);
  if (!f) {
    f = featuresOf(q, { age });
    featureCache.set(key, f);
  }
  return f;
}

interface Sources {
  writtenIntent: Example[];
  writtenDept: Example[];
  lexiconDept: Example[];
}

export function auxiliary(weights: { written: number; lexicon: number }): Sources {
  const written = writtenCases();
  const writtenIntent = written.flatMap((c) => (c.expect?.intent ? [{ features: feats(c.q), label: c.expect.intent, weight: weights.written }] : []));
  const writtenDept = written.flatMap((c) => {
    // The first department a written case accepts that is not 急诊科 (the real labels keep 急诊科 for emergencies).
    const d = (c.expect?.departments ?? []).map(canonicalDept).find((x) => x !== null && x !== '急诊科');
    return d ? [{ features: feats(c.q, c.age ?? null), label: d, weight: weights.written }] : [];
  });
  const lexiconDept = entriesOf('disease').flatMap((e) => {
    const d = canonicalDept(e.department);
    return d ? [e.name, ...e.synonyms].map((n) => ({ features: feats(n), label: d, weight: weights.lexicon })) : [];
  });
  return { writtenIntent, writtenDept, lexiconDept };
}

const intentExample = (c: RealCase): Example => ({ features: feats(c.q), label: c.intent });
const deptExample = (c: RealCase): Example => ({ features: feats(c.q), label: c.department });

/** Fold of a real-dev question for k-fold CV (ids divisible by 5 are holdout, so fold by id/5). */
const foldOf = (c: RealCase, k: number): number => Math.floor(idNumber(c.id) / 5) % k;

interface Scores {
  model: number;
  regex: number;
  majority: number;
  n: number;
}

function intentCorrect(m: LinearModel, c: RealCase): boolean {
  return m.predict(feats(c.q)).label === c.intent;
}
function deptCorrect(m: LinearModel, c: RealCase): boolean {
  return sameDepartment(c.department, m.predict(feats(c.q)).label, c.subject);
}

function majorityOf(values: readonly string[]): string {
  const n = new Map<string, number>();
  for (const v of values) n.set(v, (n.get(v) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

const regexIntent = (c: RealCase): string => classifyIntent(c.q, extract(c.q));
const ruleDept = (c: RealCase): string => departmentFor(c.q).department;

export function crossValidate(dev: readonly RealCase[], aux: Sources, k = 5, useAux = { intent: true, dept: true }, io: Partial<TrainOptions> = {}, dop: Partial<TrainOptions> = {}, oof: OutOfFold[] | null = null): { intent: Scores; dept: Scores } {
  let iHit = 0, dHit = 0, dN = 0, iMaj = 0, dMaj = 0;
  for (let f = 0; f < k; f++) {
    const tr = dev.filter((c) => foldOf(c, k) !== f);
    const te = dev.filter((c) => foldOf(c, k) === f);
    const im = train([...tr.map(intentExample), ...(useAux.intent ? aux.writtenIntent : [])], { ...INTENT_OPTIONS, ...io });
    const trD = tr.filter((c) => c.answerable);
    const dm = train([...trD.map(deptExample), ...(useAux.dept ? [...aux.writtenDept, ...aux.lexiconDept] : [])], { ...DEPT_OPTIONS, ...dop });
    const iMajority = majorityOf(tr.map((c) => c.intent));
    const dMajority = majorityOf(trD.map((c) => c.department));
    for (const c of te) {
      if (oof) {
        const ip = im.predict(feats(c.q));
        const dp = dm.predict(feats(c.q));
        oof.push({ id: c.id, intent: ip.label, intentP: ip.p, department: dp.label, departmentP: dp.p });
      }
      if (intentCorrect(im, c)) iHit++;
      if (c.intent === iMajority) iMaj++;
      if (!c.answerable) continue;
      dN++;
      if (deptCorrect(dm, c)) dHit++;
      if (sameDepartment(c.department, dMajority, c.subject)) dMaj++;
    }
  }
  const iRegex = dev.filter((c) => regexIntent(c) === c.intent).length;
  const answerable = dev.filter((c) => c.answerable);
  const dRule = answerable.filter((c) => sameDepartment(c.department, ruleDept(c), c.subject)).length;
  return {
    intent: { model: iHit / dev.length, regex: iRegex / dev.length, majority: iMaj / dev.length, n: dev.length },
    dept: { model: dHit / dN, regex: dRule / answerable.length, majority: dMaj / dN, n: dN },
  };
}

/** A real-dev question's prediction by the model of the fold that did not train on it. */
export interface OutOfFold {
  id: string;
  intent: string;
  intentP: number;
  department: string;
  departmentP: number;
}

const pct = (r: number): string => `${(r * 100).toFixed(1)} %`;

function main(): void {
  const { values } = parseArgs({ options: { 'cv-only': { type: 'boolean', default: false }, holdout: { type: 'boolean', default: false }, k: { type: 'string', default: '5' }, oof: { type: 'string' }, 'no-cv': { type: 'boolean', default: false } } });
  const parts = splitReal(loadReal());
  const dev = parts['real-dev'];
  const aux = auxiliary({ written: 0.3, lexicon: 0.3 });
  process.stderr.write(`real-dev ${dev.length}; auxiliary: ${aux.writtenIntent.length} written intent, ${aux.writtenDept.length} written department, ${aux.lexiconDept.length} lexicon department examples\n`);
  const k = Number(values.k);
  const oof: OutOfFold[] = [];
  const cv = values['no-cv'] ? null : crossValidate(dev, aux, k, { intent: true, dept: true }, {}, {}, oof);
  if (values.oof !== undefined) writeFileSync(values.oof, oof.map((o) => JSON.stringify(o)).join('\n') + '\n');
  if (cv) {
    const cvLines = [
      `${k}-fold CV on real-dev (folds by floor(id/5) mod ${k}):`,
      `  intent      model ${pct(cv.intent.model)}  regex classifyIntent ${pct(cv.intent.regex)}  majority ${pct(cv.intent.majority)}  (n=${cv.intent.n})`,
      `  department  model ${pct(cv.dept.model)}  rules departmentFor ${pct(cv.dept.regex)}  majority ${pct(cv.dept.majority)}  (n=${cv.dept.n}, answerable)`,
    ];
    process.stdout.write(`${cvLines.join('\n')}\n`);
  }
  if (values['cv-only']) return;

  const im = train([...dev.map(intentExample), ...aux.writtenIntent], INTENT_OPTIONS);
  const devD = dev.filter((c) => c.answerable);
  const dm = train([...devD.map(deptExample), ...aux.writtenDept, ...aux.lexiconDept], DEPT_OPTIONS);
  const trainedOn = { realDev: dev.length, realDevAnswerable: devD.length, writtenIntent: aux.writtenIntent.length, writtenDept: aux.writtenDept.length, lexiconDept: aux.lexiconDept.length, auxWeight: 0.3 };
  const cvMeta = { k, intent: cv?.intent ?? null, department: cv?.dept ?? null };
  writeFileSync(join(root, 'data/model/intent.json'), `${JSON.stringify(im.toData('intent', { ...im.meta, trainedOn, cv: cvMeta.intent, k }))}\n`);
  writeFileSync(join(root, 'data/model/department.json'), `${JSON.stringify(dm.toData('department', { ...dm.meta, trainedOn, cv: cvMeta.department, k }))}\n`);
  process.stderr.write('wrote data/model/intent.json, data/model/department.json\n');
  if (values.holdout) {
    const ho = parts['real-holdout'];
    const hoD = ho.filter((c) => c.answerable);
    const iMaj = majorityOf(dev.map((c) => c.intent));
    const dMaj = majorityOf(devD.map((c) => c.department));
    process.stdout.write(
      [
        `real-holdout (never trained or tuned on), n=${ho.length} (${hoD.length} answerable):`,
        `  intent      model ${pct(ho.filter((c) => intentCorrect(im, c)).length / ho.length)}  regex ${pct(ho.filter((c) => regexIntent(c) === c.intent).length / ho.length)}  majority(${iMaj}) ${pct(ho.filter((c) => c.intent === iMaj).length / ho.length)}`,
        `  department  model ${pct(hoD.filter((c) => deptCorrect(dm, c)).length / hoD.length)}  rules ${pct(hoD.filter((c) => sameDepartment(c.department, ruleDept(c), c.subject)).length / hoD.length)}  majority(${dMaj}) ${pct(hoD.filter((c) => sameDepartment(c.department, dMaj, c.subject)).length / hoD.length)}`,
      ].join('\n') + '\n',
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
