/**
 * A hospital PACS over DICOMweb (PS3.18): QIDO-RS to search studies, series and instances,
 * WADO-RS to retrieve an instance's Part-10 bytes. Configured by IMAGING_DICOMWEB_URL (the
 * service root, e.g. Orthanc's `http://pacs:8042/dicom-web`) and an optional bearer token.
 * The patient's phone is matched on PatientTelephoneNumbers (0010,2154).
 */

export interface PacsStudy {
  studyUid: string;
  patientId: string;
  patientName: string;
  sex: string | null;
  birthDate: string | null;
  studyDate: string | null;
  description: string;
  modality: string | null;
  hospital: string | null;
  seriesCount: number;
  instanceCount: number;
}
export interface PacsSeries { seriesUid: string; description: string; modality: string | null; number: number }
export interface PacsInstance { sopUid: string; number: number }

export interface ImagingProvider {
  studiesByPhone(phone: string): Promise<PacsStudy[]>;
  studiesByPatient(patientId: string): Promise<PacsStudy[]>;
  series(studyUid: string): Promise<PacsSeries[]>;
  instances(studyUid: string, seriesUid: string): Promise<PacsInstance[]>;
  retrieve(studyUid: string, seriesUid: string, sopUid: string): Promise<Buffer>;
}

export class PacsUnavailable extends Error {}

type DicomJson = Record<string, { vr?: string; Value?: unknown[] } | undefined>;

const STUDY_FIELDS = ['00100010', '00100020', '00100030', '00100040', '00080020', '00081030', '00080061', '00080080', '00201206', '00201208'];

function str(ds: DicomJson, tag: string): string | null {
  const v = ds[tag]?.Value?.[0];
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') {
    const pn = v as { Alphabetic?: string; Ideographic?: string };
    return (pn.Ideographic ?? pn.Alphabetic ?? '').replace(/\^+/g, ' ').trim() || null;
  }
  return String(v).trim() || null;
}
const num = (ds: DicomJson, tag: string): number => Number(str(ds, tag) ?? 0) || 0;

/** The first part of a multipart/related answer (WADO-RS), as bytes. */
export function firstPart(body: Buffer, contentType: string): Buffer {
  const m = /boundary="?([^";]+)"?/i.exec(contentType);
  if (!m?.[1]) throw new PacsUnavailable('WADO-RS answer without a multipart boundary');
  const boundary = Buffer.from(`--${m[1]}`);
  const start = body.indexOf(boundary);
  if (start < 0) throw new PacsUnavailable('WADO-RS answer without a part');
  const headersEnd = body.indexOf('\r\n\r\n', start);
  if (headersEnd < 0) throw new PacsUnavailable('WADO-RS part without headers');
  const end = body.indexOf(Buffer.concat([Buffer.from('\r\n'), boundary]), headersEnd + 4);
  if (end < 0) throw new PacsUnavailable('WADO-RS part not closed');
  return body.subarray(headersEnd + 4, end);
}

export class DicomWebProvider implements ImagingProvider {
  private readonly root: string;
  constructor(url: string, private readonly token?: string, private readonly timeoutMs = 15_000) {
    this.root = url.replace(/\/+$/, '');
  }

  private async get(path: string, accept: string): Promise<Response> {
    let r: Response;
    try {
      r = await fetch(`${this.root}${path}`, {
        headers: { accept, ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new PacsUnavailable(`PACS not reachable: ${err instanceof Error ? err.name : 'error'}`);
    }
    if (!r.ok && r.status !== 204) throw new PacsUnavailable(`PACS answered HTTP ${r.status}`);
    return r;
  }

  private async json(path: string): Promise<DicomJson[]> {
    const r = await this.get(path, 'application/dicom+json');
    if (r.status === 204) return [];
    const text = await r.text();
    if (!text.trim()) return [];
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as DicomJson[]) : [];
  }

  private async studies(query: string): Promise<PacsStudy[]> {
    const fields = STUDY_FIELDS.map((f) => `includefield=${f}`).join('&');
    const rows = await this.json(`/studies?${query}&${fields}&limit=500`);
    return rows.flatMap((ds) => {
      const studyUid = str(ds, '0020000D');
      const patientId = str(ds, '00100020');
      if (!studyUid || !patientId) return [];
      return [{
        studyUid,
        patientId,
        patientName: str(ds, '00100010') ?? '',
        sex: str(ds, '00100040'),
        birthDate: str(ds, '00100030'),
        studyDate: str(ds, '00080020'),
        description: str(ds, '00081030') ?? '',
        modality: (ds['00080061']?.Value ?? []).map(String).join('/') || null,
        hospital: str(ds, '00080080'),
        seriesCount: num(ds, '00201206'),
        instanceCount: num(ds, '00201208'),
      }];
    });
  }

  studiesByPhone(phone: string): Promise<PacsStudy[]> {
    return this.studies(`PatientTelephoneNumbers=${encodeURIComponent(phone)}`);
  }
  studiesByPatient(patientId: string): Promise<PacsStudy[]> {
    return this.studies(`PatientID=${encodeURIComponent(patientId)}`);
  }
  async series(studyUid: string): Promise<PacsSeries[]> {
    const rows = await this.json(`/studies/${encodeURIComponent(studyUid)}/series?includefield=0008103E&includefield=00200011`);
    return rows
      .flatMap((ds) => {
        const seriesUid = str(ds, '0020000E');
        return seriesUid ? [{ seriesUid, description: str(ds, '0008103E') ?? '', modality: str(ds, '00080060'), number: num(ds, '00200011') }] : [];
      })
      .sort((a, b) => a.number - b.number);
  }
  async instances(studyUid: string, seriesUid: string): Promise<PacsInstance[]> {
    const rows = await this.json(`/studies/${encodeURIComponent(studyUid)}/series/${encodeURIComponent(seriesUid)}/instances?includefield=00200013`);
    return rows
      .flatMap((ds) => {
        const sopUid = str(ds, '00080018');
        return sopUid ? [{ sopUid, number: num(ds, '00200013') }] : [];
      })
      .sort((a, b) => a.number - b.number);
  }
  async retrieve(studyUid: string, seriesUid: string, sopUid: string): Promise<Buffer> {
    const r = await this.get(`/studies/${encodeURIComponent(studyUid)}/series/${encodeURIComponent(seriesUid)}/instances/${encodeURIComponent(sopUid)}`, 'multipart/related; type="application/dicom"');
    return firstPart(Buffer.from(await r.arrayBuffer()), r.headers.get('content-type') ?? '');
  }
}
