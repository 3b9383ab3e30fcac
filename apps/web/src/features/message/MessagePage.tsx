import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BellOutline, MessageOutline, ExclamationShieldOutline, BillOutline, TeamOutline, SoundOutline } from 'antd-mobile-icons';
import { MESSAGE_KINDS, type Message, type MessageKind } from '@chatdr/contract/message/schemas';
import { toast } from '../../api';
import { Page } from '../../ui/Page';
import { Empty, Loading, LoadFailed } from '../../ui/States';
import { cx } from '../../ui/cx';
import '../../i18n/message';
import { readMessages, useMessages } from './queries';
import s from './message.module.css';

const ICON: Record<MessageKind, typeof BellOutline> = { remind: BellOutline, suggestion: MessageOutline, complaint: ExclamationShieldOutline, order: BillOutline, consult: TeamOutline, system: SoundOutline };

/** '10:05' today, '3月4日 10:05' this year, else the date. */
export function messageTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  if (d.toDateString() === now.toDateString()) return hm;
  if (d.getFullYear() === now.getFullYear()) return `${d.getMonth() + 1}月${d.getDate()}日 ${hm}`;
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** /user/message — the message centre: every kind of message, unread counts per kind, read on open. */
export default function MessagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<MessageKind | undefined>(undefined);
  const [pages, setPages] = useState(1);
  const q = useMessages(kind, pages);
  const open = (m: Message) => {
    if (!m.readFlag) void readMessages({ ids: [m.id] });
    void navigate(m.link);
  };
  const readAll = async () => {
    await readMessages({ all: true, ...(kind ? { kind } : {}) });
    toast(t('message.readAllDone'));
  };
  const unread = q.data?.unreadByKind;
  return (
    <Page
      title={t('message.title')}
      testId="message-page"
      right={
        q.data && q.data.unread > 0 ? (
          <button type="button" className={s.headerBtn} onClick={() => void readAll()} data-testid="message-read-all">
            {t('message.readAll')}
          </button>
        ) : null
      }
      footer={
        <button type="button" className="btn btn--ghost" onClick={() => void navigate('/user/notifys')} data-testid="message-settings">
          {t('message.settings')}
        </button>
      }
    >
      <div className={s.tabs} role="tablist" aria-label={t('message.title')}>
        {[undefined, ...MESSAGE_KINDS].map((k) => {
          const n = k ? (unread?.[k] ?? 0) : (q.data?.unread ?? 0);
          return (
            <button key={k ?? 'all'} type="button" role="tab" aria-selected={kind === k} className={cx(s.tab, kind === k && s.tabOn)} onClick={() => { setKind(k); setPages(1); }} data-testid={`message-tab-${k ?? 'all'}`}>
              {k ? t(`message.kinds.${k}`) : t('message.all')}
              {n > 0 ? <span className={s.count} aria-label={t('message.unread', { n })}>{n > 99 ? '99+' : n}</span> : null}
            </button>
          );
        })}
      </div>
      {q.isPending ? <Loading /> : q.isError ? <LoadFailed onRetry={() => void q.refetch()} /> : q.data.list.length === 0 ? (
        <Empty title={t('message.empty')} desc={t('message.emptyDesc')} testId="message-empty" />
      ) : (
        <>
          <ul className={s.list}>
            {q.data.list.map((m) => {
              const Icon = ICON[m.kind];
              return (
                <li key={m.id}>
                  <button type="button" className={cx(s.card, m.readFlag && s.read)} onClick={() => open(m)} data-testid="message-item" data-kind={m.kind} data-read={m.readFlag}>
                    <span className={s.icon} aria-hidden>
                      <Icon />
                      {m.readFlag ? null : <span className={s.dot} />}
                    </span>
                    <span className={s.main}>
                      <span className={s.head}>
                        <span className={s.title}>{m.title}</span>
                        <span className={s.time}>{messageTime(m.createTime)}</span>
                      </span>
                      <span className={s.kind}>{t(`message.kinds.${m.kind}`)}</span>
                      <span className={s.content}>{m.content}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {q.data.total > q.data.list.length && pages < 3 ? (
            <button type="button" className={cx('btn btn--ghost', s.more)} onClick={() => setPages(pages + 1)}>
              {t('message.more')}
            </button>
          ) : null}
        </>
      )}
    </Page>
  );
}
