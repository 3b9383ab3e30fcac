/**
 * Upload bombs for the tests and the bench (issue 15): small files that claim or hold far more
 * than they cost to send.
 */

const box = (type: string, ...payload: Buffer[]): Buffer => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const full = (type: string, version: number, flags: number, ...payload: Buffer[]): Buffer => {
  const vf = Buffer.alloc(4);
  vf.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return box(type, vf, ...payload);
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n, 0);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n, 0);
  return b;
};

/**
 * A HEIC of a few hundred bytes whose primary image declares `width` × `height` (its `ispe`
 * property): one `hvc1` item, a minimal `hvcC`, and a few bytes of "HEVC" in `mdat`. A decoder
 * that trusts the header allocates width × height × 4 bytes before it finds the stream is empty.
 */
export function heicClaiming(width: number, height: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1'));
  const hdlr = full('hdlr', 0, 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), Buffer.from([0]));
  const pitm = full('pitm', 0, 0, u16(1));
  const infe = full('infe', 2, 0, u16(1), u16(0), Buffer.from('hvc1', 'latin1'), Buffer.from([0]));
  const iinf = full('iinf', 0, 0, u16(1), infe);
  const hvcC = box('hvcC', Buffer.from([1, 1, 0x60, 0, 0, 0, 0x90, 0, 0, 0, 0, 0, 0x5d, 0xf0, 0, 0xfc, 0xfd, 0xf8, 0xf8, 0, 0, 0x0f, 0]));
  const ispe = full('ispe', 0, 0, u32(width), u32(height));
  const ipco = box('ipco', hvcC, ispe);
  const ipma = full('ipma', 0, 0, u32(1), u16(1), Buffer.from([2, 0x81, 0x82]));
  const iprp = box('iprp', ipco, ipma);
  const payload = Buffer.from([0, 0, 0, 4, 0x26, 0x01, 0xaf, 0x00]);
  // iloc v0, offset_size 4, length_size 4, base_offset_size 0: item 1, one extent into mdat.
  const ilocFor = (offset: number) => full('iloc', 0, 0, Buffer.from([0x44, 0x00]), u16(1), u16(1), u16(0), u16(1), u32(offset), u32(payload.length));
  const metaFor = (offset: number) => full('meta', 0, 0, hdlr, pitm, iinf, ilocFor(offset), iprp);
  const offset = ftyp.length + metaFor(0).length + 8;
  return Buffer.concat([ftyp, metaFor(offset), box('mdat', payload)]);
}

/**
 * A valid PDF of `pages` pages, every one showing the same line of text (one shared content
 * stream and font): about 60 bytes a page, so 120,000 pages fit in ~8 MB.
 */
export function pdfWithPages(pages: number, text = 'page'): Buffer {
  const chunks: string[] = [];
  const offsets: number[] = [];
  let size = 0;
  const add = (s: string) => {
    chunks.push(s);
    size += Buffer.byteLength(s, 'latin1');
  };
  const obj = (n: number, body: string) => {
    offsets[n] = size;
    add(`${n} 0 obj\n${body}\nendobj\n`);
  };
  add('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const first = 5;
  const kids: string[] = [];
  for (let i = 0; i < pages; i++) kids.push(`${first + i} 0 R`);
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  obj(2, `<< /Type /Pages /Count ${pages} /Kids [${kids.join(' ')}] /Resources << /Font << /F1 4 0 R >> >> /MediaBox [0 0 595 842] >>`);
  const content = `BT /F1 12 Tf 72 760 Td (${text}) Tj ET`;
  obj(3, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  obj(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pages; i++) obj(first + i, '<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>');
  const count = first + pages;
  const xref = size;
  add(`xref\n0 ${count}\n0000000000 65535 f \n`);
  const lines: string[] = [];
  for (let n = 1; n < count; n++) lines.push(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  add(lines.join(''));
  add(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.from(chunks.join(''), 'latin1');
}
