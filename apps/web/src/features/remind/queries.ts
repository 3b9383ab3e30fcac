import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { routes } from '@chatdr/contract';
import type { RemindPlanSaveBody } from '@chatdr/contract/remind/schemas';
import { api } from '../../api';
import { queryClient } from '../../app/query-client';

/** Query keys of reminders and review plans (cleared at logout with everything else). */
export const remindKeys = {
  all: ['remind'] as const,
  today: (userInfoId: number) => ['remind', 'today', userInfoId] as const,
  plans: (userInfoId: number) => ['remind', 'plans', userInfoId] as const,
  history: (userInfoId: number) => ['remind', 'history', userInfoId] as const,
  notices: (userInfoId: number | undefined) => ['remind', 'notices', userInfoId ?? 0] as const,
  reviews: (userInfoId: number) => ['remind', 'reviews', userInfoId] as const,
  reviewHis: (userInfoId: number) => ['remind', 'reviewHis', userInfoId] as const,
};

const P = routes.plan;
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
export const invalidateRemind = () => queryClient.invalidateQueries({ queryKey: remindKeys.all });

export function useTodayDoses(userInfoId: number | undefined) {
  return useQuery({ queryKey: remindKeys.today(userInfoId ?? 0), queryFn: ({ signal }) => api.call(P.remindQueryRecord, { body: { userInfoId: userInfoId ?? 0, timeZone: timeZone() } }, { signal }), enabled: userInfoId !== undefined });
}
export function usePlans(userInfoId: number | undefined) {
  return useQuery({ queryKey: remindKeys.plans(userInfoId ?? 0), queryFn: ({ signal }) => api.call(P.remindPlanList, { body: { userInfoId: userInfoId ?? 0 } }, { signal }), enabled: userInfoId !== undefined });
}
export function useDoseHistory(userInfoId: number | undefined) {
  return useQuery({ queryKey: remindKeys.history(userInfoId ?? 0), queryFn: ({ signal }) => api.call(P.remindQueryHisRecord, { body: { userInfoId: userInfoId ?? 0, pageNum: 1, pageSize: 20 } }, { signal }), enabled: userInfoId !== undefined });
}
export function useNotices(userInfoId: number | undefined) {
  return useQuery({ queryKey: remindKeys.notices(userInfoId), queryFn: ({ signal }) => api.call(routes.system.getNotifyInApp, { query: userInfoId ? { userInfoId } : {} }, { signal }) });
}
export function useReviews(userInfoId: number | undefined) {
  return useQuery({ queryKey: remindKeys.reviews(userInfoId ?? 0), queryFn: ({ signal }) => api.call(P.remindQueryReviewRecord, { body: { userInfoId: userInfoId ?? 0, timeZone: timeZone() } }, { signal }), enabled: userInfoId !== undefined });
}
export function useReviewHistory(userInfoId: number | undefined) {
  return useQuery({ queryKey: remindKeys.reviewHis(userInfoId ?? 0), queryFn: ({ signal }) => api.call(P.remindQueryReviewHisRecord, { body: { userInfoId: userInfoId ?? 0, pageNum: 1, pageSize: 50, timeZone: timeZone() } }, { signal }), enabled: userInfoId !== undefined });
}

export function useAct() {
  return useMutation({ mutationFn: (v: { ids: number[]; what: 'take' | 'skip' }) => api.call(v.what === 'take' ? P.remindTake : P.remindSkip, { body: { ids: v.ids } }), onSuccess: () => void invalidateRemind() });
}

/** A plan as the form sends it (the browser's time zone is added here). */
export type PlanInput = Omit<z.input<typeof RemindPlanSaveBody>, 'timeZone'>;
export function useSavePlan() {
  return useMutation({ mutationFn: (v: PlanInput) => api.call(P.remindPlanSave, { body: { ...v, timeZone: timeZone() } }), onSuccess: () => void invalidateRemind() });
}
export function useDeletePlan() {
  return useMutation({ mutationFn: (id: number) => api.call(P.remindPlanDelete, { body: { ids: [id] } }), onSuccess: () => void invalidateRemind() });
}
export function useUpdateReview() {
  return useMutation({ mutationFn: (v: { id: number; checkDate?: string; status?: number }) => api.call(P.reportPlanUpdate, { body: { ...v, timeZone: timeZone() } }), onSuccess: () => void invalidateRemind() });
}
export function useDeleteReview() {
  return useMutation({ mutationFn: (id: number) => api.call(P.reportPlanDelete, { body: { ids: [id] } }), onSuccess: () => void invalidateRemind() });
}
export function checkReviewDate(id: number, checkDate: string) {
  return api.call(P.reportPlanCheckDate, { body: { id, checkDate, timeZone: timeZone() } });
}
export function markRead(id: number) {
  return api.call(P.remindRecordUpdateReadFlag, { query: { id } }, { hideMsg: true });
}
/** Proposes the follow-up checks of a finished reading (again: no duplicates). */
export async function generateReviewPlan(reportId: string) {
  const r = await api.call(P.reportPlanGenerate, { body: { reportId, timeZone: timeZone() } });
  await invalidateRemind();
  return r;
}
