import type { ChatMessage } from './model';

/**
 * The sending gate of chat-core §4: a new question is refused (请等待上一次对话结束) while the
 * previous one is waiting, being answered, still being typed out, or being audited.
 */
export function isBusy(messages: readonly ChatMessage[], auditing: boolean): boolean {
  if (auditing) return true;
  const last = messages.at(-1);
  if (!last) return false;
  if (last.status === -2 || last.status === 0 || last.status === 1) return true;
  return last.status === 2 && !last.isHistory && last.typing !== 'complete';
}
