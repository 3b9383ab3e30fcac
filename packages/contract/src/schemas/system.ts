import { z } from 'zod';

/** Agreement codes served by `/pb/protocol/findByCode/{a}/{b}` (a = code, b = version or `latest`). */
export const PROTOCOL_CODES = ['userAgreement', 'privacyPolicy'] as const;
export type ProtocolCode = (typeof PROTOCOL_CODES)[number];

export const ProtocolParams = z.object({ a: z.enum(PROTOCOL_CODES, { message: '协议不存在' }), b: z.string().regex(/^(latest|\d+(\.\d+)*)$/, '协议版本不正确') });
/** An agreement: `content` is paragraphs separated by blank lines; a line starting with `## ` is a heading. */
export const ProtocolRes = z.object({ code: z.enum(PROTOCOL_CODES), title: z.string(), version: z.string(), updatedAt: z.string(), content: z.string() });
export type ProtocolRes = z.infer<typeof ProtocolRes>;
