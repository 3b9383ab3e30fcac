import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@chatdr/contract';
import { toast } from '../../api';
import '../../i18n/chat';
import { Dialog } from '../../ui/antd';
import { chat, useChatStore } from './chat-store';
import { deleteDialogs } from './queries';
import { openShare } from './share-dialog';
import styles from './chat.module.css';

/** Selection mode's bar (max 15): share or delete the selected messages. */
export default function SelectionBar() {
  const { t } = useTranslation();
  const selected = useChatStore((s) => s.selected);
  const [busy, setBusy] = useState(false);
  const none = selected.length === 0;

  const share = async () => {
    if (none) return toast(t('chat.select.empty'));
    setBusy(true);
    await openShare([...selected]);
    setBusy(false);
  };
  const remove = async () => {
    if (none) return toast(t('chat.select.empty'));
    const ok = await Dialog.confirm({ title: t('chat.select.confirmTitle'), content: t('chat.select.confirmText', { count: selected.length }), confirmText: t('chat.select.delete'), cancelText: t('common.cancel') });
    if (!ok) return;
    setBusy(true);
    try {
      const ids = [...selected];
      await deleteDialogs(ids);
      chat.removeDialogs(ids);
      toast(t('chat.select.deleted'), 'success');
    } catch {
      // Shown by the request layer.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.selectBar} data-testid="selection-bar">
      <span className={styles.selectBarCount} data-testid="selection-count" data-count={selected.length}>
        {t('chat.select.count', { count: selected.length, max: LIMITS.selectionMax })}
      </span>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => chat.stopSelecting()} data-testid="selection-cancel">
        {t('chat.select.cancel')}
      </button>
      <button type="button" className="btn btn--ghost btn--small" disabled={busy || none} onClick={() => void share()} data-testid="selection-share">
        {t('chat.select.share')}
      </button>
      <button type="button" className="btn btn--danger btn--small" disabled={busy || none} onClick={() => void remove()} data-testid="selection-delete">
        {t('chat.select.delete')}
      </button>
    </div>
  );
}
