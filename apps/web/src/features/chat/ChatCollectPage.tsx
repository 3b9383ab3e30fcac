import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StarFill } from 'antd-mobile-icons';
import { toast } from '../../api';
import '../../i18n/chat';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { chat } from './chat-store';
import { DialogRow } from './ChatSearchPage';
import { setCollected, useCollected } from './queries';
import styles from './chat.module.css';

/** /chat/collect — the collected answers (collect/list), each removable. */
export default function ChatCollectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useCollected();
  const remove = async (id: number) => {
    try {
      await setCollected([id], false);
      chat.setCollectFlag(id, 0);
      toast(t('chat.collectOff'), 'success');
    } catch {
      // Shown by the request layer.
    }
  };
  return (
    <Page title={t('chat.collect.title')} testId="chat-collect-page" backTo="/">
      {list.isPending ? (
        <Loading page />
      ) : list.isError ? (
        <LoadFailed page onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <Empty page title={t('chat.collect.empty')} desc={t('chat.collect.emptyDesc')} testId="collect-empty" />
      ) : (
        <ul className={styles.dialogList} data-testid="collect-list">
          {list.data.list.map((d) => (
            <DialogRow
              key={d.dialInId}
              d={d}
              onOpen={() => void navigate(`/chat/history/${encodeURIComponent(d.sessionId)}`)}
              extra={
                <button type="button" className={styles.dialogRowX} onClick={() => void remove(d.dialInId)} aria-label={t('chat.collect.remove')} data-testid="collect-remove">
                  <StarFill aria-hidden />
                </button>
              }
            />
          ))}
        </ul>
      )}
    </Page>
  );
}
