import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { CHAT_LIMITS, LIMITS, routes } from '@chatdr/contract';
import { api, isNotLoggedInError } from '../../api';
import { isLoggedIn, useLoginStatus } from '../../app/login-store';
import { queryClient } from '../../app/query-client';
import { webClientInfo } from '../../platform/device';

/**
 * The chat's REST calls (chat-core §7 "Session", "History and dialogs", "Evaluation", text audit).
 * Loaded with the chat chunks and by the chat store on demand, never by the first screen.
 */
export const ck = {
  all: ['chat'] as const,
  history: ['chat', 'history'] as const,
  session: (id: string) => ['chat', 'session', id] as const,
  search: (keyword: string) => ['chat', 'search', keyword] as const,
  collect: ['chat', 'collect'] as const,
  share: (id: string) => ['chat', 'share', id] as const,
  shares: ['chat', 'shares'] as const,
};

export type AuditVerdict = 'pass' | 'blocked' | 'error';

/** audit/textByBody within 1500 ms: blocked, passed, or failed (then the question is sent anyway). */
export async function auditText(content: string): Promise<AuditVerdict> {
  try {
    const r = await api.call(routes.media.auditTextByBody, { body: { content } }, { hideMsg: true, timeoutMs: LIMITS.textAuditTimeoutMs });
    return r.pass ? 'pass' : 'blocked';
  } catch {
    return 'error';
  }
}

/**
 * Whether this device's session is still valid on the server (a cheap authenticated call). A dead
 * session is ended by the request layer itself (it opens login).
 */
export async function sessionAlive(): Promise<'alive' | 'gone' | 'unknown'> {
  try {
    await api.call(routes.chat.getUuid, { query: { _t: String(Date.now()) } }, { hideMsg: true });
    return 'alive';
  } catch (err) {
    return isNotLoggedInError(err) ? 'gone' : 'unknown';
  }
}

export const generateNewSession = () => api.call(routes.chat.generateNew, { body: { deviceType: webClientInfo().deviceType } }, { hideMsg: true });

/** A question that failed on this side (time-out, lost connection): kept as a break record; errors are silent. */
export const saveBreak = (b: { questionId: string; question: string; sessionId?: string; answer?: string; code?: number; msg?: string }) =>
  api.call(routes.chat.breakChatDialSave, { body: b }, { hideMsg: true }).catch(() => null);

export const recommendQuestions = (dialInId: number, dialIn: string, dialOut: string) =>
  api.call(routes.chat.recommendQuestionV2, { body: { dialInId, dialIn: dialIn.slice(0, 5000), dialOut: dialOut.slice(0, 20_000) } }, { hideMsg: true, timeoutMs: LIMITS.recommendQuestionsTimeoutMs });

export async function setCollected(dialInIds: number[], on: boolean): Promise<void> {
  await api.call(on ? routes.chat.collectSave : routes.chat.collectCancel, { body: { dialInIds } });
  // Favourites, and the history and search pages that show the flag.
  void queryClient.invalidateQueries({ queryKey: ck.all });
}

export async function deleteDialogs(dialIds: number[]): Promise<void> {
  await api.call(routes.chat.delHistoryRecord, { body: { dialIds, delMediaFlag: true } });
  void queryClient.invalidateQueries({ queryKey: ck.all });
}

export const deleteSession = async (sessionId: string) => {
  await api.call(routes.chat.delHisBySessionId, { body: { sessionId, delMediaFlag: true } });
  void queryClient.invalidateQueries({ queryKey: ck.all });
};

export const saveShare = (dialInIds: number[]) => api.call(routes.chat.saveShare, { body: { dialInIds } });

/**
 * Whether the rating dialog is due (toc/userEvaluation/getEvaCondition: evaluation info of
 * chat-core §3 plus the server's verdict); null when the call failed (the client rule decides).
 */
export async function evaluationCondition(trigger: 'dialIn' | 'conclusion') {
  try {
    return await api.call(routes.evaluation.getEvaCondition, { query: { trigger } }, { hideMsg: true });
  } catch {
    return null;
  }
}

