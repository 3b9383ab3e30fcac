import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS } from '@chatdr/contract';
import '../../i18n/chat';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { chat } from './chat-store';
import { ChatTurn } from './ChatTurn';
import { dialogToMessage } from './history-status';
import { useSessionDetail } from './queries';
import { cx } from '../../ui/cx';
import styles from './chat.module.css';

/** /chat/history/:id — one past session, read-only, with 继续这个对话 while it is under 8 h old. */
export default function ChatHistoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const detail = useSessionDetail(id);
  const [now] = useState(() => Date.now());
  const messages = useMemo(() => (detail.data ? detail.data.pages.flatMap((p) => p.list).map(dialogToMessage).reverse() : []), [detail.data]);
  const lastAt = messages.at(-1)?.createTime ?? 0;
  const open = messages.length > 0 && now - lastAt < CHAT_LIMITS.sessionTimeoutMs;

  const footer =
    messages.length > 0 ? (
      open ? (
        <button
          type="button"
          className="btn"
          onClick={() => {
            chat.continueSession(id, messages);
            void navigate('/', { replace: true });
          }}
          data-testid="history-continue"
        >
          {t('chat.history.continue')}
        </button>
      ) : (
        <p className={styles.historyNote} data-testid="history-timed-out">
          {t('chat.history.timedOut')}
        </p>
      )
    ) : undefined;

  return (
    <Page title={t('chat.history.detail')} testId="chat-history-page" backTo="/" footer={footer}>
      {detail.isPending ? (
        <Loading page />
      ) : detail.isError ? (
        <LoadFailed page onRetry={() => void detail.refetch()} />
      ) : messages.length === 0 ? (
        <Empty page title={t('chat.history.notFound')} testId="history-detail-empty" />
      ) : (
        <div className={cx(styles.thread, styles.threadPage)} data-testid="history-detail">
          {detail.hasNextPage ? (
            <button type="button" className={cx('link-btn', styles.threadMore)} onClick={() => void detail.fetchNextPage()} disabled={detail.isFetchingNextPage}>
              {t('common.loading')}
            </button>
          ) : null}
          {messages.map((m) => (
            <ChatTurn key={m.questionId} m={m} last={false} selecting={false} selected={false} onAsk={() => undefined} onFill={() => undefined} />
          ))}
        </div>
      )}
    </Page>
  );
}
