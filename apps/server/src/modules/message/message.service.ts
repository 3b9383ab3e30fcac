import { PUSH_TYPE_USER_REMIND, type Notice } from '@chatdr/contract/remind/schemas';
import { DEFAULT_NOTIFY, MESSAGE_KINDS, MESSAGE_LINK, PUSH_TYPE_OF_KIND, NotifySetting, type Message, type MessageKind, type MessageListRes, type SmsInfoRes, type UnreadByKind } from '@chatdr/contract/message/schemas';
import type { z } from 'zod';
import type { AuthContext } from '../../http/context.ts';
import type { SmsProvider } from '../../providers/sms.ts';
import type { InboxRow, MessageStore } from './message.store.ts';

type PostKind = Exclude<MessageKind, 'remind'>;
const SETTINGS_KEY = 'notify';

export interface MessageDeps {
  store: MessageStore;
  /** Live notices over the chat socket (the reminders' NoticeHub). */
  emit: (userId: number, notice: Notice) => void;
  sms: SmsProvider;
  now: () => number;
  warn: (err: unknown, msg: string) => void;
}

function toMessage(r: InboxRow): Message {
  if (r.source === 'remind') {
    return { id: `remind:${r.id}`, kind: 'remind', pushType: PUSH_TYPE_USER_REMIND, title: r.title, content: r.content, link: `/user/notify?type=${r.remindType}&userId=${r.memberId}`, readFlag: r.readFlag, createTime: r.at.toISOString() };
  }
  const kind = (MESSAGE_KINDS as readonly string[]).includes(r.kind) ? (r.kind as PostKind) : 'system';
  return { id: `${kind}:${r.id}`, kind, pushType: PUSH_TYPE_OF_KIND[kind], title: r.title, content: r.content, link: r.link, readFlag: r.readFlag, createTime: r.at.toISOString() };
}

/** The saved settings, every kind present (defaults for kinds not saved). */
export function settingsOf(saved: unknown): NotifySetting[] {
  const list = Array.isArray(saved) ? saved.map((s) => NotifySetting.safeParse(s)).flatMap((p) => (p.success ? [p.data] : [])) : [];
  return DEFAULT_NOTIFY.map((d) => list.find((s) => s.kind === d.kind) ?? d);
}

/**
 * The message centre: reminders (the reminder records, where modules/remind writes them) and the
 * account's other messages in one list; posting a message (a reply, an order event, a notice)
 * stores it and, per the account's settings, sends it live to open apps and by SMS.
 */
export class MessageService {
  constructor(private readonly d: MessageDeps) {}

  async list(auth: AuthContext, v: { kind?: MessageKind | undefined; pageNum: number; pageSize: number }): Promise<MessageListRes> {
    const [{ rows, total }, unread] = await Promise.all([this.d.store.page(auth.userId, v.kind, (v.pageNum - 1) * v.pageSize, v.pageSize), this.d.store.unreadByKind(auth.userId)]);
    const byKind = Object.fromEntries(MESSAGE_KINDS.map((k) => [k, unread[k] ?? 0])) as UnreadByKind;
    return { list: rows.map(toMessage), total, unread: Object.values(byKind).reduce((a, b) => a + b, 0), unreadByKind: byKind };
  }

  async read(auth: AuthContext, v: { ids?: string[] | undefined; all?: boolean | undefined; kind?: MessageKind | undefined }): Promise<{ updated: number }> {
    if (v.all) {
      const [a, b] = await Promise.all([
        !v.kind || v.kind === 'remind' ? this.d.store.markRemindRead(auth.userId, 'all') : 0,
        v.kind !== 'remind' ? this.d.store.markAllRead(auth.userId, v.kind) : 0,
      ]);
      return { updated: a + b };
    }
    const remind: number[] = [];
    const own: number[] = [];
    for (const id of v.ids ?? []) {
      const [kind, n] = id.split(':');
      (kind === 'remind' ? remind : own).push(Number(n));
    }
    const [a, b] = await Promise.all([this.d.store.markRemindRead(auth.userId, remind), this.d.store.markRead(auth.userId, own)]);
    return { updated: a + b };
  }

  async settings(auth: AuthContext): Promise<SmsInfoRes> {
    const u = await this.d.store.user(auth.userId);
    return { list: settingsOf(u?.settings[SETTINGS_KEY]) };
  }
  async saveSettings(auth: AuthContext, list: z.infer<typeof NotifySetting>[]): Promise<SmsInfoRes> {
    const current = (await this.settings(auth)).list;
    const next = current.map((c) => list.find((s) => s.kind === c.kind) ?? c);
    await this.d.store.setSetting(auth.userId, SETTINGS_KEY, next);
    return { list: next };
  }

  /** A message for the account: stored, then live and by SMS as the account's settings say. */
  async post(userId: number, kind: PostKind, v: { title: string; content: string; refId?: string; link?: string }): Promise<Message> {
    const row = await this.d.store.insert({ userId, kind, title: v.title, content: v.content, link: v.link ?? MESSAGE_LINK[kind], refId: v.refId ?? null, createdAt: new Date(this.d.now()) });
    const u = await this.d.store.user(userId);
    const setting = settingsOf(u?.settings[SETTINGS_KEY]).find((s) => s.kind === kind);
    if (setting?.inApp !== false) this.d.emit(userId, { id: row.id, pushType: PUSH_TYPE_OF_KIND[kind], title: row.title, content: row.content, extra: { type: 0, userId: 0, recordId: row.id }, readFlag: false, createTime: row.createdAt.toISOString() });
    if (setting?.sms && u && this.d.sms.notify) {
      await this.d.sms.notify(u.phone, `【晓医】${row.title}：${row.content.slice(0, 60)}`).catch((err: unknown) => this.d.warn(err, 'message SMS not sent'));
    }
    return toMessage({ source: 'message', id: row.id, kind, title: row.title, content: row.content, link: row.link, readFlag: false, at: row.createdAt, remindType: 0, memberId: 0 });
  }

  /** The messages about these refs (feedback ids) are read: the list of replies was opened. */
  markRefsRead(userId: number, kind: PostKind, refIds: string[]): Promise<number> {
    return this.d.store.markReadByRef(userId, kind, refIds);
  }
}
