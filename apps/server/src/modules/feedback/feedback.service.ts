import { MESSAGE_LIMITS, MESSAGE_MSG, type FeedbackItem } from '@chatdr/contract/message/schemas';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import type { MessageService } from '../message/message.service.ts';
import type { FeedbackKind, FeedbackRow, FeedbackStore } from './feedback.store.ts';

export interface FeedbackDeps {
  store: FeedbackStore;
  messages: MessageService;
  /** Signed URLs of the owner's feedback pictures (modules/media). */
  pictureUrls: (userId: number, ids: string[]) => Promise<Map<string, string>>;
  now: () => number;
}

export interface FeedbackInput {
  type: string;
  content: string;
  pictures: string[];
  contact?: string | undefined;
}

const LIST_MAX = 100;
const REPLY_TITLE: Record<FeedbackKind, string> = { suggestion: '您的意见反馈有回复了', complaint: '您的投诉有处理结果了' };

/**
 * Suggestions (/user/feedback) and complaints (/user/about/report) with pictures from the
 * encrypted media store; an operator's reply (npm run admin -- feedback reply) reaches the author
 * as a message (push type user_suggestion_reply / user_complaint_reply) and in the reply lists.
 */
export class FeedbackService {
  constructor(private readonly d: FeedbackDeps) {}

  async add(auth: AuthContext | null, kind: FeedbackKind, v: FeedbackInput): Promise<{ id: number }> {
    const pictures = [...new Set(v.pictures)];
    if (pictures.length > 0) {
      // Pictures must be the caller's own feedback pictures (uploaded through pictureUpload).
      if (!auth) throw fail('notLoggedIn');
      const owned = await this.d.pictureUrls(auth.userId, pictures);
      if (owned.size !== pictures.length) throw fail('badRequest', { msg: MESSAGE_MSG.pictureMissing });
    }
    const row = await this.d.store.insert({ userId: auth?.userId ?? null, kind, type: v.type, content: v.content, pictures, contact: v.contact || null, createdAt: new Date(this.d.now()) });
    return { id: row.id };
  }

  /** The caller's list with replies; opening it marks the replies (and their messages) read. */
  async list(auth: AuthContext, kind: FeedbackKind): Promise<{ list: FeedbackItem[] }> {
    const rows = await this.d.store.listByUser(auth.userId, kind, LIST_MAX);
    const urls = await this.d.pictureUrls(auth.userId, rows.flatMap((r) => r.pictures));
    const read = await this.d.store.markRepliesRead(auth.userId, kind);
    if (read.length) await this.d.messages.markRefsRead(auth.userId, kind, read.map(String));
    return { list: rows.map((r) => this.item(r, urls)) };
  }

  async notReadCount(auth: AuthContext, kind: FeedbackKind): Promise<{ count: number }> {
    return { count: await this.d.store.notRead(auth.userId, kind) };
  }

  private item(r: FeedbackRow, urls: Map<string, string>): FeedbackItem {
    return {
      id: r.id,
      type: r.type,
      content: r.content,
      pictures: r.pictures.flatMap((id) => {
        const url = urls.get(id);
        return url ? [{ inputMediaId: id, url }] : [];
      }),
      contact: r.contact,
      createTime: r.createdAt.toISOString(),
      status: r.repliedAt ? 1 : 0,
      replyContent: r.replyContent,
      replyTime: r.repliedAt?.toISOString() ?? null,
      // Read at the moment of listing (the list marks them read).
      readFlag: true,
    };
  }

  // --- operators (the admin CLI) ----------------------------------------------------------------

  open(kind?: FeedbackKind): Promise<FeedbackRow[]> {
    return this.d.store.open(kind, 200);
  }
  byId(id: number): Promise<FeedbackRow | undefined> {
    return this.d.store.byId(id);
  }
  /** Replies to a suggestion or complaint: stored, and sent to its author as a message. */
  async reply(id: number, text: string): Promise<FeedbackRow> {
    const body = text.trim();
    if (!body || body.length > MESSAGE_LIMITS.replyMax) throw new Error(`a reply is 1 to ${MESSAGE_LIMITS.replyMax} characters`);
    const row = await this.d.store.reply(id, body, new Date(this.d.now()));
    if (!row) throw new Error(`feedback ${id} not found`);
    const kind = row.kind === 'complaint' ? 'complaint' : 'suggestion';
    if (row.userId !== null) await this.d.messages.post(row.userId, kind, { title: REPLY_TITLE[kind], content: body, refId: String(row.id) });
    return row;
  }
}
