import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseOutline, EyeInvisibleOutline } from 'antd-mobile-icons';
import '../../i18n/chat';
import { currentLanguage } from '../../i18n';
import { usePersonalSettings } from '../user/queries';
import { chat, useChatStore, useShowBanner } from './chat-store';
import { ChatTurn } from './ChatTurn';
import RatingDialog from './RatingDialog';
import { speak, speechAvailable } from './speech';
import { cx } from '../../ui/cx';
import styles from './chat.module.css';

/**
 * The conversation of the chat home: the turns, the incognito and reconnect notices, the
 * session-tips banner (after 10 questions) and the rating dialog. Its own chunk, loaded with the
 * first question (or a continued session).
 */
export default function ChatThread() {
  const { t } = useTranslation();
  const messages = useChatStore((s) => s.messages);
  const selecting = useChatStore((s) => s.selecting);
  const selected = useChatStore((s) => s.selected);
  const incognito = useChatStore((s) => s.incognito);
  const conn = useChatStore((s) => s.conn);
  const ratingOpen = useChatStore((s) => s.ratingOpen);
  const banner = useShowBanner();
  const settings = usePersonalSettings();
  const autoRead = settings.data?.openTTs === true && speechAvailable();
  const readOut = useRef<Set<string>>(new Set());
  /** Answers seen while still typing: only those are read out (not a continued session's). */
  const typed = useRef<Set<string>>(new Set());
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  // Follow the answer as it types, unless the user scrolled up to read.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);
  useEffect(() => {
    stick.current = true;
  }, [messages.length]);

  // Read-aloud on (openTTs): a new answer is read once it has been typed out.
  useEffect(() => {
    const m = messages.at(-1);
    if (m && m.typing !== 'complete') typed.current.add(m.questionId);
    if (!m || !typed.current.has(m.questionId)) return;
    if (!autoRead || !m || m.isHistory || m.status !== 2 || m.typing !== 'complete' || readOut.current.has(m.questionId)) return;
    readOut.current.add(m.questionId);
    speak(m.questionId, m.answer, currentLanguage());
  }, [messages, autoRead]);

  // 'thread': the name e2e/chat scrolls the thread by (no styles attached).
  return (
    <div
      className={cx(styles.thread, 'thread')}
      ref={scroller}
      data-testid="chat-thread"
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      {incognito ? (
        <p className={cx(styles.notice, styles.noticeIncognito)} data-testid="incognito-banner">
          <EyeInvisibleOutline aria-hidden />
          {t('chat.incognitoBanner')}
        </p>
      ) : null}
      <div className={styles.threadList}>
        {messages.map((m, i) => (
          <ChatTurn
            key={m.questionId}
            m={m}
            last={i === messages.length - 1}
            selecting={selecting}
            selected={m.dialInId !== null && selected.includes(m.dialInId)}
            // An interview reply continues with the skill the interview was asked under.
            onAsk={(text) => void chat.send(text, m.interview ? { skill: m.skill } : {})}
            onFill={(text) => chat.setDraft(text)}
          />
        ))}
      </div>
      {conn === 'reconnecting' ? (
        <p className={cx(styles.notice, styles.noticeWarn)} role="status" data-testid="chat-reconnecting">
          {t('chat.reconnecting')}
        </p>
      ) : null}
      {banner && !selecting ? (
        <div className={styles.sessionTips} data-testid="session-tips">
          <p>{t('chat.banner.text')}</p>
          <button type="button" className="btn btn--small" onClick={() => void chat.newSession()} data-testid="session-tips-new">
            {t('chat.banner.action')}
          </button>
          <button type="button" className={cx('icon-btn', styles.sessionTipsClose)} aria-label={t('chat.banner.close')} onClick={() => chat.dismissBanner()} data-testid="session-tips-close">
            <CloseOutline aria-hidden />
          </button>
        </div>
      ) : null}
      {ratingOpen ? <RatingDialog /> : null}
    </div>
  );
}
