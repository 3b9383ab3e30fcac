import { useQuery } from '@tanstack/react-query';
import { routes, urlOf } from '@chatdr/contract';
import { MediaUploadData } from '@chatdr/contract/media/index';
import type { MessageKind, NotifySetting } from '@chatdr/contract/message/schemas';
import { api, tokenKeeper } from '../../api';
import { buildHeaders, randomHex } from '../../api/headers';
import { queryClient } from '../../app/query-client';
import { webClientInfo } from '../../platform/device';

/** Query keys of the message centre and feedback (cleared at logout with everything else). */
export const messageKeys = {
  all: ['message'] as const,
  list: (kind: MessageKind | undefined, pages: number) => ['message', 'list', kind ?? 'all', pages] as const,
  settings: ['message', 'settings'] as const,
  feedback: (kind: 'suggestion' | 'complaint') => ['message', 'feedback', kind] as const,
};
export const invalidateMessages = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });

export function useMessages(kind: MessageKind | undefined, pages: number) {
  return useQuery({ queryKey: messageKeys.list(kind, pages), queryFn: ({ signal }) => api.call(routes.system.messageList, { body: { ...(kind ? { kind } : {}), pageNum: 1, pageSize: Math.min(50, pages * 20) } }, { signal }) });
}
export async function readMessages(v: { ids?: string[]; all?: boolean; kind?: MessageKind }) {
  const r = await api.call(routes.system.messageRead, { body: v }, { hideMsg: true });
  await invalidateMessages();
  return r;
}
export function useNotifySettings() {
  return useQuery({ queryKey: messageKeys.settings, queryFn: ({ signal }) => api.call(routes.system.smsInfo, {}, { signal }) });
}
export async function saveNotifySettings(list: NotifySetting[]) {
  const r = await api.call(routes.system.smsSave, { body: { list } });
  queryClient.setQueryData(messageKeys.settings, r);
  return r;
}
export function useFeedbackLog(kind: 'suggestion' | 'complaint') {
  const r = kind === 'suggestion' ? routes.feedback.suggestionListByUser : routes.feedback.complaintListByUser;
  return useQuery({ queryKey: messageKeys.feedback(kind), queryFn: async ({ signal }) => {
    const res = await api.call(r, {}, { signal });
    // Opening the list reads the replies: the message centre's counts change with it.
    void queryClient.invalidateQueries({ queryKey: ['message', 'list'] });
    return res;
  } });
}
export async function submitFeedback(kind: 'suggestion' | 'complaint', loggedIn: boolean, v: { type: string; content: string; pictures: string[]; contact?: string }) {
  const r = kind === 'suggestion'
    ? await api.call(loggedIn ? routes.feedback.suggestionAdd : routes.feedback.suggestionAddPublic, { body: { ...v, type: v.type as never } })
    : await api.call(routes.feedback.saveComplaint, { body: { ...v, type: v.type as never } });
  await queryClient.invalidateQueries({ queryKey: messageKeys.feedback(kind) });
  return r;
}

/** One feedback picture into the encrypted media store (multipart, field `file`). */
export async function uploadPicture(file: Blob, fileName: string): Promise<{ ok: true; id: string; url: string } | { ok: false; msg: string }> {
  const token = await tokenKeeper.getToken();
  const route = routes.feedback.suggestionPictureUpload;
  const form = new FormData();
  form.append('file', file, fileName);
  const headers = buildHeaders({ client: webClientInfo(), now: new Date(), spanId: randomHex(8), token, json: false });
  try {
    const res = await fetch(urlOf(route), { method: route.method, headers, body: form });
    const body = (await res.json()) as { success?: boolean; msg?: string; data?: unknown };
    const data = MediaUploadData.safeParse(body.data);
    if (body.success === true && data.success) return { ok: true, id: data.data.inputMediaId, url: data.data.inputMediaUrl };
    return { ok: false, msg: body.msg ?? '上传失败' };
  } catch {
    return { ok: false, msg: '上传失败' };
  }
}
