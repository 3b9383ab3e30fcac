import { routes, urlOf } from '@chatdr/contract';
import { MediaUploadData } from '@chatdr/contract/media/index';
import { tokenKeeper } from '../../api';
import { sessionHooks } from '../../api/hooks';
import { buildHeaders, queryString, randomHex } from '../../api/headers';
import { webClientInfo } from '../../platform/device';
import { failureOf, type Endpoint } from './upload-model';

export interface UploadRequest {
  endpoint: Endpoint;
  file: Blob;
  fileName: string;
  query: { batchId?: string; reportType?: '2' | '3'; customFileName?: string; userInfoId?: number; scene?: 'bp' };
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

export type UploadOutcome = { ok: true; data: MediaUploadData } | { ok: false; type: 'fail' | 'forbidden'; error: string };

/**
 * One multipart upload (form field `file`) over XHR, for its upload progress events, which fetch
 * does not give. Same headers as every call (the request layer's `buildHeaders`); the answer is
 * the upload calls' own `{ code, success, msg, data }`.
 */
export async function uploadFile(req: UploadRequest): Promise<UploadOutcome> {
  const token = await tokenKeeper.getToken();
  const route = routes.media[req.endpoint];
  const url = urlOf(route) + queryString(req.query);
  const headers = buildHeaders({ client: webClientInfo(), now: new Date(), spanId: randomHex(8), token, json: false });
  const form = new FormData();
  form.append('file', req.file, req.fileName);

  return new Promise<UploadOutcome>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(route.method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) req.onProgress((e.loaded / e.total) * 100);
    };
    const onAbort = () => xhr.abort();
    req.signal.addEventListener('abort', onAbort, { once: true });
    const done = () => req.signal.removeEventListener('abort', onAbort);
    xhr.onabort = () => {
      done();
      reject(new DOMException('aborted', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      resolve({ ok: false, ...failureOf(0, null) });
    };
    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = null;
      }
      const b = typeof body === 'object' && body !== null ? (body as { code?: unknown; success?: unknown; data?: unknown }) : {};
      if (xhr.status === 401 || b.code === 401) {
        sessionHooks.onUnauthorized();
        resolve({ ok: false, ...failureOf(401, body) });
        return;
      }
      if (xhr.status < 300 && b.success === true) {
        const parsed = MediaUploadData.safeParse(b.data);
        if (parsed.success) {
          resolve({ ok: true, data: parsed.data });
          return;
        }
      }
      resolve({ ok: false, ...failureOf(xhr.status, body) });
    };
    if (req.signal.aborted) xhr.abort();
    else xhr.send(form);
  });
}
