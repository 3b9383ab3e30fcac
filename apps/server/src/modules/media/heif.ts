/**
 * The dimensions a HEIF/HEIC file declares, read from its container (ISO BMFF) without decoding:
 * the `ispe` (image spatial extents) properties in `meta` → `iprp` → `ipco`, and which of them
 * belongs to the primary item (`pitm`, `ipma`). A decoder trusts these sizes to allocate its
 * buffers, so a file is refused on them before a byte of HEVC is decoded.
 */

export interface HeifSize {
  /** The primary image's declared width and height. */
  width: number;
  height: number;
  /** The largest width × height any item declares (a grid's tiles, thumbnails, the primary). */
  maxPixels: number;
}

interface Box {
  type: string;
  /** Offset of the payload (after the header). */
  start: number;
  end: number;
}

/** The boxes in [start, end), or null when one is malformed. */
function boxes(b: Buffer, start: number, end: number): Box[] | null {
  const out: Box[] = [];
  let p = start;
  while (p + 8 <= end) {
    let size = b.readUInt32BE(p);
    const type = b.toString('latin1', p + 4, p + 8);
    let header = 8;
    if (size === 1) {
      if (p + 16 > end) return null;
      const big = b.readBigUInt64BE(p + 8);
      if (big > BigInt(end - p)) return null;
      size = Number(big);
      header = 16;
    } else if (size === 0) size = end - p;
    if (size < header || p + size > end) return null;
    out.push({ type, start: p + header, end: p + size });
    p += size;
    if (out.length > 10_000) return null;
  }
  return out;
}

const child = (list: Box[] | null, type: string): Box | undefined => list?.find((x) => x.type === type);

/**
 * The declared size of a HEIF file, or null when its header cannot be read (no `meta`, no `ispe`
 * for the primary item, a box that runs past the file): such a file is not decoded either.
 */
export function heifSize(b: Buffer): HeifSize | null {
  try {
    const meta = child(boxes(b, 0, b.length), 'meta');
    if (!meta) return null;
    // meta is a full box: version and flags before its children.
    const inMeta = boxes(b, meta.start + 4, meta.end);
    const iprp = child(inMeta, 'iprp');
    const pitm = child(inMeta, 'pitm');
    if (!iprp || !pitm) return null;
    const primary = b.readUInt8(pitm.start) === 0 ? b.readUInt16BE(pitm.start + 4) : b.readUInt32BE(pitm.start + 4);
    const inIprp = boxes(b, iprp.start, iprp.end);
    const ipco = child(inIprp, 'ipco');
    if (!ipco) return null;
    const props = boxes(b, ipco.start, ipco.end);
    if (!props) return null;
    let maxPixels = 0;
    const sizes = new Map<number, { width: number; height: number }>();
    props.forEach((p, i) => {
      if (p.type !== 'ispe' || p.start + 12 > p.end) return;
      const width = b.readUInt32BE(p.start + 4);
      const height = b.readUInt32BE(p.start + 8);
      sizes.set(i + 1, { width, height });
      maxPixels = Math.max(maxPixels, width * height);
    });
    let size: { width: number; height: number } | undefined;
    for (const ipma of (inIprp ?? []).filter((x) => x.type === 'ipma')) {
      const version = b.readUInt8(ipma.start);
      const flags = b.readUIntBE(ipma.start + 1, 3);
      const count = b.readUInt32BE(ipma.start + 4);
      let p = ipma.start + 8;
      for (let e = 0; e < count && p < ipma.end; e++) {
        const item = version < 1 ? b.readUInt16BE(p) : b.readUInt32BE(p);
        p += version < 1 ? 2 : 4;
        const n = b.readUInt8(p);
        p += 1;
        for (let a = 0; a < n; a++) {
          const index = flags & 1 ? b.readUInt16BE(p) & 0x7fff : b.readUInt8(p) & 0x7f;
          p += flags & 1 ? 2 : 1;
          if (item === primary && sizes.has(index)) size = sizes.get(index);
        }
      }
    }
    if (!size) return null;
    return { width: size.width, height: size.height, maxPixels };
  } catch {
    // A read past the end (RangeError): a truncated or malformed header.
    return null;
  }
}
