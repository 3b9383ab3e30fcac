import { ReportId, REPORT_STATUS, type ReportDetail, type ReportItem, type ReportResult } from '@chatdr/contract/report/schemas';
import { MediaId, type OcrBaseEntity } from '@chatdr/contract/media/index';

/**
 * Report reading, without React: which id a route names, the analysis state (chat-core §4: 0
 * uploading, 1–3 steps, 4 complete, 98 error), how a computed flag is shown (↑ red, ↓ blue —
 * never the arrow printed on the report) and what the header and the explanations show.
 */

/** The id of /healthreport/:id and /healthreport/v3/:id: a report id, or (v3) a media id to resolve. */
export type RouteId = { kind: 'report'; id: string } | { kind: 'media'; id: string } | null;
export function routeId(raw: string | undefined, v3: boolean): RouteId {
  const r = ReportId.safeParse(raw ?? '');
  if (r.success) return { kind: 'report', id: r.data };
  if (v3) {
    const m = MediaId.safeParse(raw ?? '');
    if (m.success) return { kind: 'media', id: m.data };
  }
  return null;
}

export type Phase = 'running' | 'done' | 'failed';
export function phaseOf(status: number): Phase {
  if (status === REPORT_STATUS.complete) return 'done';
  if (status === REPORT_STATUS.failed || status < 0 || status > REPORT_STATUS.complete) return 'failed';
  return 'running';
}
/** Poll the state while running (ms), stop otherwise. */
export const pollMs = (status: number | undefined): number | false => (status === undefined || phaseOf(status) === 'running' ? 2000 : false);
/** The progress step shown (0..3) while running. */
export const stepOf = (status: number) => Math.max(0, Math.min(3, status));

export type FlagTone = 'high' | 'low' | 'positive' | null;
export interface FlagView {
  /** Direction mark drawn beside the value: from the computed flag only. */
  arrow: '↑' | '↓' | null;
  tone: FlagTone;
  /** i18n key of the flag's label, or null for normal/unknown. */
  label: string | null;
  critical: boolean;
}
export function flagView(flag: ReportItem['flag']): FlagView {
  switch (flag) {
    case 'high':
      return { arrow: '↑', tone: 'high', label: 'report.flag.high', critical: false };
    case 'critical-high':
      return { arrow: '↑', tone: 'high', label: 'report.flag.critical-high', critical: true };
    case 'low':
      return { arrow: '↓', tone: 'low', label: 'report.flag.low', critical: false };
    case 'critical-low':
      return { arrow: '↓', tone: 'low', label: 'report.flag.critical-low', critical: true };
    case 'positive':
      return { arrow: null, tone: 'positive', label: 'report.flag.positive', critical: false };
    default:
      return { arrow: null, tone: null, label: null, critical: false };
  }
}

/**
 * A value as printed minus any arrow or H/L mark the OCR copied from the paper (the page draws its
 * own from the computed flag): "6.8 ↑" → "6.8", "120H" → "120".
 */
export function cleanValue(v: string): string {
  return v
    .replace(/[↑↓⬆⬇]/g, '')
    .replace(/(\d)\s*[HL]$/i, '$1')
    .trim();
}

/** Abnormal items first (the server's order within each), then the rest. */
export function orderItems(items: readonly ReportItem[]): ReportItem[] {
  return [...items.filter((i) => i.abnormal), ...items.filter((i) => !i.abnormal)];
}

export interface Explanation {
  name: string;
  flag: ReportItem['flag'];
  meaning: string | null;
  advice: string | null;
}
/** Each abnormal item's explanation from the interpretation (items with neither text left out). */
export function explanationsOf(result: ReportResult): Explanation[] {
  return result.items.filter((i) => i.abnormal && (i.meaning || i.advice)).map((i) => ({ name: i.name, flag: i.flag, meaning: i.meaning, advice: i.advice }));
}

/** The interpretation text as paragraphs (blank lines and bullets dropped). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n+/)
    .map((l) => l.replace(/^\s*(?:[-*•]|#+)\s*/, '').trim())
    .filter(Boolean);
}

export interface ReportHeader {
  title: string;
  patientName: string | null;
  sexAge: { sex: 'M' | 'F' | null; age: number | null };
  hospital: string | null;
  department: string | null;
  sampleType: string | null;
  collectedAt: string | null;
  reportedAt: string | null;
}
/** The header: the interpretation's reading first, the structured OCR for what it lacks, the member as the last resort. */
export function headerOf(detail: Pick<ReportDetail, 'name' | 'result'>, ocr: OcrBaseEntity | null | undefined, member?: { name: string; sex: 'M' | 'F' | null; age: number | null } | null): ReportHeader {
  const r = detail.result;
  return {
    title: r?.title ?? ocr?.title ?? detail.name,
    patientName: ocr?.patientName ?? member?.name ?? null,
    sexAge: { sex: ocr?.sex ?? member?.sex ?? null, age: ocr?.age ?? member?.age ?? null },
    hospital: r?.hospital ?? ocr?.hospital ?? null,
    department: ocr?.department ?? null,
    sampleType: ocr?.sampleType ?? null,
    collectedAt: ocr?.collectedAt ?? null,
    reportedAt: r?.reportedAt ?? ocr?.reportedAt ?? null,
  };
}
