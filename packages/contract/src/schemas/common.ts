import { z } from 'zod';
import { DEVICE_TYPES } from '../enums.ts';

/** The response envelope: `code: 1` is success. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });
export type Envelope<T> = { code: number; msg: string; data: T };

/** Mainland mobile number, 11 digits starting with 1. */
export const phone = z.string().trim().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号');
export const smsCode = z.string().trim().regex(/^\d{6}$/, '请输入6位验证码');
export const password = z.string().min(1, '请输入密码').max(64);
export const deviceType = z.enum(DEVICE_TYPES).optional();
/** Id passed as a string or a number; always a positive integer. */
export const idParam = z.coerce.number().int().positive();
export const emptyBody = z.object({}).passthrough().optional();
export const ok = z.null();
