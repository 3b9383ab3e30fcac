/// <reference types="node" />
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, expect, afterEach } from 'vitest';
import type { MemberContext } from '@chatdr/contract';
import { collectAnswer } from '../answer.ts';
import type { AnswerEvent, AnswerInput } from '../answer.ts';
import { buildMessages, PROMPT_MAX_CHARS } from './context.ts';
import { createOpenAIProvider, FALLBACK_WARNING, INTERRUPTED_TEXT, INTERRUPTED_WARNING, ProviderError, reannotate } from './openai.ts';
import type { OpenAIProviderConfig, ProviderAnswerOptions } from './openai.ts';

// ---------------------------------------------------------------------------------------------
// A real local server speaking the OpenAI streaming protocol.

interface Call {
  headers: IncomingHttpHeaders;
  url: string;
  body: { model?: string; stream?: boolean; temperature?: number; messages?: Array<{ role: string; content: string }> };
}

type Handler = (req: IncomingMessage, res: ServerResponse, call: Call) => void | Promise<void>;

interface TestServer {
  baseUrl: string;
  calls: Call[];
  closed: Promise<void>[];
}

const servers: Array<ReturnType<typeof createServer>> = [];

afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

async function serve(handler: Handler): Promise<TestServer> {
  const calls: Call[] = [];
  const closed: Promise<void>[] = [];
  const server = createServer((req, res) => {
    closed.push(new Promise<void>((resolve) => res.on('close', () => resolve())));
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => {
      const call: Call = { headers: req.headers, url: req.url ?? '', body: JSON.parse(Buffer.concat(parts).toString('utf8')) as Call['body'] };
      calls.push(call);
      void handler(req, res, call);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/v1`, calls, closed };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function chunk(content: string | null, finish: string | null = null, role?: string): string {
  const delta: Record<string, string> = {};
  if (role) delta.role = role;
  if (content !== null) delta.content = content;
  return `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'test-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

function sseHead(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
}

/** A handler streaming the deltas, each in its own write, then finish and [DONE]. */
function streaming(deltas: readonly string[]): Handler {
  return async (_req, res) => {
    sseHead(res);
    res.write(': connected\n\n');
    res.write(chunk('', null, 'assistant'));
    for (const d of deltas) {
      res.write(chunk(d));
      await sleep(5);
    }
    res.write(chunk(null, 'stop'));
    res.end('data: [DONE]\n\n');
  };
}

// ---------------------------------------------------------------------------------------------
// Fixtures

function member(over: Partial<MemberContext> = {}): MemberContext {
  return {
    userInfoId: 1,
    name: '爸爸',
    roleName: '爸爸',
    age: 60,
    ageMonths: null,
    sex: 'M',
    heightCm: 172,
    weightKg: 70,
    bmi: 23.7,
    bmiClass: null,
    diseases: [{ name: '高血压', code: 'I10', ongoing: true }],
    allergies: [{ name: '青霉素', code: null, type: 'drug' }],
    medicines: [{ name: '氨氯地平', code: null, dose: 5, unit: 'mg', frequency: '每日1次' }],
    surgeries: [],
    familyHistory: [],
    pregnant: false,
    pregnancyWeek: null,
    lactating: false,
    smoking: null,
    drinking: null,
    ...over,
  };
}

const COLD: AnswerInput = { question: '头痛两天，有点发烧，流鼻涕', member: member() };
const CHEST: AnswerInput = { question: '胸口压榨样疼痛出冷汗', member: member() };

interface Run {
  events: AnswerEvent[];
  warnings: Array<{ msg: string; err: unknown }>;
}

async function run(srv: TestServer, input: AnswerInput, cfg: Partial<OpenAIProviderConfig> = {}, opts: ProviderAnswerOptions = {}): Promise<Run> {
  const warnings: Run['warnings'] = [];
  const provider = createOpenAIProvider({ baseUrl: srv.baseUrl, model: 'test-model', apiKey: 'sk-test', warn: (msg, err) => warnings.push({ msg, err }), ...cfg });
  const events: AnswerEvent[] = [];
  for await (const e of provider.answer(input, opts)) events.push(e);
  return { events, warnings };
}

/** Events without timings, for comparing two runs of the builtin engine. */
function stable(events: readonly AnswerEvent[]): AnswerEvent[] {
  return events.map((e) => (e.type === 'deepThink' ? { ...e, consumingMs: 0 } : e));
}

const textOf = (events: readonly AnswerEvent[]): string => events.map((e) => (e.type === 'text' ? e.delta : '')).join('');
const typesOf = (events: readonly AnswerEvent[]): string[] => events.map((e) => e.type);

// ---------------------------------------------------------------------------------------------

describe('createOpenAIProvider: streaming', () => {
  it('streams the model deltas as text events in order, with the builtin structured events around them', async () => {
    const deltas = ['根据你的描述，', '比较像普通感冒[3]，', '建议多休息、多喝水。', '如高热超过3天请就医。'];
    const srv = await serve(streaming(deltas));
    const { events, warnings } = await run(srv, COLD);
    const builtin = await collectAnswer(COLD);

    expect(warnings).toEqual([]);
    expect(events.filter((e) => e.type === 'text')).toEqual(deltas.map((delta) => ({ type: 'text', delta })));
    // Head (deep think, triage, intent, scene), then the model's text, then the builtin's structured events.
    const builtinTypes = typesOf(builtin);
    const firstText = builtinTypes.indexOf('text');
    // Annotations are re-pointed into the model's text (checked below), so they are left out of the order check.
    const expectedTypes = [...builtinTypes.slice(0, firstText), ...deltas.map(() => 'text'), ...builtinTypes.slice(firstText).filter((t) => t !== 'text' && t !== 'annotations')];
    expect(typesOf(events).filter((t) => t !== 'annotations')).toEqual(expectedTypes);
    const modelText = deltas.join('');
    for (const e of events) if (e.type === 'annotations') for (const a of e.items) expect(modelText.slice(a.start, a.end).length).toBe(a.end - a.start);
    expect(events.find((e) => e.type === 'triage')).toEqual({ type: 'triage', level: 'routine' });
    expect(events.find((e) => e.type === 'sources')).toEqual(builtin.find((e) => e.type === 'sources'));
    expect(events.find((e) => e.type === 'recommend')).toEqual(builtin.find((e) => e.type === 'recommend'));
    expect(events.find((e) => e.type === 'followUps')).toEqual(builtin.find((e) => e.type === 'followUps'));
    expect(events.at(-1)).toEqual({ type: 'done' });
    // The builtin's own text is not repeated.
    expect(textOf(events)).toBe(deltas.join(''));
  });

  it('moves the builtin annotations onto the model text', async () => {
    const builtin = await collectAnswer(COLD);
    const ann = builtin.find((e) => e.type === 'annotations');
    if (ann?.type !== 'annotations') throw new Error('the builtin answer has no annotations');
    const builtinText = textOf(builtin);
    const terms = ann.items.map((a) => builtinText.slice(a.start, a.end));
    const deltas = ['可以先观察。', ...terms.map((t) => `需要排除${t}，`), '注意休息。'];
    const srv = await serve(streaming(deltas));
    const { events } = await run(srv, COLD);
    const text = textOf(events);
    const moved = events.find((e) => e.type === 'annotations');
    if (moved?.type !== 'annotations') throw new Error('no annotations');
    expect(moved.items.map((a) => text.slice(a.start, a.end))).toEqual(terms);
    expect(moved.items.map((a) => [a.type, a.id])).toEqual(ann.items.map((a) => [a.type, a.id]));
    // In the builtin's position: after the text, before the sources.
    expect(events.findIndex((e) => e.type === 'annotations')).toBeLessThan(events.findIndex((e) => e.type === 'sources'));
  });

  it('posts model, stream:true, temperature and a system prompt with the member, triage and knowledge', async () => {
    const srv = await serve(streaming(['好的。']));
    await run(srv, COLD, { temperature: 0.2 });
    expect(srv.calls).toHaveLength(1);
    const call = srv.calls[0];
    expect(call?.url).toBe('/v1/chat/completions');
    expect(call?.headers.authorization).toBe('Bearer sk-test');
    expect(call?.headers['content-type']).toMatch(/application\/json/u);
    expect(call?.body).toMatchObject({ model: 'test-model', stream: true, temperature: 0.2 });
    const messages = call?.body.messages ?? [];
    expect(messages[0]?.role).toBe('system');
    const system = messages[0]?.content ?? '';
    expect(system).toContain('过敏史：青霉素');
    expect(system).toContain('年龄：60岁');
    expect(system).toContain('现患疾病：高血压');
    expect(system).toContain('氨氯地平 5mg 每日1次');
    expect(system).toContain('120');
    expect(system).toContain('简体中文');
    expect(system).toContain('【分诊结果】门诊就诊');
    // The builtin answer leads with its answer sentence (issue 17's planner), then the profile line.
    expect(system).toMatch(/【知识库要点】\n[^\n]+\n结合档案/u);
    expect(system).toMatch(/\[1\] \S+：/u);
    expect(messages.at(-1)).toEqual({ role: 'user', content: COLD.question });
  });

  it('sends no Authorization header without an API key, and tolerates a trailing slash in the base URL', async () => {
    const srv = await serve(streaming(['好的。']));
    const { warnings } = await run(srv, COLD, { apiKey: undefined, baseUrl: `${srv.baseUrl}/` });
    expect(warnings).toEqual([]);
    expect(srv.calls[0]?.url).toBe('/v1/chat/completions');
    expect(srv.calls[0]?.headers.authorization).toBeUndefined();
  });

  it('reassembles chunks split at arbitrary byte positions, also inside UTF-8 characters', async () => {
    const deltas = ['普通感冒一般', '7天左右自愈，', '多喝温水😊。'];
    const payload = Buffer.from(chunk('', null, 'assistant') + deltas.map((d) => chunk(d)).join('') + chunk(null, 'stop') + 'data: [DONE]\n\n', 'utf8');
    const srv = await serve(async (_req, res) => {
      sseHead(res);
      // 5-byte pieces cut most 3-byte CJK characters and the 4-byte emoji.
      for (let i = 0; i < payload.length; i += 5) {
        res.write(payload.subarray(i, i + 5));
        await sleep(1);
      }
      res.end();
    });
    const { events, warnings } = await run(srv, COLD);
    expect(warnings).toEqual([]);
    expect(textOf(events)).toBe(deltas.join(''));
    expect(textOf(events)).not.toContain('\uFFFD');
  });

  it('passes earlier turns as chat messages', async () => {
    const srv = await serve(streaming(['好的。']));
    const history = [
      { role: 'user' as const, text: '我爸最近总头痛' },
      { role: 'assistant' as const, text: '头痛持续多久了？' },
    ];
    await run(srv, COLD, {}, { history });
    const messages = srv.calls[0]?.body.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[1]?.content).toBe('我爸最近总头痛');
    expect(messages[2]?.content).toBe('头痛持续多久了？');
  });

  it('leaves the member profile out of the prompt when the question is about someone else', async () => {
    const input: AnswerInput = { question: '我妈头痛两天，有点发烧', member: member() };
    const builtin = await collectAnswer(input);
    expect(builtin.some((e) => e.type === 'roleQuestion')).toBe(true);
    const srv = await serve(streaming(['好的。']));
    const { events } = await run(srv, input);
    const system = srv.calls[0]?.body.messages?.[0]?.content ?? '';
    expect(system).toContain('【成员档案】不使用');
    expect(system).not.toContain('青霉素');
    expect(system).not.toContain('氨氯地平');
    // The role question still goes out, before the text.
    expect(events.findIndex((e) => e.type === 'roleQuestion')).toBeLessThan(events.findIndex((e) => e.type === 'text'));
  });

  it('takes earlier turns from input.history too', async () => {
    const srv = await serve(streaming(['好的。']));
    await run(srv, { ...COLD, history: [{ role: 'user', text: '我爸血压有点高' }, { role: 'assistant', text: '平时血压多少？' }] });
    const messages = srv.calls[0]?.body.messages ?? [];
    expect(messages.slice(1).map((m) => m.content)).toEqual(['我爸血压有点高', '平时血压多少？', COLD.question]);
  });

  it('accepts a server that ignores stream:true and answers with one JSON completion', async () => {
    const srv = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: '多休息，多喝水。' }, finish_reason: 'stop' }] }));
    });
    const { events, warnings } = await run(srv, COLD);
    expect(warnings).toEqual([]);
    expect(textOf(events)).toBe('多休息，多喝水。');
  });
});

