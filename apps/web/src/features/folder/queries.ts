import { useQuery } from '@tanstack/react-query';
import { routes } from '@chatdr/contract';
import type { FolderType } from '@chatdr/contract/media/index';
import { REPORT_LIMITS } from '@chatdr/contract/report/schemas';
import { api } from '../../api';
import { queryClient } from '../../app/query-client';

/** Query keys of the file folder (cleared at logout with everything else). */
export const folderKeys = {
  all: ['folder'] as const,
  files: (userInfoId: number) => ['folder', 'files', userInfoId] as const,
  reports: (userInfoId: number) => ['folder', 'reports', userInfoId] as const,
  mediaUrl: (inputMediaId: string) => ['folder', 'mediaUrl', inputMediaId] as const,
};

/** A member's files (the first 50, newest first: the folder page shows them grouped by type). */
export function useFolderFiles(userInfoId: number | undefined) {
  return useQuery({
    queryKey: folderKeys.files(userInfoId ?? 0),
    queryFn: ({ signal }) => api.call(routes.folder.folderPage, { body: { userInfoId: userInfoId ?? 0, pageNum: 1, pageSize: REPORT_LIMITS.pageSizeMax } }, { signal }),
    enabled: userInfoId !== undefined,
  });
}

/** A member's reports (to find the interpretation of a file). */
export function useMemberReports(userInfoId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: folderKeys.reports(userInfoId ?? 0),
    queryFn: ({ signal }) => api.call(routes.report.page, { body: { userInfoId: userInfoId ?? 0, pageNum: 1, pageSize: REPORT_LIMITS.pageSizeMax } }, { signal, hideMsg: true }),
    enabled: enabled && userInfoId !== undefined,
  });
}

/** A short-lived URL of an image for its preview (refetched before it expires). */
export function useMediaUrl(inputMediaId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: folderKeys.mediaUrl(inputMediaId ?? ''),
    queryFn: ({ signal }) => api.call(routes.media.getMediaUrlPost, { body: { inputMediaId: inputMediaId ?? '' } }, { signal, hideMsg: true }),
    enabled: enabled && Boolean(inputMediaId),
    staleTime: 5 * 60_000,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: folderKeys.all });

export async function renameFile(id: number, name: string) {
  const saved = await api.call(routes.folder.folderEdit, { body: { id, name } });
  await refresh();
  return saved;
}

export async function moveBatch(batchId: string, userInfoId: number) {
  const n = await api.call(routes.folder.folderMove, { body: { batchIds: [batchId], userInfoId } });
  await refresh();
  return n;
}

export async function deleteBatch(batchId: string) {
  const n = await api.call(routes.folder.folderDelete, { body: { batchId } });
  await refresh();
  return n;
}

/** Files the upload popup returned, filed for a member (upload/save). */
export async function saveUploads(userInfoId: number, inputMediaIds: string[], folderType?: FolderType) {
  const saved = await api.call(routes.media.uploadSave, { body: { userInfoId, inputMediaIds, ...(folderType ? { folderType } : {}) } });
  await refresh();
  return saved;
}

/** Starts (or finds) the interpretation of an uploaded report; resolves to its id. */
export async function startReport(inputMediaId: string, userInfoId: number, batchId?: string) {
  const r = await api.call(routes.report.analysisReportById, { body: { inputMediaId, userInfoId, ...(batchId ? { batchId } : {}) } });
  await queryClient.invalidateQueries({ queryKey: folderKeys.reports(userInfoId) });
  return r.reportId;
}
