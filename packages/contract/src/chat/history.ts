import { CHAT_MSG } from './messages.ts';

/** Codes whose dialog counts as answered in history (chat-core §4 history mapping). */
export const HISTORY_DONE_CODES: readonly number[] = [1, 3032, 3033, 3095, 3096];

/**
 * chat-core §4 history mapping: status 2 when the code is 1, 3032, 3033, 3095 or 3096, otherwise
 * -1; an item with no code becomes -1 with 您取消了本次提问。
 */
export function historyStatus(code: number | null | undefined): { status: 2 | -1; statusMessage: string | null } {
  if (code === null || code === undefined) return { status: -1, statusMessage: CHAT_MSG.cancelled };
  return HISTORY_DONE_CODES.includes(code) ? { status: 2, statusMessage: null } : { status: -1, statusMessage: null };
}
