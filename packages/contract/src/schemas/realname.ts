import { z } from 'zod';
import { int4 } from './common.ts';
import { ID_CARD_MSG, REAL_NAME_RE } from '../state/id-card.ts';

/** realNameAuth (account-health §7, /user/auth/:id): the member's name and identity number. */
export const RealNameAuthReq = z.object({
  userInfoId: int4(),
  name: z.string().trim().min(2, '请输入真实姓名').max(50).regex(REAL_NAME_RE, '请输入真实姓名（中文姓名或证件上的英文姓名）'),
  idNumber: z.string().trim().max(18, ID_CARD_MSG.format).min(18, ID_CARD_MSG.format),
});
export const RealNameInfoQuery = z.object({ userInfoId: int4() });
/** How far a verification went: `format` — the number's checksum, birth date and region only; `identity` — matched by an identity provider. */
export const REAL_NAME_LEVELS = ['format', 'identity'] as const;
export const RealNameInfo = z.object({
  userInfoId: z.number().int(),
  /** 0 not verified, 1 verified. */
  state: z.union([z.literal(0), z.literal(1)]),
  name: z.string().nullable(),
  idNumber: z.string().nullable(),
  level: z.enum(REAL_NAME_LEVELS).nullable(),
  /** The provider that verified it (`format`: the embedded format check). */
  provider: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** What the configured provider checks, for the screen: `format` or `identity`. */
  providerLevel: z.enum(REAL_NAME_LEVELS),
});
export type RealNameInfo = z.infer<typeof RealNameInfo>;
