import { MSG } from '@chatdr/contract';
import { toast } from '../../api';
import { i18n } from '../../i18n';
import { Dialog } from '../../ui/antd';
import styles from './chat.module.css';
import { saveShare } from './queries';

/** The link that opens /share read-only. */
export const shareUrl = (shareId: string) => `${location.origin}${location.pathname}#/share?shareId=${encodeURIComponent(shareId)}`;

/** saveShare → a dialog with the link and a copy button. */
export async function openShare(dialInIds: number[]): Promise<string | null> {
  let url: string;
  try {
    const r = await saveShare(dialInIds);
    url = shareUrl(r.shareId);
  } catch {
    return null;
  }
  const t = (k: string) => i18n.t(k);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast(MSG.copied, 'success');
    } catch {
      toast(url);
    }
  };
  Dialog.show({
    title: t('chat.share.title'),
    content: (
      <div className="share-box" data-testid="share-dialog">
        <p className={styles.shareBoxDesc}>{t('chat.share.desc')}</p>
        <a className={styles.shareBoxLink} href={url} target="_blank" rel="noopener noreferrer" data-testid="share-link">
          {url}
        </a>
      </div>
    ),
    closeOnMaskClick: true,
    closeOnAction: true,
    actions: [
      [
        { key: 'close', text: i18n.t('common.close') },
        { key: 'copy', text: t('chat.share.copy'), bold: true, onClick: copy },
      ],
    ],
  });
  return url;
}
