import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { LIMITS, routes, type MemberDetail, type MemberEditReq, type MemberSaveReq, type RecordDetailFields, type RecordCheckWarning, type RecordInput, type RecordType } from '@chatdr/contract';
import { api } from '../../api';
import { isLoggedIn, useLoginStatus } from '../../app/login-store';
import { queryClient } from '../../app/query-client';
import { webClientInfo } from '../../platform/device';
import { qk } from '../user/queries';
import { roles } from './role-store';

/** Query keys of family members and health records (cleared at logout with everything else). */
export const fk = {
  all: ['family'] as const,
  members: ['family', 'members'] as const,
  record: (id: number) => ['family', 'record', id] as const,
  recordState: (id: number) => ['family', 'recordState', id] as const,
  page: (id: number) => ['family', 'page', id] as const,
  care: (id: number) => ['family', 'care', id] as const,
  isShow: ['family', 'isShow'] as const,
  /** The lexicon does not change with the family: kept apart so that edits do not refetch it. */
  template: (type: RecordType) => ['lexicon', 'template', type] as const,
  suggest: (type: RecordType, keyword: string) => ['lexicon', 'suggest', type, keyword] as const,
};

/** The account holder (本人) first, then the others in the server's order. */
export function orderMembers(list: readonly MemberDetail[]): MemberDetail[] {
  return [...list.filter((m) => m.isSelf), ...list.filter((m) => !m.isSelf)];
}

export async function fetchMembers(signal?: AbortSignal): Promise<MemberDetail[]> {
  const data = await api.call(routes.family.findUserInfo, { query: {} }, signal ? { signal } : {});
  return orderMembers(Array.isArray(data) ? data : [data]);
}

/** Every time the member list loads or changes, the roles follow (chat-core §4). */
function installRoleSync(): void {
  const sync = (data: unknown) => {
    if (Array.isArray(data)) roles.syncMembers(data as MemberDetail[]);
  };
  sync(queryClient.getQueryData(fk.members));
  queryClient.getQueryCache().subscribe((e) => {
    if (e.type !== 'updated' || e.action.type !== 'success') return;
    const key = e.query.queryKey;
    if (key.length === fk.members.length && key[0] === fk.members[0] && key[1] === fk.members[1]) sync(e.query.state.data);
  });
}
installRoleSync();

export function useMembers() {
  const loggedIn = isLoggedIn(useLoginStatus());
  return useQuery({ queryKey: fk.members, queryFn: ({ signal }) => fetchMembers(signal), enabled: loggedIn });
}

/** One member from the list (the list carries every member's details); `id` null = the account holder. */
export function useMember(id: number | null) {
  const members = useMembers();
  const member = members.data ? (id === null ? members.data.find((m) => m.isSelf) : members.data.find((m) => m.id === id)) : undefined;
  return { ...members, member };
}

/** After any change of members: the list, the account info (it lists them too) and health data. */
export async function refreshFamily(): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: fk.all }), queryClient.invalidateQueries({ queryKey: qk.account })]);
}

// ---- members ----

export const saveMember = (body: MemberSaveReq) => api.call(routes.family.saveUserInfo, { body });
export const editMember = (body: MemberEditReq) => api.call(routes.family.editUserInfo, { body });
export const deleteMember = (id: number) => api.call(routes.family.deleteUserInfo, { query: { id } });
/** The text audit of a nickname; `pass: false` = blocked. Errors are the caller's to handle. */
export const auditNickname = (content: string) => api.call(routes.family.auditText, { query: { content } }, { hideMsg: true });
/** Whether the nickname is free for the role; a taken one may also answer code ≠ 1 (shown by the request layer). */
export const checkName = (name: string, roleCode: string, userInfoId?: number) =>
  api.call(routes.family.checkNameState, { body: { name, roleCode: roleCode as MemberSaveReq['roleCode'], ...(userInfoId ? { userInfoId } : {}) } });

/** Sets who the consultation is about; isDefault 1 makes them the default consultant (at most one). */
export async function setConsult(userInfoId: number, isDefault: 0 | 1) {
  const list = await api.call(routes.family.currentConsultAdd, { body: { userInfoId, isDefault, deviceType: webClientInfo().deviceType } });
  await refreshFamily();
  return list;
}

