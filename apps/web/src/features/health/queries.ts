import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { routes, type BpPeriod } from '@chatdr/contract';
import { api, type BodyOf, type DataOf } from '../../api';
import { queryClient } from '../../app/query-client';
import { fk } from '../family/queries';

export type BpReading = DataOf<typeof routes.bp.save>;
export type BpList = DataOf<typeof routes.bp.detailList>;
export type BpBaseInfo = DataOf<typeof routes.bp.baseInfo>;
export type IndSummary = DataOf<typeof routes.indicator.searchDetailAll>['list'][number];
export type IndValue = DataOf<typeof routes.indicator.manageSave>;
export type IndList = DataOf<typeof routes.indicator.detailListByTime>;
export type IndGroups = DataOf<typeof routes.indicator.searchTypeDetailAllList>;
export type IndExplain = DataOf<typeof routes.indicator.explainSearchDetail>;

/** Query keys of blood pressure and indicators (under 'health'; cleared at logout with everything else). */
export const hk = {
  all: ['health'] as const,
  bpInfo: (id: number) => ['health', 'bp', 'info', id] as const,
  bpList: (id: number, period: BpPeriod) => ['health', 'bp', 'list', id, period] as const,
  indAll: (id: number) => ['health', 'ind', 'all', id] as const,
  indGroups: (id: number) => ['health', 'ind', 'groups', id] as const,
  indSeries: (id: number, type: string) => ['health', 'ind', 'series', id, type] as const,
  indPage: (id: number, type: string) => ['health', 'ind', 'page', id, type] as const,
  explain: (type: string) => ['health', 'explain', type] as const,
};

/** After a change: every health query and the member's health page (latest BP, attention count). */
function refresh(memberId: number) {
  void queryClient.invalidateQueries({ queryKey: hk.all });
  void queryClient.invalidateQueries({ queryKey: fk.page(memberId) });
}

export function useBpInfo(id: number | undefined) {
  return useQuery({ queryKey: hk.bpInfo(id ?? 0), queryFn: ({ signal }) => api.call(routes.bp.baseInfo, { body: { userInfoId: id ?? 0 } }, { signal }), enabled: id !== undefined });
}

export function useBpList(id: number | undefined, period: BpPeriod) {
  return useQuery({
    queryKey: hk.bpList(id ?? 0, period),
    queryFn: ({ signal }) => api.call(routes.bp.detailList, { body: { userInfoId: id ?? 0, period } }, { signal }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useSaveBp(memberId: number) {
  return useMutation({ mutationFn: (body: BodyOf<typeof routes.bp.save>) => api.call(routes.bp.save, { body }), onSuccess: () => refresh(memberId) });
}

export function useCancelBp(memberId: number) {
  return useMutation({ mutationFn: (id: number) => api.call(routes.bp.cancel, { body: { id } }), onSuccess: () => refresh(memberId) });
}

export function useIndicators(id: number | undefined) {
  return useQuery({ queryKey: hk.indAll(id ?? 0), queryFn: ({ signal }) => api.call(routes.indicator.searchDetailAll, { body: { userInfoId: id ?? 0 } }, { signal }), enabled: id !== undefined });
}

export function useIndicatorGroups(id: number | undefined) {
  return useQuery({ queryKey: hk.indGroups(id ?? 0), queryFn: ({ signal }) => api.call(routes.indicator.searchTypeDetailAllList, { body: { userInfoId: id ?? 0 } }, { signal }), enabled: id !== undefined });
}

/** Every value of one indicator, oldest first (the trend). */
export function useIndicatorSeries(id: number | undefined, type: string) {
  return useQuery({
    queryKey: hk.indSeries(id ?? 0, type),
    queryFn: ({ signal }) => api.call(routes.indicator.detailListByTime, { body: { userInfoId: id ?? 0, type } }, { signal }),
    enabled: id !== undefined && type !== '',
  });
}

/** Values of one indicator, newest first (history), up to 200. */
export function useIndicatorHistory(id: number | undefined, type: string) {
  return useQuery({
    queryKey: hk.indPage(id ?? 0, type),
    queryFn: ({ signal }) => api.call(routes.indicator.detailList, { body: { userInfoId: id ?? 0, type, pageNum: 1, pageSize: 200 } }, { signal }),
    enabled: id !== undefined && type !== '',
  });
}

export function useExplain(type: string) {
  return useQuery({ queryKey: hk.explain(type), queryFn: ({ signal }) => api.call(routes.indicator.explainSearchDetail, { body: { type } }, { signal }), enabled: type !== '', staleTime: Infinity });
}

export function useSaveIndicator(memberId: number) {
  return useMutation({ mutationFn: (body: BodyOf<typeof routes.indicator.manageSave>) => api.call(routes.indicator.manageSave, { body }), onSuccess: () => refresh(memberId) });
}

export function useEditIndicator(memberId: number) {
  return useMutation({ mutationFn: (body: BodyOf<typeof routes.indicator.manageEdit>) => api.call(routes.indicator.manageEdit, { body }), onSuccess: () => refresh(memberId) });
}

export function useDeleteIndicator(memberId: number) {
  return useMutation({ mutationFn: (id: number) => api.call(routes.indicator.manageDel, { body: { id } }), onSuccess: () => refresh(memberId) });
}