/** The rating dialog was shown (its 15-day and once-a-day limits count from now). */
export const markRatingShown = () => api.call(routes.evaluation.setEjectFlag, {}, { hideMsg: true }).catch(() => null);

export const submitEvaluation = (score: number, content: string) => api.call(routes.evaluation.userEvaluationCreateOrUpdate, { body: { score, ...(content ? { content } : {}) } }, { hideMsg: true });

export function useSessions() {
  const loggedIn = isLoggedIn(useLoginStatus());
  return useQuery({ queryKey: ck.history, queryFn: ({ signal }) => api.call(routes.chat.getHistoryRecordV2, { body: { page: 1, size: CHAT_LIMITS.pageSize } }, { signal }), enabled: loggedIn });
}

/** The newest page of one session's dialogs (newest first), for restoring the open session. */
export const loadSession = async (sessionId: string) =>
  (await api.call(routes.chat.getSessionDetail, { body: { sessionId, size: CHAT_LIMITS.pageSize, thumbnailNew: 'Y', desc: 'Y' } }, { hideMsg: true })).list;

/** One session's dialogs, oldest first, paged backwards by `lastId` (size 30). */
export function useSessionDetail(sessionId: string) {
  const loggedIn = isLoggedIn(useLoginStatus());
  return useInfiniteQuery({
    queryKey: ck.session(sessionId),
    enabled: loggedIn && sessionId !== '',
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.call(routes.chat.getSessionDetail, { body: { sessionId, size: CHAT_LIMITS.pageSize, thumbnailNew: 'Y', desc: 'Y', ...(pageParam ? { lastId: pageParam } : {}) } }, { signal }),
    getNextPageParam: (last) => (last.hasMore ? last.list.at(-1)?.dialInId : undefined),
  });
}

export function useSearch(keyword: string) {
  const loggedIn = isLoggedIn(useLoginStatus());
  return useQuery({
    queryKey: ck.search(keyword),
    enabled: loggedIn && keyword.trim() !== '',
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => api.call(routes.chat.historySearch, { body: { keyword: keyword.trim(), page: 1, size: CHAT_LIMITS.pageSize } }, { signal }),
  });
}

export function useCollected() {
  const loggedIn = isLoggedIn(useLoginStatus());
  return useQuery({ queryKey: ck.collect, enabled: loggedIn, queryFn: ({ signal }) => api.call(routes.chat.collectList, { body: { page: 1, size: CHAT_LIMITS.maxPageSize } }, { signal }) });
}

/** The caller's share links (chatShare/list), newest first. */
export function useShares() {
  const loggedIn = isLoggedIn(useLoginStatus());
  return useQuery({ queryKey: ck.shares, enabled: loggedIn, queryFn: ({ signal }) => api.call(routes.chat.shareList, { body: { page: 1, size: CHAT_LIMITS.maxPageSize } }, { signal }) });
}

/** Revokes a share link: its page answers 分享链接已失效 from then on. */
export async function revokeShare(shareId: string): Promise<void> {
  await api.call(routes.chat.shareRevoke, { body: { shareId } });
  void queryClient.invalidateQueries({ queryKey: ck.shares });
}

export function useShare(shareId: string) {
  return useQuery({ queryKey: ck.share(shareId), enabled: shareId !== '', retry: false, queryFn: ({ signal }) => api.call(routes.chat.shareView, { query: { shareId } }, { signal, hideMsg: true }) });
}

/** Asks the doctor of the open consultation to review an answer, then shows /chat/verify/{chatVerifyId}. */
export async function requestVerify(dialInId: number): Promise<void> {
  try {
    const v = await api.call(routes.rehab.chatVerifyApply, { body: { dialogId: dialInId } });
    window.location.hash = `#/chat/verify/${v.chatVerifyId}`;
  } catch {
    // Shown by the request layer (e.g. 请先购买服务包并开始问诊).
  }
}
