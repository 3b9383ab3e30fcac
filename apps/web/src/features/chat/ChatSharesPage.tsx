import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ShareItem } from '@chatdr/contract';
import { toast } from '../../api';
import '../../i18n/chat';
import { Dialog } from '../../ui/antd';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { timeLabel } from './format';
import { revokeShare, useShares } from './queries';
import styles from './chat.module.css';

/** One share link: its first question, how many dialogs, until when it opens; 撤销 revokes it. */
function ShareRow({ s, onOpen, onRevoke }: { s: ShareItem; onOpen: () => void; onRevoke: () => void }) {
  const { t } = useTranslation();
  const [now] = useState(() => new Date());
  const labels = { today: t('chat.history.today'), yesterday: t('chat.history.yesterday') };
  return (
    <li className={styles.dialogRow} data-testid="share-row">
      <button type="button" className={styles.dialogRowMain} onClick={onOpen} disabled={s.expired}>
        <span className={styles.dialogRowQ}>{s.title || t('chat.shares.untitled')}</span>
        <span className={styles.dialogRowA}>{t('chat.shares.count', { count: s.count })}</span>
        <span className={styles.dialogRowTime}>
          {timeLabel(s.createTime, now, labels)} · {s.expired ? t('chat.shares.expired') : t('chat.shares.expires', { date: new Date(s.expireTime).toLocaleDateString() })}
        </span>
      </button>
      <button type="button" className={styles.dialogRowRevoke} onClick={onRevoke} data-testid="share-revoke">
        {t('chat.shares.revoke')}
      </button>
    </li>
  );
}

/** /chat/shares — the caller's share links (chatShare/list), each revocable (chatShare/revoke). */
export default function ChatSharesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useShares();
  const revoke = async (shareId: string) => {
    const ok = await Dialog.confirm({ title: t('chat.shares.confirmTitle'), content: t('chat.shares.confirmText'), confirmText: t('chat.shares.revoke'), cancelText: t('common.cancel') });
    if (!ok) return;
    try {
      await revokeShare(shareId);
      toast(t('chat.shares.revoked'), 'success');
    } catch {
      // Shown by the request layer.
    }
  };
  return (
    <Page title={t('chat.shares.title')} testId="chat-shares-page" backTo="/">
      {list.isPending ? (
        <Loading page />
      ) : list.isError ? (
        <LoadFailed page onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <Empty page title={t('chat.shares.empty')} desc={t('chat.shares.emptyDesc')} testId="shares-empty" />
      ) : (
        <ul className={styles.dialogList} data-testid="shares-list">
          {list.data.list.map((s) => (
            <ShareRow key={s.shareId} s={s} onOpen={() => void navigate(s.path)} onRevoke={() => void revoke(s.shareId)} />
          ))}
        </ul>
      )}
    </Page>
  );
}
