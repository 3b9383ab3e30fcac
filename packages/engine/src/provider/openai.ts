// The OpenAI-compatible streaming provider: the builtin engine answers first (fast, pure), its
// triage guards the answer (an emergency or a refusal is never handed to a model), and the
// model writes the answer text from the builtin's knowledge; the builtin's structured events
// (triage, sources, recommendation, follow-ups, ...) go around that text. Any failure falls
// back to the builtin's own text, so the user always gets a full answer.
// Web APIs only (fetch, TextDecoder, AbortController, setTimeout): runs in Node and browsers.
import { collectAnswer } from '../answer.ts';
import type { AnswerEvent, AnswerInput } from '../answer.ts';
import { buildMessages, historyOf } from './context.ts';
import type { ChatMessage, ChatTurn } from './context.ts';
import { readSSE } from './sse.ts';

export interface OpenAIProviderConfig {
  /** e.g. `https://api.openai.com/v1`; the provider posts to `${baseUrl}/chat/completions`. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** How long to wait for the first token, in ms (default 15000). */
  timeoutMs?: number;
  /** How long the stream may stall between two chunks once text has started, in ms (default 30000). */
  idleTimeoutMs?: number;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Told about every failure; the answer goes on regardless. */
  warn?: (msg: string, err?: unknown) => void;
  /** Default 0.3. */
  temperature?: number;
}

export interface ProviderAnswerOptions {
  /** Aborts the request; the stream then ends without further events. */
  signal?: AbortSignal;
  /** Earlier turns; defaults to `input.history` when the input has one. */
  history?: readonly ChatTurn[];
}

export interface AnswerProvider {
  answer(input: AnswerInput, opts?: ProviderAnswerOptions): AsyncGenerator<AnswerEvent>;
}

export type ProviderFailure = 'http' | 'network' | 'timeout' | 'empty' | 'interrupted' | 'protocol';

export class ProviderError extends Error {
  readonly kind: ProviderFailure;
  readonly status: number | undefined;
  constructor(kind: ProviderFailure, message: string, opts: { status?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'ProviderError';
    this.kind = kind;
    this.status = opts.status;
  }
}

export const FALLBACK_WARNING = 'openai provider failed, answering with the builtin engine';
export const INTERRUPTED_WARNING = 'openai provider interrupted mid-answer';
export const INTERRUPTED_TEXT = '\n（回答生成中断，以上内容可能不完整。）';

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_IDLE_TIMEOUT_MS = 30_000;
const DEFAULT_TEMPERATURE = 0.3;

/**
 * The event types an answer written by the model may carry: the plain answer's, a role question
 * (whom the question is about), hospitals, and annotations (re-computed over the model's text).
 * Any other type (a skill's interview question or conclusion, a refusal, a type added later)
 * keeps the builtin answer unchanged.
 */
const MODEL_TYPES: ReadonlySet<string> = new Set(['deepThink', 'triage', 'scene', 'intent', 'roleQuestion', 'text', 'annotations', 'sources', 'recommend', 'hospitals', 'followUps', 'done']);

/**
 * Whether the builtin answer must go out unchanged: an emergency, a refusal, a report reading or
 * symptom interview turn, a medication verdict of 不建议/禁用, an answer without text, or any event
 * type outside {@link MODEL_TYPES}.
 */
export function keepBuiltin(input: AnswerInput, events: readonly AnswerEvent[]): boolean {
  if (input.skill === 'zzzc' || input.skill === 'bgjd') return true;
  if ((input.report?.length ?? 0) > 0) return true;
  if (!events.some((e) => e.type === 'text')) return true;
  // A medication verdict of 不建议/禁用 keeps the builtin text, whose first sentence says no and
  // which prints no dose after it; a 可以/慎用 verdict lets the model write the text.
  return events.some((e) =>
    e.type === 'medicationVerdict'
      ? e.level === 'not-recommended' || e.level === 'contraindicated'
      : (e.type === 'triage' && e.level === 'emergency') || e.type === 'refusal' || !MODEL_TYPES.has(e.type),
  );
}

type Annotations = Extract<AnswerEvent, { type: 'annotations' }>;
type Annotation = Annotations['items'][number];

/**
 * The builtin's annotations moved onto another text: each annotated term (its span of the builtin
 * text) is linked at its first free occurrence in the new text, longest terms first; a term the
 * new text does not mention is dropped.
 */
export function reannotate(builtinText: string, items: readonly Annotation[], text: string): Annotation[] {
  const terms = items.map((a) => ({ a, name: builtinText.slice(a.start, a.end) })).filter((t) => t.name.length > 0);
  terms.sort((x, y) => y.name.length - x.name.length);
  const out: Annotation[] = [];
  for (const { a, name } of terms) {
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      const end = at + name.length;
      if (out.some((o) => at < o.end && end > o.start)) continue;
      out.push({ ...a, start: at, end });
      break;
    }
  }
  return out.sort((x, y) => x.start - y.start);
}

