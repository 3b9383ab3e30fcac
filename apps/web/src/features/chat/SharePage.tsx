import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../../i18n/chat';
import { Page } from '../../ui/Page';
import { Empty, Loading } from '../../ui/States';
import { ChatTurn } from './ChatTurn';
import { newMessage, type ChatMessage } from './model';
import { useShare } from './queries';
import { cx } from '../../ui/cx';
import styles from './chat.module.css';

/** /share?shareId= — shared dialogs, read-only, for anyone with the link. */
export default function SharePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shareId = params.get('shareId') ?? '';
  const share = useShare(shareId);
  const messages = useMemo<ChatMessage[]>(
    () =>
      share.data?.list.map((d, i) => ({
        ...newMessage(`share-${i}`, d.question, null, d.createTime),
        status: d.status === 2 ? 2 : -1,
        answer: d.answer,
        sources: d.source,
        scene: d.scene ?? [],
        isHistory: true,
        typing: 'complete',
        shown: d.answer.length,
      })) ?? [],
    [share.data],
  );
  return (
    <Page
      title={t('chat.sharePage.title')}
      testId="share-page"
      backTo="/"
      footer={
        <button type="button" className="btn" onClick={() => void navigate('/')} data-testid="share-cta">
          {t('chat.sharePage.cta')}
        </button>
      }
    >
      {shareId && share.isPending ? (
        <Loading page />
      ) : !shareId || share.isError || messages.length === 0 ? (
        <Empty page title={t('chat.sharePage.missing')} testId="share-missing" />
      ) : (
        <div className={cx(styles.thread, styles.threadPage)} data-testid="share-list">
          <p className={styles.notice}>{t('chat.sharePage.from')}</p>
          {messages.map((m) => (
            <ChatTurn key={m.questionId} m={m} last={false} selecting={false} selected={false} onAsk={() => undefined} onFill={() => undefined} />
          ))}
        </div>
      )}
    </Page>
  );
}
