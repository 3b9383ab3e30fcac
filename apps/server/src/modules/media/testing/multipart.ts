import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

export interface Part {
  name?: string;
  filename: string;
  type?: string;
  data: Buffer;
}

/** A multipart/form-data body (form field `file` by default). */
export function multipart(parts: readonly Part[]): { body: Buffer; contentType: string } {
  const boundary = `----chatdr${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name ?? 'file'}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(p.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A multipart body of one `size`-byte file, produced lazily in 64 KiB chunks; `pulled()` tells
 * how many bytes the server has read so far.
 */
export function lazyMultipart(size: number): { stream: Readable; contentType: string; length: number; pulled: () => number } {
  const boundary = `----chatdr${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  // A JPEG start so nothing refuses it for its type before its size.
  chunk[0] = 0xff;
  chunk[1] = 0xd8;
  chunk[2] = 0xff;
  let sent = 0;
  let pulled = 0;
  let done = false;
  const stream = new Readable({
    read() {
      if (done) return;
      let out: Buffer;
      if (sent === 0) out = head;
      else if (sent - head.length >= size) {
        out = tail;
        done = true;
      } else out = chunk.subarray(0, Math.min(chunk.length, size - (sent - head.length)));
      sent += out.length;
      pulled += out.length;
      this.push(out);
      if (done) this.push(null);
    },
  });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}`, length: head.length + size + tail.length, pulled: () => pulled };
}