describe('createOpenAIProvider: failures fall back to the builtin engine', () => {
  it('on HTTP 500 answers with the builtin events and warns', async () => {
    const srv = await serve((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'model overloaded' } }));
    });
    const { events, warnings } = await run(srv, COLD);
    expect(stable(events)).toEqual(stable(await collectAnswer(COLD)));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toBe(FALLBACK_WARNING);
    const err = warnings[0]?.err;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ kind: 'http', status: 500 });
    expect((err as Error).message).toContain('model overloaded');
  });

  it('on a network error (nothing listening) answers with the builtin events', async () => {
    const srv = await serve(streaming(['x']));
    const dead = servers.pop();
    dead?.closeAllConnections();
    await new Promise<void>((resolve) => dead?.close(() => resolve()));
    const { events, warnings } = await run(srv, COLD);
    expect(stable(events)).toEqual(stable(await collectAnswer(COLD)));
    expect(warnings[0]).toMatchObject({ msg: FALLBACK_WARNING, err: { kind: 'network' } });
  });

  it('falls back when the server sends no response before the first-token timeout', async () => {
    const srv = await serve(() => {
      // never answers
    });
    const t0 = Date.now();
    const { events, warnings } = await run(srv, COLD, { timeoutMs: 200 });
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(stable(events)).toEqual(stable(await collectAnswer(COLD)));
    expect(warnings[0]).toMatchObject({ msg: FALLBACK_WARNING, err: { kind: 'timeout' } });
  });

  it('falls back when the server sends headers and keep-alive comments but no token in time', async () => {
    const srv = await serve(async (_req, res) => {
      sseHead(res);
      res.write(chunk('', null, 'assistant'));
      for (let i = 0; i < 20 && !res.destroyed; i++) {
        res.write(': keep-alive\n\n');
        await sleep(50);
      }
    });
    const { events, warnings } = await run(srv, COLD, { timeoutMs: 200 });
    expect(stable(events)).toEqual(stable(await collectAnswer(COLD)));
    expect(warnings[0]).toMatchObject({ msg: FALLBACK_WARNING, err: { kind: 'timeout' } });
    await Promise.all(srv.closed); // the request was aborted
  });

  it('falls back on an empty answer', async () => {
    const srv = await serve(streaming(['   ', '\n']));
    const { events, warnings } = await run(srv, COLD);
    expect(stable(events)).toEqual(stable(await collectAnswer(COLD)));
    expect(warnings[0]).toMatchObject({ msg: FALLBACK_WARNING, err: { kind: 'empty' } });
  });

  it('appends an interruption notice when the connection drops mid-stream, then the structured events', async () => {
    const srv = await serve(async (_req, res) => {
      sseHead(res);
      res.write(chunk('根据你的描述，', null, 'assistant'));
      res.write(chunk('可能是'));
      await sleep(30);
      res.destroy();
    });
    const { events, warnings } = await run(srv, COLD);
    const builtin = await collectAnswer(COLD);
    expect(textOf(events)).toBe(`根据你的描述，可能是${INTERRUPTED_TEXT}`);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ msg: INTERRUPTED_WARNING, err: { kind: 'interrupted' } });
    const afterText = events.slice(events.findLastIndex((e) => e.type === 'text') + 1);
    const noAnnotations = (es: AnswerEvent[]): AnswerEvent[] => stable(es).filter((e) => e.type !== 'annotations');
    expect(noAnnotations(afterText)).toEqual(noAnnotations(builtin.slice(builtin.findLastIndex((e) => e.type === 'text') + 1)));
  });

  it('marks the answer interrupted when the stream stalls after the first token', async () => {
    const srv = await serve(async (_req, res) => {
      sseHead(res);
      res.write(chunk('多休息，', null, 'assistant'));
      await sleep(3000);
      if (!res.destroyed) res.end('data: [DONE]\n\n');
    });
    const t0 = Date.now();
    const { events, warnings } = await run(srv, COLD, { idleTimeoutMs: 150 });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(textOf(events)).toBe(`多休息，${INTERRUPTED_TEXT}`);
    expect(warnings[0]).toMatchObject({ msg: INTERRUPTED_WARNING, err: { kind: 'timeout' } });
    expect(events.at(-1)).toEqual({ type: 'done' });
  });

  it('treats a stream that ends without finish_reason or [DONE] as interrupted', async () => {
    const srv = await serve((_req, res) => {
      sseHead(res);
      res.end(chunk('多休息，'));
    });
    const { events, warnings } = await run(srv, COLD);
    expect(textOf(events)).toBe(`多休息，${INTERRUPTED_TEXT}`);
    expect(warnings[0]?.msg).toBe(INTERRUPTED_WARNING);
  });
});

