/**
 * A phone call (chat-core §1: the native shells offer "phone call"). In a shell that exposes the
 * bridge (`window.ChatdrNative.call('phoneCall', { phone })`, result code 10000 on success) the
 * shell dials; on the plain web the `tel:` link of the button does it.
 */
interface NativeBridge {
  call: (method: string, params: Record<string, unknown>) => Promise<{ code: number }> | { code: number };
}

const bridge = (): NativeBridge | null => {
  if (typeof window === 'undefined') return null;
  const b = (window as unknown as { ChatdrNative?: Partial<NativeBridge> }).ChatdrNative;
  return b && typeof b.call === 'function' ? (b as NativeBridge) : null;
};

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Asks the native shell to dial. Returns true when the shell took it (the caller then prevents
 * the `tel:` link's default), false on the plain web.
 */
export function dialNative(phone: string): boolean {
  const b = bridge();
  if (!b) return false;
  void Promise.resolve(b.call('phoneCall', { phone })).catch(() => {
    location.href = telHref(phone);
  });
  return true;
}