// ---------------------------------------------------------------------------------------------
// The wire

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function firstChoice(x: unknown): Record<string, unknown> | undefined {
  if (!isRecord(x) || !Array.isArray(x.choices)) return undefined;
  const c: unknown = x.choices[0];
  return isRecord(c) ? c : undefined;
}

function errorMessage(x: unknown): string | null {
  if (!isRecord(x) || x.error === undefined || x.error === null) return null;
  if (isRecord(x.error) && typeof x.error.message === 'string') return x.error.message;
  return typeof x.error === 'string' ? x.error : JSON.stringify(x.error);
}

function parseJson(s: string): unknown {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return undefined;
  }
}

/** A timer that aborts the request; re-armed as the stream progresses. */
class Watchdog {
  fired = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  constructor(private readonly ctrl: AbortController) {}
  arm(ms: number): void {
    this.clear();
    this.timer = setTimeout(() => {
      this.fired = true;
      this.ctrl.abort(new ProviderError('timeout', `no data for ${ms} ms`));
    }, ms);
  }
  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

type Started = { ok: true; res: Response } | { ok: false; err: unknown };

interface Stream {
  ctrl: AbortController;
  dog: Watchdog;
  started: Promise<Started>;
}

function startRequest(cfg: OpenAIProviderConfig, messages: ChatMessage[], outer: AbortSignal | undefined): Stream {
  const ctrl = new AbortController();
  const dog = new Watchdog(ctrl);
  if (outer) {
    if (outer.aborted) ctrl.abort(outer.reason);
    else outer.addEventListener('abort', () => ctrl.abort(outer.reason), { once: true, signal: ctrl.signal });
  }
  dog.arm(cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'text/event-stream' };
  if (cfg.apiKey) headers.Authorization = `Bearer ${cfg.apiKey}`;
  const body = JSON.stringify({ model: cfg.model, messages, stream: true, temperature: cfg.temperature ?? DEFAULT_TEMPERATURE });
  const doFetch = cfg.fetch ?? globalThis.fetch;
  let started: Promise<Started>;
  try {
    started = doFetch(`${cfg.baseUrl.replace(/\/+$/u, '')}/chat/completions`, { method: 'POST', headers, body, signal: ctrl.signal }).then(
      (res): Started => ({ ok: true, res }),
      (err: unknown): Started => ({ ok: false, err }),
    );
  } catch (err) {
    started = Promise.resolve({ ok: false, err });
  }
  return { ctrl, dog, started };
}

/** The answer text as it streams: non-blank deltas, leading whitespace dropped. Throws a `ProviderError`. */
async function* deltas(s: Stream, cfg: OpenAIProviderConfig): AsyncGenerator<string> {
  const idle = cfg.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  let text = false;
  const wrap = (err: unknown): ProviderError => {
    if (err instanceof ProviderError) return err;
    if (s.dog.fired) return new ProviderError('timeout', text ? `the stream stalled for ${idle} ms` : `no answer within ${cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`, { cause: err });
    return new ProviderError(text ? 'interrupted' : 'network', err instanceof Error ? err.message : String(err), { cause: err });
  };
  const r = await s.started;
  if (!r.ok) throw wrap(r.err);
  const res = r.res;
  try {
    if (!res.ok) {
      const body = await res.text().catch(() => '');
      const msg = errorMessage(parseJson(body)) ?? body.slice(0, 300);
      throw new ProviderError('http', `HTTP ${res.status}${msg ? `: ${msg}` : ''}`, { status: res.status });
    }
    const type = res.headers.get('content-type') ?? '';
    if (/application\/json/iu.test(type)) {
      // A server that ignores `stream: true` answers with one completion.
      const json = parseJson(await res.text());
      const err = errorMessage(json);
      if (err !== null) throw new ProviderError('protocol', err);
      const msg = firstChoice(json)?.message;
      const content = isRecord(msg) && typeof msg.content === 'string' ? msg.content.trim() : '';
      if (content) yield content;
      return;
    }
    if (!res.body) throw new ProviderError('protocol', 'the response has no body');
    let complete = false;
    for await (const ev of readSSE(res.body)) {
      if (text) s.dog.arm(idle);
      const data = ev.data.trim();
      if (data === '[DONE]') {
        complete = true;
        break;
      }
      const json = parseJson(data);
      const err = errorMessage(json);
      if (err !== null) throw new ProviderError(text ? 'interrupted' : 'protocol', err);
      const choice = firstChoice(json);
      if (!choice) continue;
      if (typeof choice.finish_reason === 'string' && choice.finish_reason) complete = true;
      const delta = isRecord(choice.delta) ? choice.delta.content : undefined;
      if (typeof delta !== 'string' || delta.length === 0) continue;
      let out = delta;
      if (!text) {
        out = delta.trimStart();
        if (out.length === 0) continue;
        text = true;
        s.dog.arm(idle);
      }
      yield out;
    }
    if (!complete) throw new ProviderError(text ? 'interrupted' : 'protocol', 'the stream ended before [DONE]');
  } catch (err) {
    throw wrap(err);
  }
}

// ---------------------------------------------------------------------------------------------
// The provider

/** The OpenAI-compatible streaming provider (see the file comment). */
export function createOpenAIProvider(cfg: OpenAIProviderConfig): AnswerProvider {
  const warn = cfg.warn ?? (() => undefined);
  return {
    async *answer(input: AnswerInput, opts: ProviderAnswerOptions = {}): AsyncGenerator<AnswerEvent> {
      const signal = opts.signal;
      const builtin = await collectAnswer(input);
      if (signal?.aborted) return;
      if (keepBuiltin(input, builtin)) {
        yield* builtin;
        return;
      }
      // Generic by type: what comes before the first text goes first, the rest after the model's text.
      const firstText = builtin.findIndex((e) => e.type === 'text');
      const head = builtin.slice(0, firstText).filter((e) => e.type !== 'done');
      const texts = builtin.filter((e) => e.type === 'text');
      const tail = builtin.slice(firstText).filter((e) => e.type !== 'text' && e.type !== 'done');
      const builtinText = texts.map((e) => e.delta).join('');

      const messages = buildMessages(input, builtin, opts.history ?? historyOf(input));
      const stream = startRequest(cfg, messages, signal);
      try {
        yield* head;
        let streamed = false;
        let text = '';
        let failure: unknown = null;
        try {
          for await (const delta of deltas(stream, cfg)) {
            if (signal?.aborted) return;
            streamed = true;
            text += delta;
            yield { type: 'text', delta };
          }
        } catch (err) {
          failure = err;
        }
        if (signal?.aborted) return;
        if (failure === null && !streamed) failure = new ProviderError('empty', 'the model returned an empty answer');
        if (failure !== null) {
          if (streamed) {
            warn(INTERRUPTED_WARNING, failure);
            yield { type: 'text', delta: INTERRUPTED_TEXT };
          } else {
            warn(FALLBACK_WARNING, failure);
            yield* texts;
            yield* tail;
            yield { type: 'done' };
            return;
          }
        }
        for (const e of tail) {
          if (e.type !== 'annotations') {
            yield e;
            continue;
          }
          const items = reannotate(builtinText, e.items, text);
          if (items.length > 0) yield { ...e, items };
        }
        yield { type: 'done' };
      } finally {
        stream.dog.clear();
        stream.ctrl.abort();
      }
    },
  };
}
