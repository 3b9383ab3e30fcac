import { normalizeText } from '@chatdr/engine';
import { CHAT_CATEGORIES } from './words.ts';
import { TextFilter, type FilterHit } from './text-filter.ts';

/** Text audit: nicknames against every category, chat text against the chat categories. */
export class AuditService {
  private readonly filter = new TextFilter(normalizeText);

  /** Whether a text may be sent as a chat question (`POST /toc/audit/text`). */
  auditText(content: string): { pass: boolean } {
    return { pass: this.filter.find(content, CHAT_CATEGORIES).length === 0 };
  }

  /** Whether a nickname is acceptable. */
  nicknameAllowed(name: string): boolean {
    return this.filter.find(name).length === 0;
  }

  /** What matched (for tests and the operator, never sent to the client). */
  hits(text: string): FilterHit[] {
    return this.filter.find(text);
  }
}