describe('createOpenAIProvider: the triage layer guards', () => {
  it('never calls the model for an emergency: the builtin answer starts with the emergency actions', async () => {
    const srv = await serve(streaming(['不要紧，休息一下就好。']));
    const { events, warnings } = await run(srv, CHEST);
    expect(srv.calls).toHaveLength(0);
    expect(warnings).toEqual([]);
    expect(events.find((e) => e.type === 'triage')).toEqual({ type: 'triage', level: 'emergency' });
    expect(textOf(events)).toMatch(/^立即拨打120/u);
    expect(textOf(events)).not.toContain('休息一下就好');
    expect(stable(events)).toEqual(stable(await collectAnswer(CHEST)));
  });

  it('never calls the model for a refusal', async () => {
    const srv = await serve(streaming(['今天晴。']));
    const { events } = await run(srv, { question: '今天天气怎么样' });
    expect(srv.calls).toHaveLength(0);
    expect(events.find((e) => e.type === 'refusal')).toMatchObject({ code: 3034 });
  });

  it('keeps report reading and the symptom interview skill on the builtin engine', async () => {
    const srv = await serve(streaming(['好的。']));
    const report: AnswerInput = { question: '帮我看看报告', skill: 'bgjd', report: [{ name: '血红蛋白', value: '95', unit: 'g/L' }], member: member() };
    const { events } = await run(srv, report);
    expect(stable(events)).toEqual(stable(await collectAnswer(report)));
    await run(srv, { ...COLD, skill: 'zzzc' });
    expect(srv.calls).toHaveLength(0);
  });
});

