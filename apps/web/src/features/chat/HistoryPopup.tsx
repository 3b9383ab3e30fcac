import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { AddCircleOutline, CloseOutline, LinkOutline, RightOutline, SearchOutline, StarOutline } from 'antd-mobile-icons';
import '../../i18n/chat';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { chat, useChatStore } from './chat-store';
import { timeLabel } from './format';
import { useSessions } from './queries';
import { cx } from '../../ui/cx';
import styles from './chat.module.css';

/** The history dialog: past sessions (getHistoryRecordV2), search, favourites and a new chat. */
export default function HistoryPopup({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sessions = useSessions();
  const current = useChatStore((s) => s.sessionId);
  const [now] = useState(() => new Date());
  const go = (to: string) => {
    onClose();
    void navigate(to);
  };
  const words = { today: t('chat.history.today'), yesterday: t('chat.history.yesterday') };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="left" bodyClassName={styles.historyDrawer} destroyOnClose>
      <div className={styles.history} role="dialog" aria-modal="true" aria-labelledby="history-title" data-testid="history-dialog">
        <header className={styles.historyHead}>
          <h2 className={styles.historyTitle} id="history-title">
            {t('chat.history.title')}
          </h2>
          <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={onClose}>
            <CloseOutline aria-hidden />
          </button>
        </header>
        <div className={styles.historyTools}>
          <button type="button" className={styles.historyTool} onClick={() => go('/chat/search')} data-testid="history-search">
            <SearchOutline aria-hidden />
            {t('chat.history.search')}
          </button>
          <button type="button" className={styles.historyTool} onClick={() => go('/chat/collect')} data-testid="history-collect">
            <StarOutline aria-hidden />
            {t('chat.history.collect')}
          </button>
          <button type="button" className={styles.historyTool} onClick={() => go('/chat/shares')} data-testid="history-shares">
            <LinkOutline aria-hidden />
            {t('chat.history.shares')}
          </button>
        </div>
        <button
          type="button"
          className={cx('btn', 'btn--small', styles.historyNew)}
          onClick={() => {
            onClose();
            void chat.newSession();
          }}
          data-testid="history-new"
        >
          <AddCircleOutline aria-hidden />
          {t('chat.history.newChat')}
        </button>
        <div className={styles.historyList}>
          {sessions.isPending ? (
            <Loading />
          ) : sessions.isError ? (
            <LoadFailed onRetry={() => void sessions.refetch()} />
          ) : sessions.data.list.length === 0 ? (
            <Empty title={t('chat.history.empty')} desc={t('chat.history.emptyDesc')} testId="history-empty" />
          ) : (
            <ul>
              {sessions.data.list.map((s) => (
                <li key={s.sessionId}>
                  <button type="button" className={styles.session} onClick={() => go(`/chat/history/${encodeURIComponent(s.sessionId)}`)} data-testid="history-session" data-session-id={s.sessionId}>
                    <span className={styles.sessionMain}>
                      <span className={styles.sessionTitle}>{s.title || s.lastQuestion}</span>
                      <span className={styles.sessionMeta}>
                        {timeLabel(s.lastTime, now, words)} · {t('chat.history.count', { count: s.count })}
                        {s.sessionId === current ? <span className="tag">{t('chat.history.current')}</span> : null}
                      </span>
                    </span>
                    <RightOutline aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Popup>
  );
}
