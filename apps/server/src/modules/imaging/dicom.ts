/**
 * Just enough of DICOM Part 10 (PS3.10 §7) to index an uploaded file: the preamble and `DICM`
 * prefix, the file meta group (always explicit VR little endian) and the top-level elements of
 * the data set in explicit or implicit VR little endian, up to the pixel data. Deflated and big
 * endian files are refused (rare; the viewer could not show them either).
 */

export interface DicomHeader {
  transferSyntax: string;
  sopClassUid: string;
  sopInstanceUid: string;
  studyInstanceUid: string;
  seriesInstanceUid: string;
  patientName: string;
  studyDate: string | null;
  studyDescription: string;
  seriesDescription: string;
  modality: string | null;
  institution: string | null;
  instanceNumber: number;
}

export class DicomError extends Error {}

const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'SV', 'UC', 'UN', 'UR', 'UT', 'UV']);
const WANTED: Record<string, keyof DicomHeader> = {
  '00020010': 'transferSyntax',
  '00080016': 'sopClassUid',
  '00080018': 'sopInstanceUid',
  '0020000D': 'studyInstanceUid',
  '0020000E': 'seriesInstanceUid',
  '00100010': 'patientName',
  '00080020': 'studyDate',
  '00081030': 'studyDescription',
  '0008103E': 'seriesDescription',
  '00080060': 'modality',
  '00080080': 'institution',
  '00200013': 'instanceNumber',
};
const EXPLICIT_LE = '1.2.840.10008.1.2.1';
const IMPLICIT_LE = '1.2.840.10008.1.2';
const UNSUPPORTED = new Set(['1.2.840.10008.1.2.1.99', '1.2.840.10008.1.2.2']);
const hex4 = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
const clean = (b: Buffer, start: number, len: number) => b.toString('utf8', start, start + len).replace(/\0/g, '').trim();

/** Whether the bytes look like a DICOM Part-10 file. */
export const isDicom = (b: Uint8Array): boolean => b.length > 132 && b[128] === 0x44 && b[129] === 0x49 && b[130] === 0x43 && b[131] === 0x4d;

interface Element { tag: string; start: number; len: number; next: number }

/** One element at `pos` (its value skipped over when of undefined length). */
function element(b: Buffer, pos: number, explicit: boolean): Element {
  if (pos + 8 > b.length) throw new DicomError('truncated element');
  const group = b.readUInt16LE(pos);
  const tag = hex4(group) + hex4(b.readUInt16LE(pos + 2));
  let len: number;
  let head = 8;
  if (group === 0xfffe) len = b.readUInt32LE(pos + 4);
  else if (group === 0x0002 || explicit) {
    const vr = b.toString('latin1', pos + 4, pos + 6);
    if (!/^[A-Z]{2}$/.test(vr)) throw new DicomError('bad VR');
    if (LONG_VRS.has(vr)) {
      if (pos + 12 > b.length) throw new DicomError('truncated element');
      len = b.readUInt32LE(pos + 8);
      head = 12;
    } else len = b.readUInt16LE(pos + 6);
  } else len = b.readUInt32LE(pos + 4);
  const start = pos + head;
  if (len !== 0xffffffff) {
    if (start + len > b.length) throw new DicomError('truncated element');
    return { tag, start, len, next: start + len };
  }
  // Undefined length (a sequence, an item, or encapsulated pixel data): walk to its delimiter.
  const end = tag === 'FFFEE000' ? 'FFFEE00D' : 'FFFEE0DD';
  let p = start;
  for (let guard = 0; guard < 1_000_000; guard++) {
    const e = element(b, p, explicit);
    if (e.tag === end) return { tag, start, len: 0, next: e.next };
    p = e.next;
  }
  throw new DicomError('sequence too deep');
}

/** Reads the header of a Part-10 file, or throws DicomError. */
export function readDicomHeader(bytes: Buffer): DicomHeader {
  if (!isDicom(bytes)) throw new DicomError('not a DICOM Part-10 file');
  const found: Partial<Record<keyof DicomHeader, string>> = {};
  let pos = 132;
  let explicit = true;
  let inMeta = true;
  while (pos + 8 <= bytes.length) {
    const group = bytes.readUInt16LE(pos);
    if (group !== 0x0002 && inMeta) {
      inMeta = false;
      const ts = found.transferSyntax ?? '';
      if (UNSUPPORTED.has(ts)) throw new DicomError('unsupported transfer syntax');
      explicit = ts !== IMPLICIT_LE;
    }
    if (group >= 0x7fe0) break;
    const e = element(bytes, pos, inMeta || explicit);
    const key = WANTED[e.tag];
    if (key) found[key] = clean(bytes, e.start, e.len);
    pos = e.next;
  }
  const need = (k: keyof DicomHeader): string => {
    const v = found[k];
    if (!v) throw new DicomError(`missing ${k}`);
    return v;
  };
  const ts = found.transferSyntax ?? EXPLICIT_LE;
  return {
    transferSyntax: ts,
    sopClassUid: need('sopClassUid'),
    sopInstanceUid: need('sopInstanceUid'),
    studyInstanceUid: need('studyInstanceUid'),
    seriesInstanceUid: need('seriesInstanceUid'),
    patientName: (found.patientName ?? '').replace(/\^+/g, ' ').trim(),
    studyDate: found.studyDate || null,
    studyDescription: found.studyDescription ?? '',
    seriesDescription: found.seriesDescription ?? '',
    modality: found.modality || null,
    institution: found.institution || null,
    instanceNumber: Number.parseInt(found.instanceNumber ?? '0', 10) || 0,
  };
}
