/// <reference types="node" />
/**
 * npm run eval -- --set real: runs every labelled real question (eval/real/real.jsonl) through
 * collectAnswer and scores what the engine understood (score.ts), real-dev and real-holdout apart.
 * When src/nlu/frame.ts exists and exports frame(), its ask / focus / subject are scored instead of
 * what the answer events and the extraction expose.
 */
import { appendFileSync, existsSync } from 'node:fs';
import { collectAnswer, extract } from '../../src/index.ts';
import { loadReal, splitReal } from './labels.ts';
import type { RealCase, RealPart } from './labels.ts';
import { engineView, scoreReal } from './score.ts';
import type { EngineView, Focus, FrameView, RealScore } from './score.ts';

type FrameFn = (text: string) => unknown;

const FRAME_URL = new URL('../../src/nlu/frame.ts', import.meta.url);

/** The NLU's frame() when src/nlu/frame.ts exists and exports it, else null. */
async function loadFrame(): Promise<FrameFn | null> {
  if (!existsSync(FRAME_URL)) return null;
  const mod: unknown = await import(FRAME_URL.href);
  if (typeof mod === 'object' && mod !== null && 'frame' in mod && typeof mod.frame === 'function') {
    const f = mod.frame as (text: string) => unknown;
    return (text) => f(text);
  }
  return null;
}

const str = (o: object, k: string): string | null => {
  const v: unknown = (o as Record<string, unknown>)[k];
  return typeof v === 'string' ? v : null;
};

/** The frame's fields the scorer reads, checked at run time (the frame's type is the NLU's own). */
export function frameView(raw: unknown): FrameView {
  if (typeof raw !== 'object' || raw === null) return {};
  const subj: unknown = (raw as Record<string, unknown>).subject;
  // The frame's subject is { who, age?, sex? } (who: self, child, fetus, parent, elder, spouse, other).
  const who = typeof subj === 'string' ? subj : typeof subj === 'object' && subj !== null ? str(subj, 'who') : null;
  const out: FrameView = { intent: str(raw, 'intent'), ask: str(raw, 'ask'), subject: who === 'elder' ? 'parent' : who };
  const f: unknown = (raw as Record<string, unknown>).focus;
  out.focus = null;
  // A can-I-eat question is about the food it names, whatever the answer is planned from.
  const food: unknown = (raw as Record<string, unknown>).food;
  const foodName = typeof food === 'object' && food !== null ? str(food, 'name') : null;
  if (foodName !== null) {
    out.focus = { type: 'food', name: foodName };
    return out;
  }
  if (typeof f === 'object' && f !== null) {
    const name = str(f, 'name');
    const type = str(f, 'type') ?? str(f, 'kind') ?? 'other';
    // A story focus (complaints, nothing named) is scored by its first symptom.
    const symptoms: unknown = (f as Record<string, unknown>).symptoms;
    const first: unknown = Array.isArray(symptoms) ? symptoms[0] : undefined;
    const storyName = typeof first === 'object' && first !== null ? str(first, 'name') : null;
    // A story whose symptoms the KB did not link may name its topic (a food, a complaint at a site).
    const topic: unknown = (f as Record<string, unknown>).topic;
    const topicName = typeof topic === 'object' && topic !== null ? str(topic, 'name') : null;
    if (name !== null) out.focus = { type, name } satisfies Focus;
    else if (topicName !== null && (storyName === null || str(topic as object, 'type') === 'food')) out.focus = { type: str(topic as object, 'type') ?? 'other', name: topicName };
    else if (storyName !== null) out.focus = { type: 'symptom', name: storyName };
  }
  return out;
}

const pct = (r: number | null): string => (r === null ? '—' : `${(r * 100).toFixed(1)} %`);
const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(0, n - [...s].length));

export async function runReal(opts: { json: boolean; dump?: string | undefined; misses?: boolean }): Promise<void> {
  const cases = loadReal();
  const frame = await loadFrame();
  const views = new Map<string, EngineView>();
  for (const c of cases) {
    const events = await collectAnswer({ question: c.q });
    const v = engineView(events, extract(c.q), frame ? frameView(frame(c.q)) : null);
    views.set(c.id, v);
    if (opts.dump !== undefined) appendFileSync(opts.dump, `${JSON.stringify({ id: c.id, ...v })}\n`);
  }
  const parts = splitReal(cases);
  const scored: Record<RealPart, RealScore> = {
    'real-dev': scoreReal(parts['real-dev'], parts['real-dev'].map((c: RealCase) => views.get(c.id) as EngineView)),
    'real-holdout': scoreReal(parts['real-holdout'], parts['real-holdout'].map((c: RealCase) => views.get(c.id) as EngineView)),
  };
  const source = frame ? 'nlu frame (src/nlu/frame.ts) for ask/focus/subject' : 'answer events + extraction (no src/nlu/frame.ts)';
  if (opts.json) {
    const part = (s: RealScore): object => ({ cases: s.cases, metrics: Object.fromEntries(s.metrics.map((m) => [m.name, { hits: m.hits, total: m.total, rate: m.rate }])), misses: s.misses.length });
    process.stdout.write(`${JSON.stringify({ set: 'real', files: ['real/real.jsonl'], cases: cases.length, understood: source, 'real-dev': part(scored['real-dev']), 'real-holdout': part(scored['real-holdout']) })}\n`);
    return;
  }
  const lines = [`chatdr engine eval — set real (eval/real/real.jsonl) — ${cases.length} labelled real questions; understanding read from ${source}`, ''];
  lines.push(`${pad('metric', 24)}${pad('real-dev', 20)}${pad('real-holdout', 20)}note`);
  const dev = scored['real-dev'];
  const ho = scored['real-holdout'];
  dev.metrics.forEach((m, i) => {
    const h = ho.metrics[i];
    lines.push(`${pad(m.name, 24)}${pad(`${pct(m.rate)} ${m.hits}/${m.total}`, 20)}${pad(h ? `${pct(h.rate)} ${h.hits}/${h.total}` : '—', 20)}${m.note}${h && h.note !== m.note ? ` (holdout: ${h.note})` : ''}`);
  });
  lines.push(`cases: real-dev ${dev.cases}, real-holdout ${ho.cases} (id number divisible by 5; never tuned on — its misses are not printed)`);
  if (opts.misses !== false) {
    lines.push('', `real-dev misses (${dev.misses.length}):`);
    const qOf = new Map(cases.map((c) => [c.id, c.q]));
    for (const m of dev.misses) lines.push(`  [${m.metric}] ${m.id} 「${(qOf.get(m.id) ?? '').slice(0, 60)}」 expected ${m.expected}; got ${m.got}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