export function useDeleteMember() {
  return useMutation({ mutationFn: deleteMember, onSuccess: () => refreshFamily() });
}

export function useEditMember() {
  return useMutation({ mutationFn: editMember, onSuccess: () => refreshFamily() });
}

// ---- health file ----

export function usePersonalRecord(userInfoId: number | undefined) {
  return useQuery({
    queryKey: fk.record(userInfoId ?? 0),
    queryFn: ({ signal }) => api.call(routes.family.getPersonalRecord, { query: { userInfoId: userInfoId ?? 0 } }, { signal }),
    enabled: userInfoId !== undefined,
  });
}

export function useRecordState(userInfoId: number | undefined) {
  return useQuery({
    queryKey: fk.recordState(userInfoId ?? 0),
    queryFn: ({ signal }) => api.call(routes.family.userHealthRecordState, { query: { userInfoId: userInfoId ?? 0 } }, { signal, hideMsg: true }),
    enabled: userInfoId !== undefined,
  });
}

export function useHealthPage(userInfoId: number | undefined) {
  return useQuery({
    queryKey: fk.page(userInfoId ?? 0),
    queryFn: ({ signal }) => api.call(routes.family.userHealthPageState, { body: { userInfoId: userInfoId ?? 0 } }, { signal, hideMsg: true }),
    enabled: userInfoId !== undefined,
  });
}

export function useCare(userInfoId: number | undefined) {
  return useQuery({
    queryKey: fk.care(userInfoId ?? 0),
    queryFn: ({ signal }) => api.call(routes.family.getPersonalizedCare, { body: { userInfoId: userInfoId ?? 0 } }, { signal, hideMsg: true }),
    enabled: userInfoId !== undefined,
  });
}

// ---- records ----

/** Records about to be added, checked against the member's profile (allergy class, pregnancy, interactions): warnings, nothing stored. */
export async function checkRecords(userInfoId: number, records: RecordInput[]): Promise<RecordCheckWarning[]> {
  return (await api.call(routes.family.checkRecords, { body: { userInfoId, records } })).warnings;
}

export async function saveRecords(userInfoId: number, records: RecordInput[]) {
  const saved = await api.call(routes.family.batchSaveRecords, { body: { userInfoId, records } });
  await queryClient.invalidateQueries({ queryKey: fk.all });
  return saved;
}

export async function removeRecord(id: number) {
  await api.call(routes.family.deleteRecord, { params: { id } });
  await queryClient.invalidateQueries({ queryKey: fk.all });
}

/** Updates a record's details (the server merges them into what it has; null clears a field). */
export async function editRecordDetail(id: number, detail: RecordDetailFields) {
  const saved = await api.call(routes.family.editRecord, { body: { id, detail } });
  await queryClient.invalidateQueries({ queryKey: fk.all });
  return saved;
}

/** Deletes a maternity-history entry of a member (two path keys). */
export async function removeMaternity(userInfoId: number, recordId: number) {
  await api.call(routes.family.deleteMaternityHistory, { params: { a: userInfoId, b: recordId } });
  await queryClient.invalidateQueries({ queryKey: fk.all });
}

/** The common items of a record type: the quick-pick chips. */
export function useTemplates(type: RecordType, limit = 12) {
  const loggedIn = isLoggedIn(useLoginStatus());
  return useQuery({
    queryKey: fk.template(type),
    queryFn: ({ signal }) => api.call(routes.family.keywordGetTemplate, { body: { type, limit } }, { signal, hideMsg: true }),
    enabled: loggedIn,
    staleTime: 30 * 60_000,
  });
}

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number = LIMITS.debounceMs): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** Suggestions while typing (debounced; the previous list stays while the next one loads). */
export function useSuggestions(type: RecordType, keyword: string, limit = 8) {
  const kw = useDebounced(keyword.trim()).slice(0, 30);
  return useQuery({
    queryKey: fk.suggest(type, kw),
    queryFn: ({ signal }) => api.call(routes.family.keywordTemplateSuggestion, { body: { type, keyword: kw, limit } }, { signal, hideMsg: true }),
    enabled: kw.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
}