describe('createOpenAIProvider: abort', () => {
  it('aborts the request and ends the stream when the signal fires', async () => {
    const srv = await serve(async (_req, res) => {
      sseHead(res);
      res.write(chunk('第一句。', null, 'assistant'));
      await sleep(5000);
      if (!res.destroyed) res.end('data: [DONE]\n\n');
    });
    const ctrl = new AbortController();
    const provider = createOpenAIProvider({ baseUrl: srv.baseUrl, model: 'm', warn: () => undefined });
    const events: AnswerEvent[] = [];
    const t0 = Date.now();
    for await (const e of provider.answer(COLD, { signal: ctrl.signal })) {
      events.push(e);
      if (e.type === 'text') ctrl.abort();
    }
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(events.filter((e) => e.type === 'text')).toEqual([{ type: 'text', delta: '第一句。' }]);
    expect(events.some((e) => e.type === 'done')).toBe(false);
    await Promise.all(srv.closed); // the server saw the connection go
  });

  it('does not call the server when the signal is already aborted', async () => {
    const srv = await serve(streaming(['好的。']));
    const ctrl = new AbortController();
    ctrl.abort();
    const { events } = await run(srv, COLD, {}, { signal: ctrl.signal });
    expect(events).toEqual([]);
    expect(srv.calls).toHaveLength(0);
  });

  it('releases the request when the consumer stops reading', async () => {
    const srv = await serve(async (_req, res) => {
      sseHead(res);
      res.write(chunk('第一句。', null, 'assistant'));
      await sleep(5000);
      if (!res.destroyed) res.end('data: [DONE]\n\n');
    });
    const provider = createOpenAIProvider({ baseUrl: srv.baseUrl, model: 'm' });
    for await (const e of provider.answer(COLD)) if (e.type === 'text') break;
    await Promise.all(srv.closed);
  });
});

