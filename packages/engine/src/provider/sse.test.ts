/// <reference types="node" />
import { describe, it, expect } from 'vitest';
import { SSEParser, readSSE } from './sse.ts';
import type { SSEEvent } from './sse.ts';

function parseAll(pieces: readonly string[]): SSEEvent[] {
  const p = new SSEParser();
  const out: SSEEvent[] = [];
  for (const s of pieces) out.push(...p.push(s));
  out.push(...p.end());
  return out;
}

function streamOf(chunks: readonly Uint8Array[], error?: Error): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      const chunk = chunks[i++];
      if (chunk) c.enqueue(chunk);
      else if (error) c.error(error);
      else c.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>): Promise<SSEEvent[]> {
  const out: SSEEvent[] = [];
  for await (const ev of readSSE(body)) out.push(ev);
  return out;
}

describe('SSEParser', () => {
  it('dispatches data events on blank lines and skips comments', () => {
    expect(parseAll([': keep-alive\n\ndata: {"a":1}\n\n: ping\ndata: [DONE]\n\n'])).toEqual([{ data: '{"a":1}' }, { data: '[DONE]' }]);
  });

  it('joins multi-line data with newlines and keeps event names and ids', () => {
    expect(parseAll(['event: delta\nid: 7\ndata: one\ndata:two\ndata:  three\n\n'])).toEqual([{ event: 'delta', id: '7', data: 'one\ntwo\n three' }]);
  });

  it('accepts CRLF and CR line ends, also when a CRLF is split between pieces', () => {
    expect(parseAll(['data: a\r', '\n\r', '\ndata: b\r\rdata: c\n\n'])).toEqual([{ data: 'a' }, { data: 'b' }, { data: 'c' }]);
  });

  it('handles lines split at every position', () => {
    const text = 'data: {"x":"你好"}\n\n: c\ndata: second\n\n';
    for (let cut = 0; cut <= text.length; cut++) {
      expect(parseAll([text.slice(0, cut), text.slice(cut)])).toEqual([{ data: '{"x":"你好"}' }, { data: 'second' }]);
    }
  });

  it('ignores an event without data and unknown fields, and strips a leading BOM', () => {
    expect(parseAll(['\uFEFFevent: ping\n\nfoo: bar\ndata\n\n'])).toEqual([{ data: '' }]);
  });

  it('dispatches a complete last event without the closing blank line, but drops a partial line', () => {
    expect(parseAll(['data: last\n'])).toEqual([{ data: 'last' }]);
    expect(parseAll(['data: {"trunc'])).toEqual([]);
  });
});

describe('readSSE', () => {
  it('decodes UTF-8 characters split across chunks', async () => {
    const bytes = new TextEncoder().encode('data: 头痛发烧怎么办\n\ndata: [DONE]\n\n');
    // One byte per chunk: every multi-byte character is split.
    const chunks = Array.from(bytes, (b) => Uint8Array.of(b));
    expect(await collect(streamOf(chunks))).toEqual([{ data: '头痛发烧怎么办' }, { data: '[DONE]' }]);
  });

  it('rejects when the stream errors, after the events already complete', async () => {
    const enc = new TextEncoder();
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const ev of readSSE(streamOf([enc.encode('data: a\n\ndata: b')], new Error('terminated')))) seen.push(ev.data);
      })(),
    ).rejects.toThrow('terminated');
    expect(seen).toEqual(['a']);
  });

  it('cancels the stream when the consumer stops early', async () => {
    let cancelled = false;
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode('data: a\n\ndata: b\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const ev of readSSE(body)) {
      expect(ev.data).toBe('a');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
