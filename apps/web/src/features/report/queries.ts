import { useQuery } from '@tanstack/react-query';
import { routes } from '@chatdr/contract';
import { api, ApiError } from '../../api';
import { fileKindOf, type LocalFile, type MediaUrl } from './pdf-open';
import { pollMs, type RouteId } from './report-model';

export const reportKeys = {
  detail: (id: string) => ['report', 'detail', id] as const,
  structure: (id: string) => ['report', 'structure', id] as const,
  resolve: (id: string) => ['report', 'resolve', id] as const,
};

/** The report id a route names: itself, or (v3 with a media id) the one the server finds for it. */
export function useReportId(rid: RouteId) {
  const media = rid?.kind === 'media' ? rid.id : '';
  const q = useQuery({
    queryKey: reportKeys.resolve(media),
    queryFn: ({ signal }) => api.call(routes.report.structureGetDetailId, { body: { inputMediaId: media } }, { signal }),
    enabled: Boolean(media),
  });
  if (!rid) return { reportId: null, isPending: false, isError: false, refetch: q.refetch };
  if (rid.kind === 'report') return { reportId: rid.id, isPending: false, isError: false, refetch: q.refetch };
  return { reportId: q.data?.reportId ?? q.data?.detailId ?? null, isPending: q.isPending, isError: q.isError, refetch: q.refetch };
}

/** The report and its reading, polled every 2 s while the analysis runs (status 0–3). */
export function useReport(reportId: string | null) {
  return useQuery({
    queryKey: reportKeys.detail(reportId ?? ''),
    queryFn: ({ signal }) => api.call(routes.report.findDetail, { query: { reportId: reportId ?? '', _t: String(Date.now()) } }, { signal }),
    enabled: Boolean(reportId),
    refetchInterval: (q) => pollMs(q.state.data?.status),
  });
}

/** The structured OCR of the report (patient, dates, sample) for the header; silent on failure. */
export function useStructure(reportId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.structure(reportId ?? ''),
    queryFn: ({ signal }) => api.call(routes.report.structureDetail, { body: { reportId: reportId ?? '' } }, { signal, hideMsg: true }),
    enabled: enabled && Boolean(reportId),
    staleTime: Infinity,
  });
}

/** getMediaUrlPost for the PDF viewer: null when the server says the file is not there. */
export async function mediaUrlOf(inputMediaId: string): Promise<MediaUrl | null> {
  try {
    const r = await api.call(routes.media.getMediaUrlPost, { body: { inputMediaId } }, { hideMsg: true });
    return { url: r.url, fileMd5: r.fileMd5, fileName: r.fileName };
  } catch (err) {
    if (err instanceof ApiError && err.status < 500 && err.status !== 0) return null;
    throw err;
  }
}

/**
 * Downloads a media URL to a local copy (an object URL) with its kind: a PDF is typed
 * application/pdf for the frame, a photo keeps its image type for an <img>.
 */
export async function downloadFile(url: string, name: string | null): Promise<LocalFile> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const blob = await res.blob();
  if (blob.size === 0) throw new Error('empty');
  const kind = fileKindOf(res.headers.get('content-type') || blob.type, name);
  return { url: URL.createObjectURL(kind === 'pdf' ? new Blob([blob], { type: 'application/pdf' }) : blob), kind };
}
