import { routes, urlOf, type ImMessage } from '@chatdr/contract';
import { api, tokenKeeper } from '../../api';
import { buildHeaders, randomHex } from '../../api/headers';
import { webClientInfo } from '../../platform/device';

export const userImToken = async () => (await api.call(routes.rehab.rongGetToken, {})).token;
export const userHistory = (groupId: string, beforeSeq?: number): Promise<{ list: ImMessage[]; hasMore: boolean; peerReadSeq: number }> =>
  api.call(routes.rehab.imHistory, { body: { groupId, pageSize: 30, ...(beforeSeq ? { beforeSeq } : {}) } });

/** A photo into the encrypted media store (chatRehab/imFileUpload); answers its media id. */
export async function uploadImImage(file: File): Promise<string> {
  const token = await tokenKeeper.getToken();
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(urlOf(routes.rehab.chatRehabImFileUpload), { method: 'POST', headers: buildHeaders({ client: webClientInfo(), now: new Date(), spanId: randomHex(8), token, json: false }), body: form });
  const env = (await res.json()) as { code: number; msg?: string; data?: { inputMediaId: string } };
  if (env.code !== 1 || !env.data) throw new Error(env.msg ?? 'upload failed');
  return env.data.inputMediaId;
}
