import { describe, expect, it } from 'vitest';
import { ERR, MSG, NotLoggedInError } from '@chatdr/contract';
import { ApiError, EmptyResponseError, NetworkError, TimeoutError, isNotLoggedInError, noticeOf } from './errors';
import { noticeText } from './show-error';

const t = (key: string, o: { defaultValue: string }) => (key === 'err.1002' ? 'Wrong code, please re-enter it' : o.defaultValue);

describe('error notices', () => {
  it('shows nothing for a missing token, a 401 or a cancelled call', () => {
    expect(noticeOf(new NotLoggedInError())).toBeNull();
    expect(noticeOf(new ApiError(401, '未登录', 401))).toBeNull();
    expect(noticeOf(new DOMException('x', 'AbortError'))).toBeNull();
  });

  it('shows the server msg verbatim in Chinese and the translation of its code in English', () => {
    const n = noticeOf(new ApiError(ERR.smsCodeWrong.code, ERR.smsCodeWrong.msg, 200));
    expect(n).not.toBeNull();
    if (!n) return;
    expect(noticeText(n, 'zh-CN', t)).toBe('验证码错误，请重新输入');
    expect(noticeText(n, 'en', t)).toBe('Wrong code, please re-enter it');
  });

  it('falls back to the generic message when a failure carries no msg', () => {
    expect(noticeOf(new ApiError(1234, '', 200))?.fallback).toBe(MSG.genericError);
    expect(noticeOf(new Error('boom'))?.fallback).toBe(MSG.genericError);
  });

  it('names overload, empty response, timeout and network failures', () => {
    expect(noticeOf(new ApiError(501, '', 501))).toMatchObject({ key: 'errors.serverCrowded', fallback: '当前人数过多，请稍后重试' });
    expect(noticeOf(new EmptyResponseError())).toMatchObject({ fallback: 'request fail：无数据' });
    expect(noticeOf(new TimeoutError())?.key).toBe('errors.timeout');
    expect(noticeOf(new NetworkError())?.key).toBe('errors.network');
  });

  it('treats 10002, code 401 and HTTP 401 as not logged in, other refresh errors not', () => {
    expect(isNotLoggedInError(new ApiError(10002, '未登录', 200))).toBe(true);
    expect(isNotLoggedInError(new ApiError(401, '未登录', 200))).toBe(true);
    expect(isNotLoggedInError(new ApiError(401, '', 401))).toBe(true);
    expect(isNotLoggedInError(new ApiError(500, 'x', 500))).toBe(false);
    expect(isNotLoggedInError(new TimeoutError())).toBe(false);
  });
});
