import { urlOf, type RouteDef } from '@chatdr/contract';
import type { MediaUploadData } from '@chatdr/contract/media/index';
import type { TestApp } from '../../../test/harness.ts';
import { multipart, type Part } from './multipart.ts';

/** An upload's answer in the tests: the HTTP status beside the envelope. */
export interface UploadRes {
  status: number;
  code: number;
  success: boolean;
  msg: string;
  data: MediaUploadData | null;
}

/** Posts `parts` as multipart/form-data to an upload route of the test app. */
export async function uploadParts(t: TestApp, r: RouteDef, parts: readonly Part[], opts: { token?: string; query?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<UploadRes> {
  const { body, contentType } = multipart(parts);
  let url = urlOf(r);
  if (opts.query) url += `?${new URLSearchParams(opts.query).toString()}`;
  const res = await t.rt.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType, ...(opts.token ? { authorization: opts.token } : {}), ...opts.headers } });
  return { status: res.statusCode, ...(JSON.parse(res.body) as Omit<UploadRes, 'status'>) };
}
