import { useQuery } from '@tanstack/react-query';
import { routes, urlOf } from '@chatdr/contract';
import { api, tokenKeeper } from '../../api';
import { buildHeaders, randomHex } from '../../api/headers';
import { queryClient } from '../../app/query-client';
import { webClientInfo } from '../../platform/device';

const I = routes.imaging;

/** Query keys of hospital imaging (cleared at logout with everything else). */
export const imagingKeys = {
  all: ['imaging'] as const,
  list: (memberId: number | undefined) => ['imaging', 'list', memberId ?? 'all'] as const,
  total: ['imaging', 'total'] as const,
  grants: ['imaging', 'grants'] as const,
  patients: ['imaging', 'patients'] as const,
  detail: (id: number) => ['imaging', 'detail', id] as const,
  share: (id: string) => ['imaging', 'share', id] as const,
};
export const invalidateImaging = () => queryClient.invalidateQueries({ queryKey: imagingKeys.all });

export function useStudies(memberId: number | undefined) {
  return useQuery({ queryKey: imagingKeys.list(memberId), queryFn: ({ signal }) => api.call(I.getImagingDetailList, { body: { ...(memberId ? { userInfoId: memberId } : {}), pageNum: 1, pageSize: 50 } }, { signal }) });
}
export function useGrants() {
  return useQuery({ queryKey: imagingKeys.grants, queryFn: ({ signal }) => api.call(I.memberGrantList, { body: {} }, { signal }) });
}
export function usePatients() {
  return useQuery({ queryKey: imagingKeys.patients, queryFn: ({ signal }) => api.call(I.getPatientList, { body: {} }, { signal }) });
}
/** A study with its series and signed instance links (links live 30 minutes: never cached longer). */
export function useStudyDetail(id: number) {
  return useQuery({ queryKey: imagingKeys.detail(id), queryFn: ({ signal }) => api.call(I.getImagingDetailUrl, { body: { relationId: id } }, { signal }), enabled: id > 0, staleTime: 10 * 60_000, gcTime: 0 });
}
export function useSharedStudies(shareId: string) {
  return useQuery({ queryKey: imagingKeys.share(shareId), queryFn: ({ signal }) => api.call(I.shareView, { params: { shareId } }, { signal }), gcTime: 0 });
}

/** DICOM files into a member's studies (multipart, field `file`, up to 5 per request). */
export async function uploadDicom(files: File[], memberId: number): Promise<{ ok: true; relationId: number } | { ok: false; msg: string }> {
  const token = await tokenKeeper.getToken();
  let relationId = 0;
  for (let i = 0; i < files.length; i += 5) {
    const form = new FormData();
    for (const f of files.slice(i, i + 5)) form.append('file', f, f.name);
    const headers = buildHeaders({ client: webClientInfo(), now: new Date(), spanId: randomHex(8), token, json: false });
    try {
      const res = await fetch(`${urlOf(I.upload)}?userInfoId=${memberId}`, { method: 'POST', headers, body: form });
      const body = (await res.json()) as { code?: number; msg?: string; data?: { relationId?: number } };
      if (body.code !== 1 || !body.data?.relationId) return { ok: false, msg: body.msg ?? '上传失败' };
      relationId = body.data.relationId;
    } catch {
      return { ok: false, msg: '上传失败' };
    }
  }
  await invalidateImaging();
  return { ok: true, relationId };
}
