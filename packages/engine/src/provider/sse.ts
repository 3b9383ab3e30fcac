// Server-sent events (the `text/event-stream` format of the WHATWG HTML standard, §9.2), as
// spoken by OpenAI-compatible chat-completion streams. Web APIs only (no Node): works in browsers too.

/** One dispatched event. `event` is absent for the default `message` type. */
export interface SSEEvent {
  data: string;
  event?: string;
  id?: string;
  retry?: number;
}

/**
 * An incremental parser: push decoded text in any pieces (a line may be split anywhere), get
 * the events completed so far. Lines end with CRLF, LF or CR; a blank line dispatches the
 * event; lines starting with `:` are comments; several `data:` lines join with `\n`.
 */
export class SSEParser {
  private buf = '';
  private data: string[] = [];
  private event: string | undefined;
  private id: string | undefined;
  private retry: number | undefined;
  /** A CR ended the last piece: a LF starting the next piece belongs to it. */
  private pendingCR = false;
  private first = true;

  push(text: string): SSEEvent[] {
    if (text.length === 0) return [];
    let s = text;
    if (this.first) {
      this.first = false;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    if (this.pendingCR && s.startsWith('\n')) s = s.slice(1);
    this.pendingCR = false;
    this.buf += s;
    const out: SSEEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buf.length; i++) {
      const c = this.buf.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const line = this.buf.slice(start, i);
      if (c === 13) {
        if (i + 1 < this.buf.length) {
          if (this.buf.charCodeAt(i + 1) === 10) i++;
        } else {
          this.pendingCR = true;
        }
      }
      start = i + 1;
      const ev = this.line(line);
      if (ev) out.push(ev);
    }
    this.buf = this.buf.slice(start);
    return out;
  }

  /**
   * The end of the stream. A last event whose lines were all complete but that lacks the
   * closing blank line is dispatched (lenient, as many servers omit it); a partial last line is
   * discarded, as the standard says.
   */
  end(): SSEEvent[] {
    this.buf = '';
    this.pendingCR = false;
    const ev = this.dispatch();
    return ev ? [ev] : [];
  }

  private line(line: string): SSEEvent | null {
    if (line.length === 0) return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.event = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      case 'retry':
        if (/^\d+$/u.test(value)) this.retry = Number(value);
        break;
      default:
        break;
    }
    return null;
  }

  private dispatch(): SSEEvent | null {
    const hasData = this.data.length > 0;
    const ev: SSEEvent = { data: this.data.join('\n') };
    if (this.event !== undefined && this.event !== '') ev.event = this.event;
    if (this.id !== undefined) ev.id = this.id;
    if (this.retry !== undefined) ev.retry = this.retry;
    this.data = [];
    this.event = undefined;
    this.retry = undefined;
    // `id` persists across events (the last event ID), as the standard says.
    return hasData ? ev : null;
  }
}

/**
 * Reads a byte stream as server-sent events. Bytes may be split anywhere, also inside a UTF-8
 * character (decoded with `TextDecoder` in streaming mode). Rejects when the stream errors
 * (a dropped connection, an abort). Returning early from the loop cancels the stream.
 */
export async function* readSSE(body: ReadableStream<Uint8Array>): AsyncGenerator<SSEEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  const parser = new SSEParser();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const ev of parser.push(decoder.decode(value, { stream: true }))) yield ev;
    }
    finished = true;
    for (const ev of parser.push(decoder.decode())) yield ev;
    for (const ev of parser.end()) yield ev;
  } finally {
    if (!finished) {
      // Stopped early (the consumer returned, or the read failed): release the connection.
      reader.cancel().catch(() => undefined);
    }
    try {
      reader.releaseLock();
    } catch {
      // already released
    }
  }
}
