/** Router state carried through the verification screens (never put in the URL or in storage). */
export interface FlowState {
  phone?: string;
  resendAfter?: number;
  verifyToken?: string;
}

export type VerifyScene = 'forgotPwd' | 'setPwd';

/** /verify and /setting serve two flows: forgot password (logged out) and set password (logged in). */
export const sceneOf = (v: string | null): VerifyScene => (v === 'setPwd' ? 'setPwd' : 'forgotPwd');

export function flowStateOf(state: unknown): FlowState {
  if (typeof state !== 'object' || state === null) return {};
  const s = state as Record<string, unknown>;
  return {
    ...(typeof s.phone === 'string' ? { phone: s.phone } : {}),
    ...(typeof s.resendAfter === 'number' ? { resendAfter: s.resendAfter } : {}),
    ...(typeof s.verifyToken === 'string' ? { verifyToken: s.verifyToken } : {}),
  };
}