describe('reannotate', () => {
  it('links each term at its first free occurrence, longest first, and drops missing terms', () => {
    const builtin = '可能是感冒或流行性感冒，建议去呼吸内科。';
    const items = [
      { start: 3, end: 5, type: 'disease' as const, id: 'cold' },
      { start: 6, end: 11, type: 'disease' as const, id: 'flu' },
      { start: 15, end: 19, type: 'dept' as const, id: '呼吸内科' },
    ];
    expect(items.map((a) => builtin.slice(a.start, a.end))).toEqual(['感冒', '流行性感冒', '呼吸内科']);
    const text = '流行性感冒和感冒都常见。';
    expect(reannotate(builtin, items, text)).toEqual([
      { start: 0, end: 5, type: 'disease', id: 'flu' },
      { start: 6, end: 8, type: 'disease', id: 'cold' },
    ]);
  });
});

describe('buildMessages', () => {
  it('keeps the prompt under the budget with a long history and keeps the latest turns', async () => {
    const builtin = await collectAnswer(COLD);
    const history = Array.from({ length: 30 }, (_, i) => ({ role: i % 2 === 0 ? ('user' as const) : ('assistant' as const), text: `第${i}轮：${'很长的内容'.repeat(200)}` }));
    const messages = buildMessages(COLD, builtin, history);
    const total = messages.reduce((n, m) => n + m.content.length, 0);
    expect(total).toBeLessThanOrEqual(PROMPT_MAX_CHARS);
    expect(messages[0]?.role).toBe('system');
    expect(messages[1]?.role).toBe('user');
    expect(messages.at(-1)?.content).toBe(COLD.question);
    expect(messages.at(-2)?.content.startsWith('第29轮')).toBe(true);
  });

  it('says so when there is no member profile, and includes pregnancy and lactation', async () => {
    const none = buildMessages({ question: '高血压怎么治' }, await collectAnswer({ question: '高血压怎么治' }))[0]?.content ?? '';
    expect(none).toContain('【成员档案】\n未提供');
    const preg = buildMessages({ question: '孕期感冒怎么办', member: member({ sex: 'F', age: 30, pregnant: true, pregnancyWeek: 12 }) }, [])[0]?.content ?? '';
    expect(preg).toContain('孕期（12周）');
    const lact = buildMessages({ question: '哺乳期感冒怎么办', member: member({ sex: 'F', age: 30, lactating: true }) }, [])[0]?.content ?? '';
    expect(lact).toContain('哺乳期');
  });
});
