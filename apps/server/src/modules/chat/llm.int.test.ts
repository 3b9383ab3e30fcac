/**
 * The OpenAI-compatible provider wired into the chat: with LLM_BASE_URL/LLM_MODEL set, the answer
 * text streams from the model (a local server speaking the streaming protocol), triage still
 * guards emergencies, and a failing endpoint falls back to the builtin engine with a warning.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnswerFrame } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { askOverSocket } from './testing.ts';

const DELTAS = ['这是模型的回答：', '多休息、多喝水，', '高热不退请就医。'];
let mode: 'ok' | 'fail' = 'ok';
const requests: Array<{ auth: string | undefined; body: { model?: string; stream?: boolean } }> = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let b = '';
    req.on('data', (c: Buffer) => (b += c.toString()));
    req.on('end', () => resolve(b));
  });
}

let llm: Server;
let t: TestApp;
let port = 0;

beforeAll(async () => {
  llm = createServer((req, res) => {
    void readBody(req).then((body) => {
      requests.push({ auth: req.headers.authorization, body: JSON.parse(body) as { model?: string; stream?: boolean } });
      if (mode === 'fail') {
        res.writeHead(500).end('boom');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const d of DELTAS) res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: d } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  const addr = llm.address();
  const llmPort = typeof addr === 'object' && addr !== null ? addr.port : 0;
  t = await startTestApp({ LLM_BASE_URL: `http://127.0.0.1:${llmPort}/v1`, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '3000' });
  // Registered before any question: the chat reads the doctor list at most once a minute.
  await t.rt.services.insight.addDoctor({ name: '王建国', title: '主任医师', department: '消化内科', hospital: '测试医院', intro: '' });
  await t.rt.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.rt.app.server.address();
  port = typeof a === 'object' && a !== null ? a.port : 0;
});

afterAll(async () => {
  await t.close();
  await new Promise((r) => llm.close(r));
});

async function ask(token: string, text: string): Promise<{ text: string; frames: AnswerFrame[] }> {
  const frames = await askOverSocket(port, token, { text }, 'llm');
  return { text: frames.map((f) => f.payload.text ?? '').join(''), frames };
}

describe('chat with the OpenAI-compatible provider', () => {
  it('streams the model text, with the builtin structured events', async () => {
    const { token } = await t.login();
    mode = 'ok';
    const before = requests.length;
    const { text, frames } = await ask(token, '感冒发烧两天了怎么办');
    expect(text).toBe(DELTAS.join(''));
    expect(requests.length).toBe(before + 1);
    expect(requests.at(-1)?.auth).toBe('Bearer sk-test');
    expect(requests.at(-1)?.body).toMatchObject({ model: 'test-model', stream: true });
    expect(frames.some((f) => f.payload.triage !== undefined)).toBe(true);
    expect(frames.some((f) => (f.payload.sources?.length ?? 0) > 0)).toBe(true);
  });

  it('never sends an emergency to the model: the builtin answer leads with 120', async () => {
    const { token } = await t.login();
    const before = requests.length;
    const { text } = await ask(token, '胸口像压了块大石头，疼了半小时，一直出冷汗');
    expect(text.startsWith('立即拨打120')).toBe(true);
    expect(requests.length).toBe(before);
  });

  it('falls back to the builtin engine and logs a warning when the endpoint fails', async () => {
    const { token } = await t.login();
    mode = 'fail';
    const { text } = await ask(token, '感冒发烧两天了怎么办');
    expect(text.length).toBeGreaterThan(20);
    expect(text).not.toContain('这是模型的回答');
    expect(t.logs.some((l) => l.includes('openai provider failed'))).toBe(true);
  });
});

describe('推荐医生 from the operator\'s doctors', () => {
  it('recommends a registered doctor of the answer\'s department in the chat', async () => {
    const { token } = await t.login();
    mode = 'fail'; // the builtin answer (the provider falls back), whose department is 消化内科
    const { frames } = await ask(token, '胃疼反酸一个多月了，吃完饭更明显');
    const rec = frames.map((f) => f.payload.recommend).find((r) => r !== undefined && 'doctors' in r) as { doctors?: Array<{ name: string }>; scene?: string[] } | undefined;
    expect(rec?.doctors?.map((d) => d.name)).toContain('王建国');
    expect(rec?.scene).toEqual(['就医', '就医信息', '推荐医生']);
  });
});
