import { useTranslation } from 'react-i18next';
import { toast } from '../../api';
import { Dialog } from '../../ui/antd';

/**
 * The health screens' delete: asks first (删除后不可恢复), runs the deletion by id, and says it is
 * done. A failed request is shown by the request layer, so nothing more is said here.
 */
export function useConfirmedDelete(run: (id: number) => Promise<unknown>): (item: { id: number }) => Promise<void> {
  const { t } = useTranslation();
  return async (item) => {
    const ok = await Dialog.confirm({ content: t('health.deleteConfirm'), confirmText: t('health.delete'), cancelText: t('health.cancel') });
    if (!ok) return;
    try {
      await run(item.id);
      toast(t('health.deleted'), 'success');
    } catch {
      // Shown by the request layer.
    }
  };
}
