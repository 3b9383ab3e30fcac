import { FOLDER_TYPES, type FolderType } from '@chatdr/contract/media/index';
import type { FolderFile } from '@chatdr/contract/report/schemas';

/**
 * The file folder's pure rules (account-health §2 /user/folder/*): grouping a member's files by
 * folder type, the paths of its pages, which files can be interpreted, and dates for display.
 */

/** Folder types in the order the popup lists them (chat-core §2). */
export const FOLDER_ORDER = Object.keys(FOLDER_TYPES) as FolderType[];

export interface FolderGroup {
  type: FolderType;
  files: FolderFile[];
}

/** Files grouped by folder type, in FOLDER_ORDER, newest first in each group; empty groups left out. */
export function groupByType(files: readonly FolderFile[]): FolderGroup[] {
  return FOLDER_ORDER.map((type) => ({ type, files: files.filter((f) => f.folderType === type).sort((a, b) => b.createTime - a.createTime || b.id - a.id) })).filter((g) => g.files.length > 0);
}

/** Counts per type (for the filter chips), from the files themselves. */
export function countByType(files: readonly FolderFile[]): Partial<Record<FolderType, number>> {
  const out: Partial<Record<FolderType, number>> = {};
  for (const f of files) out[f.folderType] = (out[f.folderType] ?? 0) + 1;
  return out;
}

/** The type filter from `?type=`: a folder type key, else null (全部). */
export function typeParam(v: string | null): FolderType | null {
  return v && (FOLDER_ORDER as string[]).includes(v) ? (v as FolderType) : null;
}

/** What the row shows as the name: the title read from it, else the file name. */
export const displayName = (f: Pick<FolderFile, 'title' | 'fileName'>) => f.fileName.trim() || f.title?.trim() || '—';

/** Reports and check-ups (the kinds 查报告 takes) can be interpreted. */
export const canInterpret = (f: Pick<FolderFile, 'folderType'>) => f.folderType === 'report' || f.folderType === 'checkup';

export const listPath = (userInfoId: number | null | undefined, type?: FolderType | null) => {
  const q = new URLSearchParams({ ...(userInfoId ? { id: String(userInfoId) } : {}), ...(type ? { type } : {}) }).toString();
  return q ? `/user/folder/list?${q}` : '/user/folder/list';
};
export const detailPath = (f: Pick<FolderFile, 'id' | 'userInfoId'>) => `/user/folder/detail?id=${f.id}&member=${f.userInfoId}`;
export const scanPath = (userInfoId: number | null | undefined) => (userInfoId ? `/user/folder/scan?id=${userInfoId}` : '/user/folder/scan');
export const pdfPath = (inputMediaId: string, name: string) => `/pdf?${new URLSearchParams({ id: inputMediaId, name }).toString()}`;

const pad = (n: number) => String(n).padStart(2, '0');
/** YYYY-MM-DD of a time in ms (local time). */
export function formatDay(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** YYYY-MM-DD HH:mm of a time in ms (local time). */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDay(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A file's second line: hospital and report date when read, else the upload day. */
export function fileMeta(f: Pick<FolderFile, 'hospital' | 'reportedAt' | 'createTime'>, tr: (key: string, opts: Record<string, string>) => string): string {
  const parts = [f.reportedAt ? tr('folder.reportedAt', { d: f.reportedAt.slice(0, 10) }) : tr('folder.uploadedAt', { d: formatDay(f.createTime) }), f.hospital?.trim()];
  return parts.filter(Boolean).join(' · ');
}

/** The report of a file among a member's reports (matched by media id), newest first. */
export function reportOf<R extends { inputMediaId: string; createTime: number; status: number }>(inputMediaId: string, reports: readonly R[]): R | undefined {
  return [...reports].filter((r) => r.inputMediaId === inputMediaId && r.status !== 98).sort((a, b) => b.createTime - a.createTime)[0];
}
